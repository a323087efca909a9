import { CompiledQuery, sql, type Expression, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { ControlQuery, Engine } from './control-sql.js';

/**
 * What the two engines do differently beyond syntax, in one place. SQLite has one writer at a time (a write
 * transaction begins `IMMEDIATE`), so row and advisory locks are already held there; PostgreSQL needs them.
 */

/** Advisory lock namespaces (the first key of `pg_advisory_xact_lock(int, int)`). */
export const LOCKS = {
  accountWebhooks: 0x73766303,
  accountQuota: 0x73766304,
} as const;

const ADVISORY_XACT_LOCK = 'SELECT pg_advisory_xact_lock($1, $2)';

/**
 * Serialises transactions on one (namespace, id) until the end of the current transaction: PostgreSQL's
 * transaction advisory lock; nothing on SQLite, where the write transaction already excludes every other writer.
 */
export async function lockFor(tx: ControlQuery, engine: Engine, namespace: number, id: number): Promise<void> {
  if (engine === 'postgres') await tx.executeQuery(CompiledQuery.raw(ADVISORY_XACT_LOCK, [namespace, id]));
}

/**
 * The items of a JSON array bound as one parameter (pass `JSON.stringify(values)`), as a subquery for `in` and
 * `not in`: one statement text however many values, so it is built, compiled and prepared once (a list of
 * parameters makes one text per length, and Kysely builds a node per value). SQLite: `json_each`; PostgreSQL:
 * `jsonb_array_elements_text`, cast to the column's type.
 */
export function jsonItems<T extends string | number>(
  engine: Engine,
  json: unknown,
  type: 'text' | 'bigint',
): RawBuilder<T> {
  return engine === 'postgres'
    ? sql<T>`(SELECT CAST(jsonb_array_elements_text(CAST(${json} AS jsonb)) AS ${sql.raw(type)}))`
    : sql<T>`(SELECT value FROM json_each(${json}))`;
}

/**
 * Locks the selected rows until the end of the transaction, skipping rows another transaction holds (workers
 * claiming at once take different rows). SQLite: unchanged (one writer at a time).
 */
export function forUpdateSkipLocked<DB, TB extends keyof DB, O>(
  engine: Engine,
  q: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return engine === 'postgres' ? q.forUpdate().skipLocked() : q;
}

/** Locks the selected rows until the end of the transaction (PostgreSQL); SQLite: unchanged. */
export function forUpdate<DB, TB extends keyof DB, O>(
  engine: Engine,
  q: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return engine === 'postgres' ? q.forUpdate() : q;
}

/** The larger of two numbers: `GREATEST` in PostgreSQL, the two-argument `max` in SQLite. */
export function greatest(engine: Engine, a: Expression<number>, b: Expression<number>): RawBuilder<number> {
  return engine === 'postgres' ? sql<number>`GREATEST(${a}, ${b})` : sql<number>`max(${a}, ${b})`;
}

/** The smaller of two numbers: `LEAST` in PostgreSQL, the two-argument `min` in SQLite. */
export function least(engine: Engine, a: Expression<number>, b: Expression<number>): RawBuilder<number> {
  return engine === 'postgres' ? sql<number>`LEAST(${a}, ${b})` : sql<number>`min(${a}, ${b})`;
}

/**
 * Locks the selected rows in a mode weaker than FOR UPDATE until the end of the transaction (PostgreSQL):
 * `keyShare` only keeps them from being deleted (or their key changed), `noKeyUpdate` from being written by
 * another transaction; neither blocks inserts that reference them. SQLite: unchanged (one writer at a time).
 */
export function forRowLock<DB, TB extends keyof DB, O>(
  engine: Engine,
  q: SelectQueryBuilder<DB, TB, O>,
  mode: 'keyShare' | 'noKeyUpdate',
): SelectQueryBuilder<DB, TB, O> {
  if (engine !== 'postgres') return q;
  return mode === 'keyShare' ? q.forKeyShare() : q.forNoKeyUpdate();
}

/** SQLite's bound on a statement's parameters (PostgreSQL's, 65535, is higher). */
const MAX_PARAMETERS = 32766;

/**
 * Rows a batch statement takes at most: a burst fits in one, and a statement's text is made (and prepared) once per
 * row count up to it, so their number stays bounded.
 */
const ROWS_PER_STATEMENT = 256;

/** `items` in slices for one statement each, at `perItem` parameters an item (under the engines' bound). */
export function inChunks<T>(items: readonly T[], perItem: number): T[][] {
  const size = Math.min(ROWS_PER_STATEMENT, Math.max(1, Math.floor(MAX_PARAMETERS / perItem)));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A column type of a multi-row write: the cast each value gets (null: none). */
export type ValueType = 'TEXT' | 'INTEGER' | 'BIGINT' | 'DOUBLE PRECISION';

/** A multi-row write: `head VALUES (…), (…) tail`, one cast (or none) per value of a row. */
export interface RowsShape {
  head: string;
  types: readonly (ValueType | null)[];
  tail?: string;
}

const rowTexts = new Map<string, string>();

/**
 * The text of `shape` for `rows` rows, parameters numbered as the engine wants them, made once per shape and row
 * count and kept: building a multi-row statement through Kysely costs microseconds per value, more than SQLite takes
 * to write the row, and the dispatcher writes thousands. A typed column's values are cast: PostgreSQL types an
 * untyped parameter in a VALUES list as text, and assigning text to an INTEGER column fails; in SQLite the casts
 * change nothing.
 */
function rowsText(engine: Engine, { head, types, tail = '' }: RowsShape, rows: number): string {
  const key = `${engine}\u0000${head}\u0000${types.join()}\u0000${rows}\u0000${tail}`;
  let text = rowTexts.get(key);
  if (text === undefined) {
    let n = 0;
    const param = (t: ValueType | null) => {
      const p = engine === 'postgres' ? `$${++n}` : '?';
      return t === null ? p : `CAST(${p} AS ${t})`;
    };
    const tuples = Array.from({ length: rows }, () => `(${types.map(param).join(', ')})`);
    text = `${head} VALUES ${tuples.join(', ')} ${tail}`;
    rowTexts.set(key, text);
  }
  return text;
}

/**
 * Writes `rows` (each a row's values in `shape.types` order) with one statement of `shape` per chunk under the
 * engines' parameter bound; returns the rows the statements affected.
 */
export async function writeRows(
  q: ControlQuery,
  engine: Engine,
  shape: RowsShape,
  rows: readonly (readonly unknown[])[],
): Promise<number> {
  let affected = 0;
  for (const chunk of inChunks(rows, shape.types.length)) {
    const r = await q.executeQuery(CompiledQuery.raw(rowsText(engine, shape, chunk.length), chunk.flat()));
    affected += Number(r.numAffectedRows ?? 0);
  }
  return affected;
}

/** Session advisory lock keys (one `bigint` key). Kept as released: nodes of the previous release take them too. */
export const SESSION_LOCKS = {
  /** Held while migrating, so nodes starting together apply each migration once. */
  migrations: 0x73766301,
} as const;

/**
 * Runs `fn` holding a session advisory lock: PostgreSQL's, on one connection that `fn` gets (its transactions run
 * there). SQLite: `fn(db)` unlocked — its write transactions begin `IMMEDIATE`, one writer at a time, and what `fn`
 * writes it checks again inside them.
 */
export async function withSessionLock<T>(
  db: ControlQuery,
  engine: Engine,
  key: number,
  fn: (q: ControlQuery) => Promise<T>,
): Promise<T> {
  if (engine === 'sqlite') return fn(db);
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${key})`.execute(conn);
    try {
      return await fn(conn);
    } finally {
      await sql`SELECT pg_advisory_unlock(${key})`.execute(conn).catch(() => undefined);
    }
  });
}

/** Whatever runs a raw statement: the pool, a connection, a transaction, of any table set. */
type Executor = Parameters<RawBuilder<unknown>['execute']>[0];

/**
 * The column names of `table` (none when it does not exist). One catalogue read, where Kysely's introspection
 * reads every table: this runs at every open of the control plane, so in every `svc` command.
 */
export async function columnsOf(q: Executor, engine: Engine, table: string): Promise<string[]> {
  const rows =
    engine === 'postgres'
      ? await sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = ${table}`.execute(q)
      : await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(q);
  return rows.rows.map((r) => r.name);
}

/**
 * Locks a table against other writers (and other holders of this lock) until the end of the transaction; readers
 * go on. PostgreSQL: `SHARE ROW EXCLUSIVE`; SQLite: nothing (the write transaction already excludes every writer).
 */
export async function lockTable(tx: ControlQuery, engine: Engine, table: string): Promise<void> {
  if (engine === 'postgres') await sql`LOCK TABLE ${sql.table(table)} IN SHARE ROW EXCLUSIVE MODE`.execute(tx);
}

/**
 * PostgreSQL's types as SQLite declares them, for the shared migrations (written in PostgreSQL's types). SQLite
 * assigns an `INTEGER PRIMARY KEY` itself (the identity) and only for that exact type name, hence BIGINT → INTEGER.
 * Rules are only ever added: an applied migration must keep building the schema it built.
 */
const SQLITE_TYPES: readonly [RegExp, string][] = [
  [/\s+GENERATED\s+BY\s+DEFAULT\s+AS\s+IDENTITY\b/gi, ''],
  [/\bBIGINT\b/gi, 'INTEGER'],
  [/\bDOUBLE\s+PRECISION\b/gi, 'REAL'],
  [/\bBYTEA\b/gi, 'BLOB'],
];

/** A shared migration's statement in the engine's types (string literals untouched). */
export function sharedStatement(engine: Engine, statement: string): string {
  if (engine === 'postgres') return statement;
  return statement
    .split(/('(?:[^']|'')*')/)
    .map((part, i) => (i % 2 === 1 ? part : SQLITE_TYPES.reduce((s, [from, to]) => s.replace(from, to), part)))
    .join('');
}
