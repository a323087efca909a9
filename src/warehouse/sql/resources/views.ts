import { readdirSync, readFileSync } from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';

const DIR = new URL('./', import.meta.url);

/** Resources with a builder file `NN-name.sql`; each needs the files of those it lists (installed first). */
const NEEDS = { partida: [], rodada: ['partida'], fase: [] } as const satisfies Record<string, readonly string[]>;
export type ResourceName = keyof typeof NEEDS;

/** `NN-name.sql` files, in order: later views build on earlier ones. */
const FILES: readonly { name: string; sql: string }[] = readdirSync(DIR)
  .filter((file) => /^\d\d-[\w-]+\.sql$/.test(file))
  .sort()
  .map((file) => ({ name: file.slice(3, -4), sql: readFileSync(new URL(file, DIR), 'utf8') }));
/** The whole-table views over the macros, installed only with every builder. */
const VIEWS_SQL = readFileSync(new URL('views.sql', DIR), 'utf8');

/**
 * Creates the TEMP views and table macros that build API resources as DuckDB STRUCTs (serialise with
 * `to_json(...)`), on this connection; works on READ_ONLY snapshots. Views (everything, for the API):
 * - `recurso_partida(id, campeonato_id, rodada_id, fase_id, chave_id, inicio_utc, recurso)` — Match;
 * - `recurso_rodada(id, campeonato_id, numero, recurso)` — Round, its matches without the `fase` key;
 * - `recurso_fase(id, campeonato_id, ordem, recurso)` — Phase as in the phase list;
 * Table macros restricted to id lists (NULL = all; bind lists, never subqueries): `recursos_partida(ids,
 * rodadas)`, `recursos_rodada(ids)`, and `rodadas_proprias(ids)`, the Round without its matches.
 * `only`: just the builders of these resources (and what they build on), without the `recurso_partida`
 * and `recurso_rodada` views, e.g. a rodada.encerrada payload needs only the round and match macros;
 * omitted = all.
 */
export async function installResourceViews(conn: DuckDBConnection, only?: readonly ResourceName[]): Promise<void> {
  const wanted = only === undefined ? null : new Set<string>(only.flatMap((r) => [r, ...NEEDS[r]]));
  for (const { name, sql } of FILES) if (!wanted || wanted.has(name)) await conn.run(sql);
  if (!wanted) await conn.run(VIEWS_SQL);
}
