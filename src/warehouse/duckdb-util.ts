import { readFileSync } from 'node:fs';
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';

/** Reads a `.sql` file that sits beside the module that runs it. */
export function readSql(url: URL): string {
  return readFileSync(url, 'utf8');
}

export type Row = Record<string, unknown>;

/** Runs a query and returns plain JS rows (BIGINT as number when safe, DATE/TIMESTAMP as strings). */
export async function queryRows<T = Row>(conn: DuckDBConnection, sql: string, values?: DuckDBValue[]): Promise<T[]> {
  const reader = await conn.runAndReadAll(sql, values);
  return reader.getRowObjectsJson() as unknown as T[];
}

/** Integer ids as an SQL list literal (ids are our own integers, never user text). */
export function idList(ids: Iterable<number>): string {
  const list = [...ids].map((id) => {
    if (!Number.isInteger(id)) throw new TypeError(`not an id: ${String(id)}`);
    return String(id);
  });
  return list.length > 0 ? list.join(', ') : 'NULL';
}

/**
 * Appends rows into a TEMP table with DuckDB's appender (bulk, no SQL per row). Rows are objects keyed by
 * column name; missing keys are NULL. The appender casts each value to the column's type.
 */
export async function appendRows(conn: DuckDBConnection, table: string, columns: readonly string[], rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const appender = await conn.createAppender(table, 'main', 'temp');
  try {
    for (const row of rows) {
      for (const col of columns) {
        const v = row[col];
        if (v === null || v === undefined) appender.appendNull();
        else if (typeof v === 'boolean') appender.appendBoolean(v);
        else if (typeof v === 'number') {
          if (Number.isInteger(v)) appender.appendBigInt(BigInt(v));
          else appender.appendDouble(v);
        } else appender.appendVarchar(typeof v === 'string' ? v : JSON.stringify(v));
        }
      appender.endRow();
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}

const columnsCache = new Map<string, string[]>();

/** Column names of a table of sql/schema.sql, in table order (the schema is fixed per process). */
export async function tableColumns(conn: DuckDBConnection, table: string): Promise<string[]> {
  const cached = columnsCache.get(table);
  if (cached) return cached;
  const rows = await queryRows<{ column_name: string }>(
    conn,
    `SELECT column_name FROM duckdb_columns() WHERE table_name = $1 AND database_name <> 'temp' ORDER BY column_index`,
    [table],
  );
  const columns = rows.map((r) => r.column_name);
  columnsCache.set(table, columns);
  return columns;
}
