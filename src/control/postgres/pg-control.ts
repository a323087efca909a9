import pg from 'pg';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SecretBox } from '../secret-box.js';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Key of the advisory lock held while migrating, so nodes starting together apply each file once. */
const MIGRATION_LOCK = 0x73766301;

/** BIGINT columns (ids, counters, epoch ms) as numbers: every value the control plane keeps is far below 2^53. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** An open PostgreSQL control plane: the pool, and the box that seals webhook secrets at rest. */
export interface PgControl {
  pool: pg.Pool;
  box: SecretBox;
  close(): Promise<void>;
}

export interface PgControlOptions {
  /** Keys that seal webhook secrets, current first (the config's SVC_SECRET_KEY…); required: there is no data dir key file to fall back on. */
  secretKeys: readonly Buffer[];
  /** Pool size; default 10. */
  max?: number;
}

/** Connects to `url` and applies pending migrations (src/control/postgres/migrations/) under an advisory lock. */
export async function openPgControl(url: string, o: PgControlOptions): Promise<PgControl> {
  const pool = new pg.Pool({ connectionString: url, max: o.max ?? 10, types });
  // A connection the server drops (restart, failover, pg_terminate_backend) emits 'error'; with no listener that
  // ends the process. The pool listens on idle connections only (its 'error'), so each connection also gets one of
  // its own for the time it is checked out (a transaction, the ingest lock). Queries in flight still get their own
  // errors, and the pool discards a dead connection when it comes back.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    await migratePg(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }
  return { pool, box: new SecretBox([...o.secretKeys]), close: () => pool.end() };
}

/** Applies pending migrations, one transaction per file; returns the names applied now. */
export async function migratePg(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (nome TEXT PRIMARY KEY, aplicada_em TEXT NOT NULL)',
    );
    const done = new Set(
      (await client.query<{ nome: string }>('SELECT nome FROM schema_migrations')).rows.map((r) => r.nome),
    );
    for (const file of readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort()) {
      if (done.has(file)) continue;
      await inTransaction(client, async () => {
        await client.query(readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'));
        await client.query('INSERT INTO schema_migrations (nome, aplicada_em) VALUES ($1, $2)', [
          file,
          new Date().toISOString(),
        ]);
      });
      applied.push(file);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  return applied;
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
