/** Upgrades of a parent snapshot published by an earlier version of sql/schema.sql, applied before loading. */
import type { DuckDBConnection } from '@duckdb/node-api';
import { queryRows, readSql } from './duckdb-util.js';

const SIGLAS_SQL = readSql(new URL('./sql/upgrade-1-siglas.sql', import.meta.url));

export async function upgradeSchema(conn: DuckDBConnection): Promise<void> {
  const [found] = await queryRows<{ n: number }>(
    conn,
    "SELECT count(*)::INTEGER AS n FROM duckdb_tables() WHERE database_name = current_database() AND table_name = 'times_apelidos'",
  );
  if (found?.n === 0) await conn.run(SIGLAS_SQL);
}
