import { readdirSync, readFileSync } from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';

const DIR = new URL('./', import.meta.url);
/** `NN-name.sql` files, in order: later views build on earlier ones. */
const FILES: readonly string[] = readdirSync(DIR)
  .filter((name) => /^\d\d-[\w-]+\.sql$/.test(name))
  .sort()
  .map((name) => readFileSync(new URL(name, DIR), 'utf8'));

/**
 * Creates the TEMP views and table macros that build API resources as DuckDB STRUCTs (serialise with
 * `to_json(...)`), on this connection; works on READ_ONLY snapshots. Views (everything, for the API):
 * - `recurso_partida(id, campeonato_id, rodada_id, fase_id, chave_id, inicio_utc, recurso)` — Match;
 * - `recurso_rodada(id, campeonato_id, numero, recurso)` — Round, its matches without the `fase` key;
 * - `recurso_fase(id, campeonato_id, ordem, recurso)` — Phase as in the phase list;
 * - `recurso_gol(id, partida_id, minuto, acrescimo, gol)`, `evento_partida(id, campeonato_id, dados)` —
 *   the partida.* webhook `dados`.
 * Table macros restricted to id lists (NULL = all; bind lists, never subqueries): `recursos_partida(ids,
 * rodadas)`, `recursos_rodada(ids)`, `eventos_partida(ids)`.
 */
export async function installResourceViews(conn: DuckDBConnection): Promise<void> {
  for (const sql of FILES) await conn.run(sql);
}
