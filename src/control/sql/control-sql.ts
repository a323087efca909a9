import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
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

/**
 * SQLite's driver, with a write transaction that takes the write lock first (`BEGIN IMMEDIATE`: two processes that
 * both read then write would otherwise deadlock into SQLITE_BUSY) and rolls back only one still open (SQLite ends a
 * transaction itself on some errors, such as a full disk, and a second ROLLBACK would replace the real error).
 */
class ControlSqliteDriver extends SqliteDriver {
  constructor(private readonly handle: ControlDb) {
    super({ database: handle as never });
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('BEGIN IMMEDIATE'));
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.handle.open && this.handle.inTransaction) await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  // The handle belongs to whoever opened it (the control plane closes it; tests read it directly).
  override async destroy(): Promise<void> {}
}

/** The control plane's SQL on an open SQLite handle (`control.db`). */
export function sqliteSql(handle: ControlDb): ControlSql {
  const db = new Kysely<ControlTables>({
    dialect: {
      createAdapter: () => new SqliteDialect({ database: handle as never }).createAdapter(),
      createDriver: () => new ControlSqliteDriver(handle),
      createIntrospector: (k) => new SqliteDialect({ database: handle as never }).createIntrospector(k),
      createQueryCompiler: () => new SqliteDialect({ database: handle as never }).createQueryCompiler(),
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
