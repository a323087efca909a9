import Database from 'libsql';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The synchronous SQLite handle (libsql, better-sqlite3 API). */
export type ControlDb = InstanceType<typeof Database>;

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the control plane (SQLite, WAL) and applies pending migrations. Each part of the toolkit adds its
 * own numbered `.sql` file to src/control/migrations/; they run once each, in file-name order, in one
 * transaction per file.
 */
export function openControlDb(file: string): ControlDb {
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
  return db;
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
  const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    // BEGIN IMMEDIATE so two processes starting together cannot both apply the same migration.
    db.exec('BEGIN IMMEDIATE');
    try {
      const again = db.prepare('SELECT 1 FROM schema_migrations WHERE nome = ?').get(file);
      if (!again) {
        db.exec(sql);
        db.prepare('INSERT INTO schema_migrations (nome, aplicada_em) VALUES (?, ?)').run(file, new Date().toISOString());
      }
      db.exec('COMMIT');
    } catch (err) {
      db.exec('ROLLBACK');
      throw err;
    }
  }
}
