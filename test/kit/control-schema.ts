/**
 * A control plane's schema as both engines can be compared: per table, each column's type (normalised: SQLite's
 * INTEGER is 64-bit, so PostgreSQL's INTEGER and BIGINT are both "integer"), NOT NULL, default, the primary key,
 * the unique constraints and the indexes (columns, uniqueness, partial predicate).
 */
import type pg from 'pg';
import type { ControlDb } from '../../src/control/database.js';

export interface ColumnShape {
  type: string;
  notNull: boolean;
  default: string | null;
}

export interface TableShape {
  columns: Record<string, ColumnShape>;
  primaryKey: string[];
  unique: string[][];
  indexes: Record<string, { columns: string[]; unique: boolean; where: string | null }>;
}

const TYPES: Record<string, string> = {
  integer: 'integer',
  int: 'integer',
  bigint: 'integer',
  smallint: 'integer',
  real: 'real',
  'double precision': 'real',
  text: 'text',
  blob: 'blob',
  bytea: 'blob',
};

const type = (t: string) => TYPES[t.toLowerCase()] ?? `unknown type ${t}`;
/** `'x'::text`, `(0)` and `(status = 'pendente'::text)` as SQLite writes them: `'x'`, `0`, `status = 'pendente'`. */
const expression = (e: string | null) =>
  e === null
    ? null
    : e
        .replace(/::[a-z ]+/g, '')
        .replace(/[()]/g, '')
        .replace(/\s+/g, ' ')
        .trim()
        .toLowerCase();

export function sqliteShape(db: ControlDb): Record<string, TableShape> {
  const tables = (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'",
      )
      .all() as { name: string }[]
  ).map((t) => t.name);
  const out: Record<string, TableShape> = {};
  for (const table of tables.sort()) {
    const info = db.prepare(`PRAGMA table_info(${table})`).all() as {
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }[];
    const shape: TableShape = { columns: {}, primaryKey: [], unique: [], indexes: {} };
    for (const c of info)
      shape.columns[c.name] = {
        type: type(c.type),
        notNull: c.notnull === 1 || c.pk > 0,
        default: expression(c.dflt_value),
      };
    shape.primaryKey = info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const indexes = db.prepare(`PRAGMA index_list(${table})`).all() as {
      name: string;
      unique: number;
      origin: string;
    }[];
    for (const ix of indexes) {
      const columns = (db.prepare(`PRAGMA index_info(${ix.name})`).all() as { seqno: number; name: string }[])
        .sort((a, b) => a.seqno - b.seqno)
        .map((c) => c.name);
      if (ix.origin === 'u') shape.unique.push(columns);
      if (ix.origin !== 'c') continue;
      const { sql } = db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').get(ix.name) as { sql: string };
      shape.indexes[ix.name] = {
        columns,
        unique: ix.unique === 1,
        where: expression(/\bWHERE\b(.*)$/is.exec(sql)?.[1] ?? null),
      };
    }
    shape.unique.sort();
    out[table] = shape;
  }
  return out;
}

export async function postgresShape(pool: pg.Pool): Promise<Record<string, TableShape>> {
  const columns = await pool.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
  }>(
    `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name <> 'schema_migrations' ORDER BY table_name, ordinal_position`,
  );
  const out: Record<string, TableShape> = {};
  for (const c of columns.rows) {
    const shape = (out[c.table_name] ??= { columns: {}, primaryKey: [], unique: [], indexes: {} });
    shape.columns[c.column_name] = {
      type: type(c.data_type),
      notNull: c.is_nullable === 'NO',
      default: expression(c.column_default),
    };
  }
  const indexes = await pool.query<{
    table_name: string;
    index_name: string;
    columns: string[];
    unique: boolean;
    constraint_type: string | null;
    predicate: string | null;
  }>(
    `SELECT t.relname AS table_name, i.relname AS index_name, ix.indisunique AS unique,
       ARRAY(SELECT a.attname FROM unnest(ix.indkey) WITH ORDINALITY k(attnum, n)
             JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns,
       (SELECT c.contype::text FROM pg_constraint c
        WHERE c.conindid = ix.indexrelid AND c.conrelid = t.oid AND c.contype IN ('p', 'u')) AS constraint_type,
       pg_get_expr(ix.indpred, ix.indrelid) AS predicate
     FROM pg_index ix JOIN pg_class t ON t.oid = ix.indrelid JOIN pg_class i ON i.oid = ix.indexrelid
     JOIN pg_namespace ns ON ns.oid = t.relnamespace
     WHERE ns.nspname = 'public' AND t.relname <> 'schema_migrations'`,
  );
  for (const ix of indexes.rows) {
    const shape = out[ix.table_name];
    if (!shape) continue;
    if (ix.constraint_type === 'p') shape.primaryKey = ix.columns;
    else if (ix.constraint_type === 'u') shape.unique.push(ix.columns);
    else shape.indexes[ix.index_name] = { columns: ix.columns, unique: ix.unique, where: expression(ix.predicate) };
  }
  for (const shape of Object.values(out)) shape.unique.sort();
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}
