import type { DuckDBConnection } from '@duckdb/node-api';
import { idSetMacro, queryRows, readSql } from './duckdb-util.js';

const SCORERS_SQL = readSql(new URL('./sql/touched-scorers.sql', import.meta.url));

/**
 * What one ingest changed, recorded in its snapshot's manifest (docs/internals.md "Data dir"), so that
 * `svc serve` swaps at the cost of the change and an ingest can tell that it changed nothing. `completo`:
 * treat everything as changed (a first build, tombstones, anything the loader cannot attribute).
 */
export interface Alteracoes {
  completo: boolean;
  campeonatos: number[];
  partidas: number[];
  times: number[];
  jogadores: number[];
  rodadas: number[];
  fases: number[];
}

export type Entidade = Exclude<keyof Alteracoes, 'completo'>;
export const ENTIDADES: readonly Entidade[] = ['campeonatos', 'partidas', 'times', 'jogadores', 'rodadas', 'fases'];

export function everything(): Alteracoes {
  return { completo: true, campeonatos: [], partidas: [], times: [], jogadores: [], rodadas: [], fases: [] };
}

/** Collects ids per entity while a load runs; `result()` gives them sorted and unique. */
export class TouchedRecorder {
  private completo = false;
  private readonly ids = new Map<Entidade, Set<number>>(ENTIDADES.map((e) => [e, new Set<number>()]));

  add(entidade: Entidade, ids: Iterable<unknown>): void {
    const set = this.ids.get(entidade)!;
    for (const id of ids) if (typeof id === 'number') set.add(id);
  }

  markComplete(): void {
    this.completo = true;
  }

  /** A complete change lists no ids: they would name everything, and a first build holds a lot. */
  result(): Alteracoes {
    const out = everything();
    if (this.completo) return out;
    out.completo = false;
    for (const e of ENTIDADES) out[e] = [...this.ids.get(e)!].sort((a, b) => a - b);
    return out;
  }
}

/** True when nothing was touched (and it is not a complete change). */
export function isEmpty(a: Alteracoes): boolean {
  return !a.completo && ENTIDADES.every((e) => a[e].length === 0);
}

/** The union of several ingests' changes (a chain of snapshots). */
export function unionOf(list: readonly Alteracoes[]): Alteracoes {
  const r = new TouchedRecorder();
  for (const a of list) {
    if (a.completo) r.markComplete();
    for (const e of ENTIDADES) r.add(e, a[e]);
  }
  return r.result();
}

/**
 * Runs the upsert statements (loader.ts writeStaged) and, in the same run, reads the players credited with a
 * goal in these matches before or after the write, whose derived goal totals the load may change, and whether
 * it changed any stored row.
 */
export async function upsertThenScorers(
  conn: DuckDBConnection,
  upsert: string,
  partidaIds: readonly number[],
): Promise<{ marcadores: number[]; mudou: boolean }> {
  const [row] = await queryRows<{ marcadores: number[] | null; mudou: boolean }>(
    conn,
    `${upsert}\n${idSetMacro('carga_partidas', partidaIds)}\n${SCORERS_SQL}`,
  );
  return { marcadores: row?.marcadores ?? [], mudou: row?.mudou ?? false };
}
