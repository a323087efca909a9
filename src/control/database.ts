import { nowDate } from '../clock.js';
import Database from 'libsql';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keyFile, SecretBox } from './secret-box.js';

/** The synchronous SQLite handle (libsql, better-sqlite3 API). */
export type ControlDb = InstanceType<typeof Database>;

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface ControlDbOptions {
  /**
   * Keys that seal webhook secrets at rest, the current one first (configuration: SVC_SECRET_KEY,
   * SVC_SECRET_KEY_FILE, SVC_SECRET_KEYS_OLD). Default: the key file `secret.key` beside the database.
   */
  secretKeys?: readonly Buffer[];
}

/** The secret box each open control plane was given (a handle from elsewhere gets the data dir's key file). */
const boxes = new WeakMap<ControlDb, SecretBox>();

/** The secret box of an open control plane. */
export function secretBoxOf(db: ControlDb): SecretBox {
  const box = boxes.get(db);
  if (!box) throw new Error('control plane not opened through openControlDb');
  return box;
}

/**
 * Opens the control plane (SQLite, WAL) and applies pending migrations. Each part of the toolkit adds its
 * own numbered `.sql` file to src/control/migrations/; they run once each, in file-name order, in one
 * transaction per file. Webhook secrets stored in plain text, or sealed with a key other than the current
 * one, are sealed again with it.
 */
export function openControlDb(file: string, o: ControlDbOptions = {}): ControlDb {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Key hashes, webhook secrets and usage: readable by the owner only. SQLite gives the -wal and -shm
  // files the main file's mode, so creating it 0600 first (and tightening an older one) covers all three.
  // Never open and close an existing file here: closing any descriptor of it drops the POSIX locks that
  // this process's other SQLite connections hold on it.
  if (existsSync(file)) chmodSync(file, 0o600);
  else createPrivate(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // Several processes (serve, webhooks run, keys, replay, ingest) write concurrently: wait, don't fail.
  db.pragma('busy_timeout = 10000');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  migrate(db);
  const box = new SecretBox(secretKeys(path.join(path.dirname(file), 'secret.key'), o.secretKeys));
  boxes.set(db, box);
  resealSecrets(db, box);
  return db;
}

/** The configured keys, then the data dir's key file when it exists (so moving to a configured key needs no step). */
function secretKeys(defaultFile: string, configured: readonly Buffer[] | undefined): Buffer[] {
  if (configured === undefined || configured.length === 0) return [keyFile(defaultFile)];
  return existsSync(defaultFile) ? [...configured, keyFile(defaultFile)] : [...configured];
}

function resealSecrets(db: ControlDb, box: SecretBox): void {
  for (const column of ['secret', 'segredo_anterior']) {
    const rows = (
      db.prepare(`SELECT id, ${column} AS v FROM webhooks WHERE ${column} IS NOT NULL`).all() as {
        id: number;
        v: string;
      }[]
    ).filter((r) => box.resealNeeded(r.v));
    if (rows.length === 0) continue;
    const update = db.prepare(`UPDATE webhooks SET ${column} = ? WHERE id = ? AND ${column} = ?`);
    db.transaction(() => {
      for (const r of rows) update.run(box.seal(box.open(r.v)), r.id, r.v);
    }).immediate();
  }
}

function createPrivate(file: string): void {
  try {
    closeSync(openSync(file, 'wx', 0o600));
  } catch (err) {
    // Another process created it first: it did so the same way.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

function migrate(db: ControlDb): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (nome TEXT PRIMARY KEY, aplicada_em TEXT NOT NULL)');
  const applied = new Set(
    (db.prepare('SELECT nome FROM schema_migrations').all() as { nome: string }[]).map((r) => r.nome),
  );
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    // BEGIN IMMEDIATE so two processes starting together cannot both apply the same migration.
    db.exec('BEGIN IMMEDIATE');
    try {
      const again = db.prepare('SELECT 1 FROM schema_migrations WHERE nome = ?').get(file);
      if (!again) {
        db.exec(sql);
        db.prepare('INSERT INTO schema_migrations (nome, aplicada_em) VALUES (?, ?)').run(
          file,
          nowDate().toISOString(),
        );
      }
      db.exec('COMMIT');
    } catch (err) {
      db.exec('ROLLBACK');
      throw err;
    }
  }
}
