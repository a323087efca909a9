import { readFileSync } from 'node:fs';
import {
  BOOLEAN,
  DOUBLE,
  DuckDBDataChunk,
  ENUM8,
  INTEGER,
  SQLNULL,
  VARCHAR,
  type DuckDBConnection,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';

/** Reads a `.sql` file that sits beside the module that runs it. */
export function readSql(url: URL): string {
  return readFileSync(url, 'utf8');
}

export type Row = Record<string, unknown>;

/** Runs a query and returns plain JS rows (BIGINT as number when safe, DATE/TIMESTAMP as strings). */
export async function queryRows<T = Row>(
  conn: DuckDBConnection,
  sql: string,
  values?: DuckDBValue[],
  types?: DuckDBType[],
): Promise<T[]> {
  const reader = await conn.runAndReadAll(sql, values, types);
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
 * SQL that defines the TEMP macro `name(id)`: true for the ids given, written as literals (our own
 * integers), which DuckDB pushes into each scan it filters (a bound list or a semi-join it does not);
 * omitted, true for every id; a string, the subquery the id must be in (for sets too large to write out).
 * The parameter's name is no column's, so it cannot shadow one inside a subquery.
 */
export function idSetMacro(name: string, ids?: Iterable<number> | string): string {
  const test = ids === undefined ? 'true' : `id_testado IN (${typeof ids === 'string' ? ids : idList(ids)})`;
  return `CREATE OR REPLACE TEMP MACRO ${name}(id_testado) AS ${test};`;
}

/** Rows per DataChunk: DuckDB's vector size, the most one chunk can hold. */
const CHUNK_ROWS = 2048;

/** Appends rows (objects keyed by column name; missing keys are NULL) into a TEMP table: see appendColumns. */
export async function appendRows(
  conn: DuckDBConnection,
  table: string,
  columns: readonly string[],
  rows: readonly Row[],
): Promise<void> {
  await appendColumns(conn, table, {
    count: rows.length,
    columns: columns.map((col) => rows.map((row) => row[col] ?? null)),
  });
}

/** `count` rows as one array of values per table column, in table order; a shorter column is null-padded. */
export interface ColumnRows {
  count: number;
  columns: readonly (readonly unknown[])[];
}

/**
 * Appends rows held as columns into a table (TEMP by default, else the snapshot's own) with DuckDB's
 * appender, one DataChunk per 2048 rows: numbers and booleans are copied as whole buffers instead of one
 * native call per value. The appender casts each chunk column to the table's type.
 */
export async function appendColumns(
  conn: DuckDBConnection,
  table: string,
  { count, columns }: ColumnRows,
  into: 'temp' | 'snapshot' = 'temp',
): Promise<void> {
  if (count === 0) return;
  const appender = await conn.createAppender(table, 'main', into === 'temp' ? 'temp' : null);
  try {
    for (let from = 0; from < count; from += CHUNK_ROWS) {
      const rows = Math.min(CHUNK_ROWS, count - from);
      const cells = columns.map((values) => {
        const slice = values.slice(from, from + rows);
        // A column that ends inside this chunk: its tail is null (one that ended before is all null).
        if (slice.length > 0 && slice.length < rows) slice.push(...new Array<null>(rows - slice.length).fill(null));
        const type = chunkType(slice);
        if (type !== VARCHAR) return { type, values: slice as DuckDBValue[] };
        const text = slice.map(asText);
        return { type: textType(text), values: text };
      });
      const chunk = DuckDBDataChunk.create(
        cells.map((c) => c.type),
        rows,
      );
      cells.forEach(({ type, values }, i) => {
        if (type !== SQLNULL) chunk.setColumnValues(i, values);
      });
      appender.appendDataChunk(chunk);
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}

/**
 * The chunk type of a column from its JS values: booleans, 32-bit integers and other numbers keep their
 * type; anything else travels as text (dates, timestamps, JSON), which DuckDB casts on append. A column
 * with no value at all is typed NULL and left unwritten: setting nulls one by one costs node-api a few
 * BigInt operations each (its validity mask), and most advanced-statistics columns are null throughout.
 */
function chunkType(values: readonly unknown[]): DuckDBType {
  // Kinds as small integers while scanning: the type constants are read once, not once per value (in the
  // CLI bundle each read of an imported binding is a getter call).
  let kind: number = NO_VALUE;
  for (const v of values) {
    if (v === null) continue;
    const k = typeof v === 'boolean' ? BOOL : typeof v === 'number' ? (v === (v | 0) ? INT : DBL) : TEXT;
    if (kind === NO_VALUE || kind === k) kind = k;
    else if ((kind === INT && k === DBL) || (kind === DBL && k === INT)) kind = DBL;
    else return VARCHAR;
  }
  return CHUNK_TYPES[kind] as DuckDBType;
}
const NO_VALUE = 0,
  BOOL = 1,
  INT = 2,
  DBL = 3,
  TEXT = 4;
const CHUNK_TYPES: readonly DuckDBType[] = [SQLNULL, BOOLEAN, INTEGER, DOUBLE, VARCHAR];

/**
 * A text column with few distinct values (a source name, a side, an event type) goes as an ENUM of them:
 * its codes are copied as one buffer, where each string would cost a native call (DuckDB casts the ENUM
 * to the column's type).
 */
function textType(values: readonly (string | null)[]): DuckDBType {
  const distinct = new Set<string>();
  for (const v of values) if (v !== null && distinct.add(v).size > 255) return VARCHAR;
  return ENUM8([...distinct]);
}

/** A value of a text column: objects as JSON, numbers and booleans as DuckDB would cast them. */
function asText(v: unknown): string | null {
  if (v === null || typeof v === 'string') return v;
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

const columnsCache = new Map<string, string[]>();

/**
 * Column names of tables of sql/schema.sql, in table order, fetched in one query (a live update pays for
 * each query it plans); the schema is fixed per process, so they are cached.
 */
export async function tableColumns(conn: DuckDBConnection, tables: readonly string[]): Promise<Map<string, string[]>> {
  const missing = tables.filter((t) => !columnsCache.has(t));
  if (missing.length > 0) {
    // pragma_table_info reads only the tables named (ours, of the database in use); duckdb_columns() binds every
    // table and view of every catalog, ~12 ms in a fresh process, which a cron `svc ingest` pays at every run.
    const rows = await queryRows<{ table_name: string; column_name: string }>(
      conn,
      `SELECT table_name, column_name FROM (${missing
        .map((t) => `SELECT '${t}' AS table_name, name AS column_name, cid FROM pragma_table_info('main.${t}')`)
        .join(' UNION ALL ')}) ORDER BY table_name, cid`,
    );
    for (const t of missing) columnsCache.set(t, []);
    for (const r of rows) columnsCache.get(r.table_name)?.push(r.column_name);
  }
  return new Map(tables.map((t) => [t, columnsCache.get(t) ?? []]));
}
