import Database from 'libsql';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { appliedMigrations, migrate, schemaOf } from './migrate.js';
import { checkNotNewer } from './schema-version.js';
import {
  bindSecretKey,
  inspectControl,
  rotateSecretKey as rotateOn,
  type ControlInspection,
} from './secret-binding.js';
import { keyFile, SecretBox, type SecretKeyRotation } from './secret-box.js';
import { sqliteSql } from './sql/control-sql.js';
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
 * Opens the control plane (SQLite, WAL) and applies pending migrations (`migrate`). The current key must be the one
 * the webhook secrets are sealed under (`SecretKeyMismatchError` otherwise, nothing written); the first secret sealed
 * binds the control plane to it.
 */
export async function openControlDb(file: string, o: ControlDbOptions = {}): Promise<ControlDb> {
  const db = await openMigrated(file);
  try {
    const box = new SecretBox(o.secretKeys?.length ? o.secretKeys : [keyFile(defaultKeyFile(file))]);
    await bindSecretKey(sqliteSql(db), box);
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
export async function openControlDbReadOnly(file: string, keys: readonly Buffer[]): Promise<ControlDb> {
  const db = openReadOnly(file);
  try {
    const schema = await schemaOf(sqliteSql(db));
    checkNotNewer(file, schema);
    if (schema.pending.length > 0) throw new ControlDbBehindError(file, schema.pending);
    boxes.set(db, new SecretBox(keys));
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/** libsql ignores its `readonly` option (writes and the checkpoint on close go through); SQLite's URI mode refuses both. */
function openReadOnly(file: string): ControlDb {
  return new Database(`${pathToFileURL(file).href}?mode=ro`);
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

/** `svc keys rotate-secret-key` on the data dir's control plane (migrated first). */
export async function rotateSecretKey(file: string, newKey: Buffer, oldKey: Buffer): Promise<SecretKeyRotation> {
  const db = await openMigrated(file);
  try {
    return await rotateOn(sqliteSql(db), newKey, oldKey);
  } finally {
    db.close();
  }
}

/** Opens (creating it 0600 when missing) and migrates control.db. */
async function openMigrated(file: string): Promise<ControlDb> {
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
    await migrate(sqliteSql(db), file);
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

/** What `svc doctor` reads of a SQLite control plane, opened read-only: never migrated, bound or written. */
export async function inspectControlDb(file: string, key: Buffer | undefined): Promise<ControlInspection> {
  const db = openReadOnly(file);
  try {
    return await inspectControl(sqliteSql(db), key);
  } finally {
    db.close();
  }
}

/**
 * A consistent copy of a control plane that may be in use (`svc backup`): `VACUUM INTO` reads it in one read
 * transaction, so writers under WAL go on and the copy is one moment of it; the live file is never copied as bytes.
 * Returns the migrations the copy has applied (its schema).
 */
export async function copyControlDb(file: string, to: string): Promise<string[]> {
  const db = openReadOnly(file);
  try {
    db.prepare('VACUUM INTO ?').run(to);
  } finally {
    db.close();
  }
  chmodSync(to, 0o600);
  const copy = openReadOnly(to);
  try {
    return await appliedMigrations(sqliteSql(copy).db, 'sqlite');
  } finally {
    copy.close();
  }
}
