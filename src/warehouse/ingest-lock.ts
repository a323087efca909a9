import {
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { systemClock, type Clock } from '../clock.js';
import type { DataDir } from '../data-dir.js';

/**
 * Another live process holds `ingest.lock`, or (no pid known here) the control plane's cluster-wide ingest
 * lock: `holder` then says where.
 */
export class IngestLockedError extends Error {
  constructor(
    readonly holderPid: number | null,
    since: string | null,
    holder = `pid ${holderPid ?? '?'}${since ? ` desde ${since}` : ''}`,
  ) {
    super(`outro ingest está em andamento (${holder}); tente de novo quando terminar`);
    this.name = 'IngestLockedError';
  }
}

interface Holder {
  pid: number;
  desde: string;
  /** The holder's start time in clock ticks since boot (Linux `/proc/<pid>/stat`), null elsewhere. */
  inicio: number | null;
}

/**
 * The holder renews the lock (its mtime, set from the clock, so that the lock's age is read in the clock's own
 * time even when it is not the kernel's, as under faketime) this often; a lock not renewed for `EXPIRY_MS` is stale whoever its
 * pid belongs to now (after a container restart the pid is often alive again, as another process).
 */
const RENEW_MS = 5_000;
const EXPIRY_MS = 60_000;
/** A lock file with no readable holder this old is debris from a crash between create and write. */
const UNREADABLE_STALE_MS = 10_000;

/**
 * Takes the data dir's ingest lock: an O_EXCL file holding pid, start time and since-when, renewed by the
 * holder while it lives. A lock is stale, and taken over, when its holder is dead, when its pid now belongs to
 * a process that started at another time (a reused pid), or when nobody renewed it for a minute. Returns the
 * release function.
 */
export function acquireIngestLock(dataDir: DataDir, clock: Clock = systemClock): () => void {
  const now = (): number => clock.now();
  const me: Holder = { pid: process.pid, desde: new Date(now()).toISOString(), inicio: processStart(process.pid) };
  mkdirSync(dataDir.root, { recursive: true, mode: 0o700 });
  for (let attempt = 0; attempt < 2; attempt++) {
    if (create(dataDir.ingestLock, me, now())) return hold(dataDir.ingestLock, me.pid, clock);
    const holder = readHolder(dataDir.ingestLock);
    if (holder === 'gone') continue;
    if (holder && holds(holder, dataDir.ingestLock, now())) throw new IngestLockedError(holder.pid, holder.desde);
    if (!holder && ageMs(dataDir.ingestLock, now()) < UNREADABLE_STALE_MS) throw new IngestLockedError(null, null);
    takeOver(dataDir.ingestLock, now());
  }
  throw new IngestLockedError(null, null);
}

/** Written whole and dated aside, then linked into place: `link` fails when the lock exists, as O_EXCL would. */
function create(file: string, me: Holder, at: number): boolean {
  const draft = `${file}.${process.pid}.novo`;
  writeFileSync(draft, JSON.stringify(me), { mode: 0o600 });
  try {
    utimesSync(draft, new Date(at), new Date(at));
    linkSync(draft, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    rmSync(draft, { force: true });
  }
}

/** Keeps the lock renewed until released; the timer never keeps the process alive on its own. */
function hold(file: string, pid: number, clock: Clock): () => void {
  const timer = setInterval(() => {
    try {
      const t = new Date(clock.now());
      utimesSync(file, t, t);
    } catch {
      // Gone (taken over after an expiry we could not prevent): release() will find it is not ours.
    }
  }, RENEW_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    const holder = readHolder(file);
    if (holder !== 'gone' && holder?.pid === pid) unlinkSync(file);
  };
}

/** Whether the recorded holder still holds the lock: alive, the same process, and renewing it. */
function holds(holder: Holder, file: string, now: number): boolean {
  if (!isAlive(holder.pid)) return false;
  if (holder.inicio !== null) {
    const started = processStart(holder.pid);
    if (started !== null && started !== holder.inicio) return false;
  }
  return ageMs(file, now) < EXPIRY_MS;
}

function readHolder(file: string): Holder | null | 'gone' {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    if (typeof parsed.pid !== 'number') return null;
    return {
      pid: parsed.pid,
      desde: String(parsed.desde ?? ''),
      inicio: typeof parsed.inicio === 'number' ? parsed.inicio : null,
    };
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

/** Start time of a process in clock ticks since boot (field 22 of /proc/<pid>/stat), or null off Linux. */
export function processStart(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    return Number.isFinite(ticks) ? ticks : null;
  } catch {
    return null;
  }
}

function ageMs(file: string, now: number): number {
  try {
    return now - statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}

/**
 * Moves the stale lock aside atomically (only one contender's rename succeeds), then re-checks what was
 * moved: if a live holder had meanwhile re-created the lock, put it back.
 */
function takeOver(file: string, now: number): void {
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch {
    return;
  }
  const moved = readHolder(aside);
  if (moved !== 'gone' && moved && holds(moved, aside, now)) {
    renameSync(aside, file);
    throw new IngestLockedError(moved.pid, moved.desde);
  }
  unlinkSync(aside);
}
