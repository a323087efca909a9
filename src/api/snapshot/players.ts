import { foldText } from '../text.js';
import type { JogadorRow } from './tables.js';

export type Searchable<T> = T & { busca: string };

/** A patched set larger than this is folded into a new base (one full rebuild). */
const MAX_PATCHED = 2_000;

interface Base {
  byId: ReadonlyMap<number, Searchable<JogadorRow>>;
  byTeam: ReadonlyMap<number, readonly Searchable<JogadorRow>[]>;
  /** In name order (nome, then id), as `jogadores.sql` reads them. */
  list: readonly Searchable<JogadorRow>[];
}

/**
 * The players of one snapshot: a base read once plus the rows changed since (a goal changes its scorer's
 * `gols`), so that a swap costs the changed rows, not every stored player. Players whose name changed, new
 * players or too many changes fold everything into a new base.
 */
export class Players {
  private constructor(
    private readonly base: Base,
    private readonly patched: ReadonlyMap<number, Searchable<JogadorRow>>,
  ) {}

  static of(rows: readonly JogadorRow[]): Players {
    return Players.fromList(rows.map(searchable));
  }

  private static fromList(list: readonly Searchable<JogadorRow>[]): Players {
    const byTeam = new Map<number, Searchable<JogadorRow>[]>();
    for (const j of list) {
      if (j.time_id === null) continue;
      const squad = byTeam.get(j.time_id);
      if (squad) squad.push(j);
      else byTeam.set(j.time_id, [j]);
    }
    return new Players({ byId: new Map(list.map((j) => [j.id, j])), byTeam, list }, new Map());
  }

  get(id: number): JogadorRow | undefined {
    return this.patched.get(id) ?? this.base.byId.get(id);
  }

  /** Team `timeId`'s players, in no particular order. */
  squad(timeId: number): JogadorRow[] {
    const squad = (this.base.byTeam.get(timeId) ?? []).filter((j) => !this.patched.has(j.id));
    for (const j of this.patched.values()) if (j.time_id === timeId) squad.push(j);
    return squad;
  }

  /** Every player in name order, with its search text. */
  *list(): Generator<Searchable<JogadorRow>> {
    for (const j of this.base.list) yield this.patched.get(j.id) ?? j;
  }

  /**
   * These players with `rows` as they are now and `ids` (those asked for) gone when absent from `rows`.
   * Cheap when only counts changed; a rebuild when an order or the set changes.
   */
  with(ids: readonly number[], rows: readonly JogadorRow[]): Players {
    const changed = new Map(rows.map((j) => [j.id, searchable(j)]));
    const inPlace = ids.every((id) => {
      const before = this.get(id);
      const after = changed.get(id);
      return before !== undefined && after !== undefined && before.nome === after.nome;
    });
    if (inPlace && this.patched.size + changed.size <= MAX_PATCHED) {
      return new Players(this.base, new Map([...this.patched, ...changed]));
    }
    const gone = new Set(ids);
    const kept = [...this.list()].filter((j) => !gone.has(j.id));
    return Players.fromList([...kept, ...changed.values()].sort(byNameThenId));
  }
}

function searchable(j: JogadorRow): Searchable<JogadorRow> {
  return { ...j, busca: `${foldText(j.nome)}\n${foldText(j.nome_popular)}` };
}

/** The order of `ORDER BY nome, id` (code point order; names are in the Basic Multilingual Plane). */
function byNameThenId(a: JogadorRow, b: JogadorRow): number {
  return a.nome < b.nome ? -1 : a.nome > b.nome ? 1 : a.id - b.id;
}
