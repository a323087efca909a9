import type { DuckDBConnection } from '@duckdb/node-api';

/**
 * Recomputes the derived columns and tables of sql/schema.sql from the stored data, for the given
 * championships (all when omitted). Runs inside the caller's transaction.
 */
export async function derive(_conn: DuckDBConnection, _campeonatoIds?: readonly number[]): Promise<void> {
  // Interface stub: the SQL lands with the derived-tables work.
}
