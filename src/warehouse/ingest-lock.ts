import { mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import type { DataDir } from '../data-dir.js';

/** Another live process holds `ingest.lock`. */
export class IngestLockedError extends Error {
  constructor(readonly holderPid: number | null, since: string | null) {
    super(`outro ingest está em andamento (pid ${holderPid ?? '?'}${since ? ` desde ${since}` : ''}); tente de novo quando terminar`);
    this.name = 'IngestLockedError';
  }
}

interface Holder {
  pid: number;
  desde: string;
}

/** A lock file with no readable holder this old is debris from a crash between create and write. */
const UNREADABLE_STALE_MS = 10_000;

/**
 * Takes the data dir's ingest lock (O_EXCL create holding pid + time). A lock whose holder pid is dead is
 * stale and taken over. Returns the release function.
 */
export function acquireIngestLock(dataDir: DataDir): () => void {
  const me: Holder = { pid: process.pid, desde: new Date().toISOString() };
  mkdirSync(dataDir.root, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(dataDir.ingestLock, JSON.stringify(me), { flag: 'wx' });
      return () => release(dataDir, me.pid);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(dataDir.ingestLock);
    if (holder === 'gone') continue;
    if (holder && isAlive(holder.pid)) throw new IngestLockedError(holder.pid, holder.desde);
    if (!holder && !isOld(dataDir.ingestLock)) throw new IngestLockedError(null, null);
    takeOver(dataDir.ingestLock);
  }
  throw new IngestLockedError(null, null);
}

function readHolder(file: string): Holder | null | 'gone' {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, desde: String(parsed.desde ?? '') } : null;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the pid exists but belongs to someone else; still alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isOld(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > UNREADABLE_STALE_MS;
  } catch {
    return true;
  }
}

/**
 * Moves the stale lock aside atomically (only one contender's rename succeeds), then re-checks what was
 * moved: if a live process had meanwhile re-created the lock, put it back.
 */
function takeOver(file: string): void {
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch {
    return;
  }
  const moved = readHolder(aside);
  if (moved !== 'gone' && moved && isAlive(moved.pid)) {
    renameSync(aside, file);
    throw new IngestLockedError(moved.pid, moved.desde);
  }
  unlinkSync(aside);
}

function release(dataDir: DataDir, pid: number): void {
  const holder = readHolder(dataDir.ingestLock);
  if (holder !== 'gone' && holder?.pid === pid) unlinkSync(dataDir.ingestLock);
}
