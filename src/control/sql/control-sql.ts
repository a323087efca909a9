import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import type pg from 'pg';
import type { ControlDb } from '../database.js';
import type { ControlTables } from './tables.js';

export type Engine = 'sqlite' | 'postgres';

/** A query runner over the control-plane tables: the pool/connection, or a transaction's. */
export type ControlQuery = Kysely<ControlTables>;

/**
 * The control plane's SQL over either engine: every store is written once against it (Kysely builds each statement
 * in the engine's dialect). What differs between the engines beyond syntax — write locking, row locks, advisory
 * locks, `GREATEST` — is in `dialect.ts`, never in a store.
 */
export interface ControlSql {
  readonly engine: Engine;
  readonly db: ControlQuery;
  /**
   * Runs `fn` in one write transaction, rolled back when it throws. Inside `fn` use only `tx`: on SQLite the one
   * connection is held by the transaction, and a statement on `db` would wait for it forever.
   */
  write<T>(fn: (tx: ControlQuery) => Promise<T>): Promise<T>;
}

interface Prepared {
  readonly reader: boolean;
  all(params: readonly unknown[]): unknown[];
  run(params: readonly unknown[]): { changes: number; lastInsertRowid: number | bigint };
}

/**
 * The one SQLite connection, statements prepared once per SQL text (the dispatcher runs the same few thousands of
 * times; preparing costs more than running them).
 */
class SqliteConnection implements DatabaseConnection {
  private readonly prepared = new Map<string, Prepared>();

  constructor(private readonly handle: ControlDb) {}

  executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    let st = this.prepared.get(q.sql);
    if (!st) {
      st = this.handle.prepare(q.sql) as unknown as Prepared;
      this.prepared.set(q.sql, st);
    }
    if (st.reader) return Promise.resolve({ rows: st.all(q.parameters) as R[] });
    const { changes } = st.run(q.parameters);
    return Promise.resolve({ rows: [], numAffectedRows: BigInt(changes) });
  }

  // biome-ignore lint/correctness/useYield: the stores never stream; Kysely's interface requires the method
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the control plane does not stream queries');
  }
}

/** Who holds a database file in this process now (see SqliteDriver). */
interface FileGate {
  held: Promise<void> | null;
}

const gates = new Map<string, FileGate>();

/**
 * The gate of the file `handle` has open. Handles on one file share it: a transaction spans awaits, and a second
 * handle's `BEGIN IMMEDIATE` meanwhile would wait in SQLite's busy handler, which blocks the one thread the first
 * transaction needs to finish (SQLITE_BUSY after the busy timeout). An in-memory database has a gate of its own.
 */
function gateOf(handle: ControlDb): FileGate {
  const main = (handle.prepare('PRAGMA database_list').all() as { name: string; file: string }[]).find(
    (d) => d.name === 'main',
  );
  if (!main?.file) return { held: null };
  let gate = gates.get(main.file);
  if (!gate) {
    gate = { held: null };
    gates.set(main.file, gate);
  }
  return gate;
}

/**
 * SQLite's driver: one connection, taken by one caller at a time (a transaction holds it to its end), and by one
 * handle on the file at a time in this process (`gateOf`). A write transaction takes the write lock first
 * (`BEGIN IMMEDIATE`: two processes that both read then write would otherwise deadlock into SQLITE_BUSY) and rolls
 * back only one still open (SQLite ends a transaction itself on some errors, such as a full disk, and a second
 * ROLLBACK would replace the real error). The handle belongs to whoever opened it: the driver never closes it.
 */
class SqliteDriver implements Driver {
  private readonly connection: SqliteConnection;
  private readonly gate: FileGate;
  private release: (() => void) | null = null;

  constructor(private readonly handle: ControlDb) {
    this.connection = new SqliteConnection(handle);
    this.gate = gateOf(handle);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    while (this.gate.held) await this.gate.held;
    this.gate.held = new Promise((resolve) => {
      this.release = resolve;
    });
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.gate.held = null;
    this.release = null;
    release?.();
  }

  async beginTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('BEGIN IMMEDIATE'));
  }

  async commitTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    if (this.handle.open && this.handle.inTransaction) await c.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async destroy(): Promise<void> {}
}

/** The control plane's SQL on an open SQLite handle (`control.db`). */
export function sqliteSql(handle: ControlDb): ControlSql {
  const db = new Kysely<ControlTables>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new SqliteDriver(handle),
      createIntrospector: (k) => new SqliteIntrospector(k),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  return { engine: 'sqlite', db, write: (fn) => db.transaction().execute(fn) };
}

/** The control plane's SQL on a PostgreSQL pool (its connections keep the pool's error handlers and type parsers). */
export function postgresSql(pool: pg.Pool): ControlSql {
  const db = new Kysely<ControlTables>({ dialect: new PostgresDialect({ pool }) });
  return { engine: 'postgres', db, write: (fn) => db.transaction().execute(fn) };
}

export { sql };
