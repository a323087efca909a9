import pg from 'pg';
import { migrate } from '../migrate.js';
import { bindSecretKey, inspectControl, rotateSecretKey, type ControlInspection } from '../secret-binding.js';
import { SecretBox, type SecretKeyRotation } from '../secret-box.js';
import { postgresSql, sql, type ControlSql } from '../sql/control-sql.js';

/** BIGINT columns (ids, counters, epoch ms) as numbers: every value the control plane keeps is far below 2^53. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** An open PostgreSQL control plane: the pool, its SQL, and the box that seals webhook secrets at rest. */
export interface PgControl {
  pool: pg.Pool;
  sql: ControlSql;
  box: SecretBox;
  close(): Promise<void>;
}

export interface PgControlOptions {
  /** Keys that seal webhook secrets, current first (the config's SVC_SECRET_KEY…); required: there is no data dir key file to fall back on. */
  secretKeys: readonly Buffer[];
  /** Pool size; default 10. */
  max?: number;
}

/** Where errors name a PostgreSQL control plane (never its URL: the password). */
const WHERE = 'em PostgreSQL';

/**
 * Connects to `url`, applies pending migrations (`migrate`, under an advisory lock), and checks that the current key
 * is the one the webhook secrets are sealed under (`SecretKeyMismatchError` otherwise, nothing written; the first
 * secret sealed binds the control plane to it).
 */
export async function openPgControl(url: string, o: PgControlOptions): Promise<PgControl> {
  const pool = openPool(url, o.max ?? 10);
  try {
    const control = postgresSql(pool);
    await migrate(control, WHERE);
    const box = new SecretBox([...o.secretKeys]);
    await bindSecretKey(control, box);
    return { pool, sql: control, box, close: () => pool.end() };
  } catch (err) {
    await pool.end();
    throw err;
  }
}

/** `svc keys rotate-secret-key` on PostgreSQL (migrated first). */
export async function rotatePgSecretKey(url: string, newKey: Buffer, oldKey: Buffer): Promise<SecretKeyRotation> {
  const pool = openPool(url, 1);
  try {
    const control = postgresSql(pool);
    await migrate(control, WHERE);
    return await rotateSecretKey(control, newKey, oldKey);
  } finally {
    await pool.end();
  }
}

/**
 * What `svc doctor` reads of a PostgreSQL control plane: never migrated, bound or written. `serverNow` is the
 * server's clock (epoch ms), to compare with this machine's.
 */
export async function inspectPgControl(
  url: string,
  key: Buffer | undefined,
): Promise<ControlInspection & { serverNow: number }> {
  const pool = openPool(url, 1);
  try {
    const control = postgresSql(pool);
    const { rows } = await sql<{ t: Date }>`SELECT now() AS t`.execute(control.db);
    return { ...(await inspectControl(control, key)), serverNow: rows[0]!.t.getTime() };
  } finally {
    await pool.end();
  }
}

/** A pool on `url` whose dropped connections never end the process. */
function openPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, types });
  // A connection the server drops (restart, failover, pg_terminate_backend) emits 'error'; with no listener that
  // ends the process. The pool listens on idle connections only (its 'error'), so each connection also gets one of
  // its own for the time it is checked out (a transaction, the ingest lock). Queries in flight still get their own
  // errors, and the pool discards a dead connection when it comes back.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Runs `fn` in a transaction on one pooled connection (rolled back when it throws). */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await inTransaction(client, () => fn(client));
  } finally {
    client.release();
  }
}

async function inTransaction<T>(client: pg.PoolClient, fn: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await fn();
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}
