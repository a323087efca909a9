import { nowDate } from '../clock.js';
import Database from 'libsql';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  checkChecksums,
  checkNotNewer,
  migrationChecksum,
  schemaState,
  SQLITE_MIGRATIONS,
  type SchemaState,
} from './schema-version.js';
import {
  checkKeyBinding,
  keyFile,
  keyId,
  resealForRotation,
  SecretBox,
  secretsProblem,
  type SecretKeyRotation,
} from './secret-box.js';

/** The synchronous SQLite handle (libsql, better-sqlite3 API). */
export type ControlDb = InstanceType<typeof Database>;

/**
 * Runs `fn` in one `BEGIN IMMEDIATE` transaction (the write lock first), or inside the one already open. Unlike
 * libsql's `transaction()`, it rolls back only a transaction still open: SQLite ends one itself on some errors
 * (a full disk), and a second ROLLBACK would replace the real error with "cannot rollback".
 */
export function writeTransaction<T>(db: ControlDb, fn: () => T): T {
  // libsql's inTransaction aborts the process (a Rust panic) on a closed handle; exec throws a plain error.
  if (!db.open) db.exec('BEGIN IMMEDIATE');
  if (db.inTransaction) return fn();
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (err) {
    if (db.open && db.inTransaction) db.exec('ROLLBACK');
    throw err;
  }
}

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface ControlDbOptions {
  /**
   * Keys that seal webhook secrets at rest, the current one first (configuration: SVC_SECRET_KEY or
   * SVC_SECRET_KEY_FILE); a later one only opens. Default: the key file `secret.key` beside the database.
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
 * transaction per file. The current key must be the one the webhook secrets are sealed under
 * (`SecretKeyMismatchError` otherwise, nothing written); the first secret sealed binds the control plane to it.
 */
export function openControlDb(file: string, o: ControlDbOptions = {}): ControlDb {
  const db = openMigrated(file);
  try {
    const box = new SecretBox(o.secretKeys?.length ? o.secretKeys : [keyFile(defaultKeyFile(file))]);
    bindSecretKey(db, box);
    boxes.set(db, box);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * Opens a control plane to read it only (`svc db copy`'s source): nothing is migrated, bound or sealed, and the
 * file is never written. Its secrets open with any of `keys`; one sealed with another fails as it is read.
 */
export function openControlDbReadOnly(file: string, keys: readonly Buffer[]): ControlDb {
  // libsql ignores the `readonly` option (writes and the checkpoint on close go through); SQLite's own read-only
  // mode, asked in the URI, refuses both.
  const db = new Database(`${pathToFileURL(file).href}?mode=ro`);
  try {
    const { pending } = checkedSchema(db, file);
    if (pending.length > 0) throw new ControlDbBehindError(file, pending);
    boxes.set(db, new SecretBox(keys));
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/** A control plane read as it is (never migrated) lacks migrations this version has. */
export class ControlDbBehindError extends Error {
  constructor(file: string, pending: readonly string[]) {
    super(`o plano de controle ${file} não tem as migrações ${pending.join(', ')}; rode svc db migrate antes`);
    this.name = 'ControlDbBehindError';
  }
}

/** The data dir's key file, beside control.db: the default key on SQLite. */
export function defaultKeyFile(controlDb: string): string {
  return path.join(path.dirname(controlDb), 'secret.key');
}

/** Every stored webhook secret (current and previous), as `svc keys rotate-secret-key` seals them again. */
interface StoredSecret {
  id: number;
  coluna: 'secret' | 'segredo_anterior';
  v: string;
}

function storedSecrets(db: ControlDb): StoredSecret[] {
  return db
    .prepare(
      `SELECT id, 'secret' AS coluna, secret AS v FROM webhooks
       UNION ALL SELECT id, 'segredo_anterior', segredo_anterior FROM webhooks WHERE segredo_anterior IS NOT NULL`,
    )
    .all() as StoredSecret[];
}

function recordedKeyId(db: ControlDb): string | null {
  return (
    (db.prepare('SELECT chave_id FROM chave_segredos').get() as { chave_id: string } | undefined)?.chave_id ?? null
  );
}

function recordKeyId(db: ControlDb, id: string): void {
  db.prepare(
    `INSERT INTO chave_segredos (id, chave_id, definida_em) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET chave_id = excluded.chave_id, definida_em = excluded.definida_em`,
  ).run(id, nowDate().toISOString());
}

function bindSecretKey(db: ControlDb, box: SecretBox): void {
  const check = () =>
    checkKeyBinding(
      box,
      recordedKeyId(db),
      storedSecrets(db).map((r) => r.v),
    );
  if (!check()) return;
  // Checked again under the write lock: two processes binding a new control plane with different keys.
  writeTransaction(db, () => {
    if (check()) recordKeyId(db, box.currentKeyId);
  });
}

/**
 * `svc keys rotate-secret-key`: seals every webhook secret (plain ones too) with `newKey` and binds the control
 * plane to it, in one transaction. Refused unless the control plane is bound to `oldKey` (or already to `newKey`:
 * running it twice is harmless).
 */
export function rotateSecretKey(file: string, newKey: Buffer, oldKey: Buffer): SecretKeyRotation {
  const db = openMigrated(file);
  try {
    const box = new SecretBox([newKey, oldKey]);
    return writeTransaction(db, () => {
      const stored = storedSecrets(db);
      const resealed = resealForRotation(box, keyId(oldKey), recordedKeyId(db), stored);
      const update = {
        secret: db.prepare('UPDATE webhooks SET secret = ? WHERE id = ?'),
        segredo_anterior: db.prepare('UPDATE webhooks SET segredo_anterior = ? WHERE id = ?'),
      };
      for (const r of resealed) update[r.coluna].run(r.sealed, r.id);
      recordKeyId(db, box.currentKeyId);
      return { de: keyId(oldKey), para: box.currentKeyId, resselados: resealed.length };
    });
  } finally {
    db.close();
  }
}

/** Opens (creating it 0600 when missing) and migrates control.db. */
function openMigrated(file: string): ControlDb {
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
  try {
    migrate(db, file);
  } catch (err) {
    db.close();
    throw err;
  }
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

function appliedOf(db: ControlDb): string[] {
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  return hasTable
    ? (db.prepare('SELECT nome FROM schema_migrations').all() as { nome: string }[]).map((r) => r.nome)
    : [];
}

function sqliteSchema(db: ControlDb): SchemaState {
  return schemaState(SQLITE_MIGRATIONS, appliedOf(db));
}

/** The schema of a control plane this version may open: refused when a newer svc migrated it. */
function checkedSchema(db: ControlDb, file: string): SchemaState {
  const state = sqliteSchema(db);
  checkNotNewer(file, state);
  return state;
}

/** What `svc doctor` reads of a SQLite control plane, opened read-only: never migrated, bound or written. */
export function inspectControlDb(
  file: string,
  key: Buffer | undefined,
): { schema: SchemaState; secrets: number; keyProblem: string | null } {
  const db = new Database(`${pathToFileURL(file).href}?mode=ro`);
  try {
    const schema = sqliteSchema(db);
    if (schema.pending.length > 0 || schema.unknown.length > 0) return { schema, secrets: 0, keyProblem: null };
    const stored = storedSecrets(db).map((r) => r.v);
    return { schema, secrets: stored.length, keyProblem: secretsProblem(key, recordedKeyId(db), stored) };
  } finally {
    db.close();
  }
}

/**
 * A consistent copy of a control plane that may be in use (`svc backup`): `VACUUM INTO` reads it in one read
 * transaction, so writers under WAL go on and the copy is one moment of it; the live file is never copied as bytes.
 * Returns the migrations the copy has applied (its schema).
 */
export function copyControlDb(file: string, to: string): string[] {
  const db = new Database(`${pathToFileURL(file).href}?mode=ro`);
  try {
    db.prepare('VACUUM INTO ?').run(to);
  } finally {
    db.close();
  }
  chmodSync(to, 0o600);
  return appliedMigrations(to);
}

/** The migrations a control-plane file has applied, read without opening it for use. */
function appliedMigrations(file: string): string[] {
  const db = new Database(`${pathToFileURL(file).href}?mode=ro`);
  try {
    return appliedOf(db);
  } finally {
    db.close();
  }
}

function migrate(db: ControlDb, dbFile: string): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (nome TEXT PRIMARY KEY, aplicada_em TEXT NOT NULL)');
  const columns = db.prepare('PRAGMA table_info(schema_migrations)').all() as { name: string }[];
  if (!columns.some((c) => c.name === 'checksum')) {
    // Added once, outside the numbered history: it is the history's own bookkeeping.
    writeTransaction(db, () => {
      const again = (db.prepare('PRAGMA table_info(schema_migrations)').all() as { name: string }[]).some(
        (c) => c.name === 'checksum',
      );
      if (!again) db.exec('ALTER TABLE schema_migrations ADD COLUMN checksum TEXT');
    });
  }
  const state = checkedSchema(db, dbFile);
  const applied = db.prepare('SELECT nome, checksum FROM schema_migrations').all() as {
    nome: string;
    checksum: string | null;
  }[];
  const unrecorded = checkChecksums(`em ${dbFile}`, applied, knownMigrationText);
  if (unrecorded.length > 0)
    writeTransaction(db, () => {
      const record = db.prepare('UPDATE schema_migrations SET checksum = ? WHERE nome = ? AND checksum IS NULL');
      for (const file of unrecorded) record.run(migrationChecksum(knownMigrationText(file) as string), file);
    });
  for (const file of state.pending) {
    const sql = knownMigrationText(file) as string;
    // IMMEDIATE so two processes starting together cannot both apply the same migration.
    writeTransaction(db, () => {
      const again = db.prepare('SELECT 1 FROM schema_migrations WHERE nome = ?').get(file);
      if (!again) {
        db.exec(sql);
        db.prepare('INSERT INTO schema_migrations (nome, aplicada_em, checksum) VALUES (?, ?, ?)').run(
          file,
          nowDate().toISOString(),
          migrationChecksum(sql),
        );
      }
    });
  }
}

/** The text of a migration this version knows, or null for one it does not. */
function knownMigrationText(file: string): string | null {
  return SQLITE_MIGRATIONS.includes(file) ? readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8') : null;
}
