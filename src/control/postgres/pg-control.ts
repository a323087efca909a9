import { nowDate } from '../../clock.js';
import pg from 'pg';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  checkKeyBinding,
  keyId,
  resealForRotation,
  SecretBox,
  secretsProblem,
  type SecretKeyRotation,
} from '../secret-box.js';
import {
  checkChecksums,
  checkNotNewer,
  migrationChecksum,
  PG_MIGRATIONS,
  schemaState,
  type SchemaState,
} from '../schema-version.js';

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

/**
 * Connects to `url`, applies pending migrations (src/control/postgres/migrations/) under an advisory lock, and
 * checks that the current key is the one the webhook secrets are sealed under (`SecretKeyMismatchError`
 * otherwise, nothing written; the first secret sealed binds the control plane to it, see WebhookTables.sealSecret).
 */
export async function openPgControl(url: string, o: PgControlOptions): Promise<PgControl> {
  const pool = await openPool(url, o.max ?? 10);
  try {
    const box = new SecretBox([...o.secretKeys]);
    await withTransaction(pool, async (c) => {
      await c.query(LOCK_BINDING);
      if (
        checkKeyBinding(
          box,
          await recordedKeyId(c),
          (await storedSecrets(c)).map((r) => r.v),
        )
      )
        await recordKeyId(c, box.currentKeyId);
    });
    return { pool, box, close: () => pool.end() };
  } catch (err) {
    await pool.end();
    throw err;
  }
}

/**
 * `svc keys rotate-secret-key` on PostgreSQL: seals every webhook secret (plain ones too) with `newKey` and binds the
 * control plane to it, in one transaction. Refused unless it is bound to `oldKey` (or already to `newKey`).
 */
export async function rotatePgSecretKey(url: string, newKey: Buffer, oldKey: Buffer): Promise<SecretKeyRotation> {
  const pool = await openPool(url, 1);
  try {
    const box = new SecretBox([newKey, oldKey]);
    return await withTransaction(pool, async (c) => {
      await c.query(LOCK_BINDING);
      // No node seals a secret with the old key while they are sealed again.
      await c.query('LOCK TABLE webhooks IN SHARE ROW EXCLUSIVE MODE');
      const resealed = resealForRotation(box, keyId(oldKey), await recordedKeyId(c), await storedSecrets(c));
      for (const r of resealed) await c.query(`UPDATE webhooks SET ${r.coluna} = $1 WHERE id = $2`, [r.sealed, r.id]);
      await recordKeyId(c, box.currentKeyId);
      return { de: keyId(oldKey), para: box.currentKeyId, resselados: resealed.length };
    });
  } finally {
    await pool.end();
  }
}

/** Nodes starting together with different keys: one binds, the other then sees the binding. */
const LOCK_BINDING = 'LOCK TABLE chave_segredos IN SHARE ROW EXCLUSIVE MODE';

async function recordedKeyId(c: pg.PoolClient): Promise<string | null> {
  return (await c.query<{ chave_id: string }>('SELECT chave_id FROM chave_segredos')).rows[0]?.chave_id ?? null;
}

async function recordKeyId(c: pg.PoolClient, id: string): Promise<void> {
  await c.query(
    `INSERT INTO chave_segredos (id, chave_id, definida_em) VALUES (1, $1, $2)
     ON CONFLICT (id) DO UPDATE SET chave_id = excluded.chave_id, definida_em = excluded.definida_em`,
    [id, nowDate().toISOString()],
  );
}

async function storedSecrets(
  c: pg.PoolClient,
): Promise<{ id: number; coluna: 'secret' | 'segredo_anterior'; v: string }[]> {
  const { rows } = await c.query<{ id: number; coluna: 'secret' | 'segredo_anterior'; v: string }>(
    `SELECT id, 'secret' AS coluna, secret AS v FROM webhooks
     UNION ALL SELECT id, 'segredo_anterior', segredo_anterior FROM webhooks WHERE segredo_anterior IS NOT NULL`,
  );
  return rows;
}

/**
 * What `svc doctor` reads of a PostgreSQL control plane: never migrated, bound or written. `serverNow` is the
 * server's clock (epoch ms), to compare with this machine's.
 */
export async function inspectPgControl(
  url: string,
  key: Buffer | undefined,
): Promise<{ schema: SchemaState; secrets: number; keyProblem: string | null; serverNow: number }> {
  const client = new pg.Client({ connectionString: url, types });
  client.on('error', () => {});
  await client.connect();
  try {
    const serverNow = (await client.query<{ t: Date }>('SELECT now() AS t')).rows[0]!.t.getTime();
    const exists = (await client.query<{ r: string | null }>("SELECT to_regclass('schema_migrations') AS r")).rows[0]
      ?.r;
    const applied = exists
      ? (await client.query<{ nome: string }>('SELECT nome FROM schema_migrations')).rows.map((r) => r.nome)
      : [];
    const schema = schemaState(PG_MIGRATIONS, applied);
    if (schema.pending.length > 0 || schema.unknown.length > 0)
      return { schema, secrets: 0, keyProblem: null, serverNow };
    const recorded = (await client.query<{ chave_id: string }>('SELECT chave_id FROM chave_segredos')).rows[0];
    const stored = (
      await client.query<{ v: string }>(
        'SELECT secret AS v FROM webhooks UNION ALL SELECT segredo_anterior FROM webhooks WHERE segredo_anterior IS NOT NULL',
      )
    ).rows.map((r) => r.v);
    return {
      schema,
      secrets: stored.length,
      keyProblem: secretsProblem(key, recorded?.chave_id ?? null, stored),
      serverNow,
    };
  } finally {
    await client.end();
  }
}

/** A pool on `url` whose dropped connections never end the process, migrated. */
async function openPool(url: string, max: number): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url, max, types });
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
  return pool;
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
    // The history's own bookkeeping, added once outside the numbered migrations.
    await client.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum TEXT');
    const rows = (
      await client.query<{ nome: string; checksum: string | null }>('SELECT nome, checksum FROM schema_migrations')
    ).rows;
    const done = new Set(rows.map((r) => r.nome));
    checkNotNewer('em PostgreSQL', schemaState(PG_MIGRATIONS, [...done]));
    const text = (file: string) =>
      PG_MIGRATIONS.includes(file) ? readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8') : null;
    for (const file of checkChecksums('em PostgreSQL', rows, text))
      await client.query('UPDATE schema_migrations SET checksum = $1 WHERE nome = $2 AND checksum IS NULL', [
        migrationChecksum(text(file) as string),
        file,
      ]);
    for (const file of PG_MIGRATIONS) {
      if (done.has(file)) continue;
      await inTransaction(client, async () => {
        const sql = text(file) as string;
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (nome, aplicada_em, checksum) VALUES ($1, $2, $3)', [
          file,
          nowDate().toISOString(),
          migrationChecksum(sql),
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
