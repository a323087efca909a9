/** Max days between two sources' kick-offs of the same match (docs/internals.md "Resolution of ids"). */
const SAME_MATCH_DAYS = 3;

/** What natural-key matching compares, of a stored match or one loaded earlier in the run. */
export interface MatchFacts {
  campeonato_id: number;
  time_mandante_id: number;
  time_visitante_id: number;
  /** Kick-off (a date alone: its midnight UTC), ms since the epoch; null when undated (never matches another source's). */
  inicio: number | null;
  status: string;
  placar_mandante: number | null;
  placar_visitante: number | null;
  /** The source of the record (stored: the one that last wrote the row). */
  fonte: string;
}

export interface MatchCandidate extends MatchFacts {
  /** The stored match's id; null for one new in this run (its id is allocated later). */
  storedId: number | null;
  /** Its internal id, callable once the run's new ids are allocated. */
  id: () => number;
}

/**
 * Matches by natural key (same championship and teams, kick-offs at most 3 days apart), over the stored
 * matches and those loaded earlier in the same run alike.
 */
export class SameMatchIndex {
  private readonly byTeams = new Map<string, MatchCandidate[]>();

  /** Adds a match; a stored match sent again in this run replaces its stored facts. */
  add(candidate: MatchCandidate): void {
    const k = teamsKey(candidate);
    const list = this.byTeams.get(k) ?? [];
    this.byTeams.set(k, [...list.filter((c) => c.storedId === null || c.storedId !== candidate.storedId), candidate]);
  }

  find(facts: MatchFacts): MatchCandidate | undefined {
    const { inicio } = facts;
    if (inicio === null) return undefined;
    return this.byTeams
      .get(teamsKey(facts))
      ?.find((c) => c.inicio !== null && Math.abs(c.inicio - inicio) <= SAME_MATCH_DAYS * 86_400_000);
  }
}

/** Both finished with different scores: the first one (stored, or earlier in the run) is kept. */
export function scoresConflict(kept: MatchFacts, incoming: MatchFacts): boolean {
  return (
    kept.status === 'encerrado' &&
    incoming.status === 'encerrado' &&
    (kept.placar_mandante !== incoming.placar_mandante || kept.placar_visitante !== incoming.placar_visitante)
  );
}

function teamsKey(m: MatchFacts): string {
  return `${m.campeonato_id}/${m.time_mandante_id}/${m.time_visitante_id}`;
}
