import { readdirSync, readFileSync } from 'node:fs';
import { INTEGER, LIST, listValue, type DuckDBConnection } from '@duckdb/node-api';

const STEPS_DIR = new URL('./sql/derive/', import.meta.url);
/** The derive steps, `NN-name.sql`, in file-name order; read once. */
const STEPS: readonly { name: string; sql: string }[] = readdirSync(STEPS_DIR)
  .filter((name) => /^\d\d-[\w-]+\.sql$/.test(name))
  .sort()
  .map((name) => ({ name, sql: readFileSync(new URL(name, STEPS_DIR), 'utf8') }));

const SCOPE_SQL = `CREATE OR REPLACE TEMP TABLE derive_escopo AS
  SELECT id AS campeonato_id FROM campeonatos WHERE $todos OR list_contains($ids, id)`;

/**
 * Recomputes the derived columns and tables of sql/schema.sql from the stored data, for the given
 * championships (all when omitted). Runs inside the caller's transaction.
 */
export async function derive(conn: DuckDBConnection, campeonatoIds?: readonly number[]): Promise<void> {
  await conn.run(
    SCOPE_SQL,
    { todos: campeonatoIds === undefined, ids: listValue([...(campeonatoIds ?? [])]) },
    { ids: LIST(INTEGER) },
  );
  for (const step of STEPS) {
    try {
      await conn.run(step.sql);
    } catch (error) {
      // Name the step: a DuckDB message alone does not say which of the files failed.
      throw new Error(`derive step ${step.name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}
