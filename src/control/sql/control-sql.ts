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

/** Statements kept prepared per connection: every fixed statement of the stores, with room for batch shapes. */
const MAX_PREPARED = 512;

/**
 * The one SQLite connection, statements prepared once per SQL text (the dispatcher runs the same few thousands of
 * times; preparing costs more than running them).
 */
class SqliteConnection implements DatabaseConnection {
  /** Least recently used first. Bounded: a multi-row batch has one text per row count, so texts keep coming. */
  private readonly prepared = new Map<string, Prepared>();

  constructor(private readonly handle: ControlDb) {}

  executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    let st = this.prepared.get(q.sql);
    if (st) this.prepared.delete(q.sql);
    else {
      st = this.handle.prepare(q.sql) as unknown as Prepared;
      if (this.prepared.size >= MAX_PREPARED) this.prepared.delete(this.prepared.keys().next().value as string);
    }
    this.prepared.set(q.sql, st);
    if (st.reader) return Promise.resolve({ rows: st.all(q.parameters) as R[] });
    const { changes } = st.run(q.parameters);
    return Promise.resolve({ rows: [], numAffectedRows: BigInt(changes) });
  }

  // biome-ignore lint/correctness/useYield: the stores never stream; Kysely's interface requires the method
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the control plane does not stream queries');
  }
}

/** Whose turn it is on one database file. */
interface Turn {
  held: Promise<void> | null;
  release: (() => void) | null;
}

/**
 * One turn per database file in this process, shared by every handle on it: a transaction holds SQLite's write
 * lock across awaits, and another handle of the same process waiting for that lock would block the only thread
 * (SQLite's busy wait is synchronous) until its busy timeout, so the transaction could never finish. Handles of
 * other processes wait for the lock as usual.
 */
const turns = new Map<string, Turn>();

function turnOf(handle: ControlDb): Turn {
  const [main] = handle.pragma('database_list') as { file: string }[];
  const file = main?.file ?? '';
  let turn = turns.get(file);
  if (!turn) {
    turn = { held: null, release: null };
    // An in-memory database ('' file) is its handle's alone.
    if (file !== '') turns.set(file, turn);
  }
  return turn;
}

/**
 * SQLite's driver: one connection, taken by one caller at a time (a transaction holds it to its end), and one
 * caller at a time across the handles on the same file in this process (see `turns`). A write transaction takes
 * the write lock first (`BEGIN IMMEDIATE`: two processes that both read then write would otherwise deadlock into
 * SQLITE_BUSY) and rolls back only one still open (SQLite ends a transaction itself on some errors, such as a full
 * disk, and a second ROLLBACK would replace the real error). The handle belongs to whoever opened it: the driver
 * never closes it.
 */
class SqliteDriver implements Driver {
  private readonly connection: SqliteConnection;
  private readonly turn: Turn;

  constructor(private readonly handle: ControlDb) {
    this.connection = new SqliteConnection(handle);
    this.turn = turnOf(handle);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const turn = this.turn;
    while (turn.held) await turn.held;
    turn.held = new Promise((resolve) => {
      turn.release = resolve;
    });
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.turn.release;
    this.turn.held = null;
    this.turn.release = null;
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
