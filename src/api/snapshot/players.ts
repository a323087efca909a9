import { foldText } from '../text.js';
import type { JogadorRow } from './tables.js';

export type Searchable<T> = T & { busca: string };

/** A patched set larger than this is folded into a new base (one full rebuild). */
const MAX_PATCHED = 2_000;

interface Base {
  /** Every record id of a person → the person (a lineup or an old link may name any of them). */
  byId: ReadonlyMap<number, Searchable<JogadorRow>>;
  /** Each club of a career → its people. */
  byTeam: ReadonlyMap<number, readonly Searchable<JogadorRow>[]>;
  /** In name order (nome, then id), as `jogadores.sql` reads them. */
  list: readonly Searchable<JogadorRow>[];
}

/**
 * The players (people, src/warehouse/people.ts) of one snapshot: a base read once plus the people changed
 * since (a goal changes its scorer's `gols`), so that a swap costs the changed rows, not every stored
 * player; people gone are marked so. People whose name or records changed, new people or too many changes fold
 * everything into a new base.
 */
export class Players {
  private constructor(
    private readonly base: Base,
    /** By person id: the person as now, or null when gone. */
    private readonly patched: ReadonlyMap<number, Searchable<JogadorRow> | null>,
  ) {}

  static of(rows: readonly JogadorRow[]): Players {
    return Players.fromList(rows.map(searchable));
  }

  private static fromList(list: readonly Searchable<JogadorRow>[]): Players {
    const byTeam = new Map<number, Searchable<JogadorRow>[]>();
    const byId = new Map<number, Searchable<JogadorRow>>();
    for (const j of list) {
      for (const id of j.registros) byId.set(id, j);
      for (const t of j.clubes) {
        const squad = byTeam.get(t);
        if (squad) squad.push(j);
        else byTeam.set(t, [j]);
      }
    }
    return new Players({ byId, byTeam, list }, new Map());
  }

  /** The person who holds record `id`. */
  get(id: number): JogadorRow | undefined {
    const base = this.base.byId.get(id);
    const patched = this.patched.get(base?.id ?? id);
    return patched === null ? undefined : (patched ?? base);
  }

  /** The people who played for team `timeId`, in no particular order. */
  squad(timeId: number): JogadorRow[] {
    const squad = (this.base.byTeam.get(timeId) ?? []).filter((j) => !this.patched.has(j.id));
    for (const j of this.patched.values()) if (j?.clubes.includes(timeId)) squad.push(j);
    return squad;
  }

  /** Every person in name order, with its search text. */
  *list(): Generator<Searchable<JogadorRow>> {
    for (const j of this.base.list) {
      const patched = this.patched.get(j.id);
      if (patched !== null) yield patched ?? j;
    }
  }

  /**
   * These players with `rows` (the people holding the record ids `ids`) as they are now, and the people
   * that held `ids` before gone when absent from `rows`. Cheap when only counts changed; a rebuild when an
   * order, a career or the set changes.
   */
  with(ids: readonly number[], rows: readonly JogadorRow[]): Players {
    const changed = new Map(rows.map((j) => [j.id, searchable(j)]));
    const before = new Map(ids.flatMap((id) => this.get(id) ?? []).map((j) => [j.id, j]));
    // Patched in place: every changed person was there with the same name and records; the others are gone
    // (a read as of an earlier snapshot drops the people added since). A new or renamed person reorders the list.
    const inPlace = [...changed.values()].every((after) => {
      const b = before.get(after.id);
      return b !== undefined && after.nome === b.nome && sameList(after.registros, b.registros);
    });
    const gone = [...before.keys()].filter((id) => !changed.has(id));
    if (inPlace && this.patched.size + changed.size + gone.length <= MAX_PATCHED) {
      return new Players(this.base, new Map([...this.patched, ...changed, ...gone.map((id) => [id, null] as const)]));
    }
    const kept = [...this.list()].filter((j) => !before.has(j.id) && !changed.has(j.id));
    // `kept` is in order already: merge the few changed in rather than sort ~40k people again.
    return Players.fromList(mergeSorted(kept, [...changed.values()].sort(byNameThenId)));
  }
}

function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Searchable by every spelling of the person's name and the popular name. Copied field by field: `{ ...j, busca }`
 * over DuckDB's row objects gave each person a hidden class of its own (36k at 10×, ~15 MB of V8 maps held for the
 * process's life, found in a heap snapshot); a literal gives them one.
 */
function searchable(j: JogadorRow): Searchable<JogadorRow> {
  const { id, time_id, nome, nome_popular, posicao, numero_camisa, idade, gols, clubes, grafias, registros } = j;
  const busca = [nome_popular, ...grafias].map(foldText).join('\n');
  return { id, time_id, nome, nome_popular, posicao, numero_camisa, idade, gols, clubes, grafias, registros, busca };
}

/** The order of `ORDER BY nome, id` (code point order; names are in the Basic Multilingual Plane). */
function byNameThenId(a: JogadorRow, b: JogadorRow): number {
  return a.nome < b.nome ? -1 : a.nome > b.nome ? 1 : a.id - b.id;
}

function mergeSorted<T extends JogadorRow>(a: readonly T[], b: readonly T[]): T[] {
  if (b.length === 0) return [...a];
  const out: T[] = [];
  let j = 0;
  for (const x of a) {
    while (j < b.length && byNameThenId(b[j]!, x) < 0) out.push(b[j++]!);
    out.push(x);
  }
  while (j < b.length) out.push(b[j++]!);
  return out;
}
