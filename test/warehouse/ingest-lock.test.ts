import assert from 'node:assert/strict';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { systemClock, type Clock } from '../../src/clock.js';
import { resolveDataDir } from '../../src/data-dir.js';
import { acquireIngestLock, IngestLockedError, processStart } from '../../src/warehouse/ingest-lock.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { runSvc } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';
import { DEMO_FIXTURES } from '../kit/fixtures.js';

/** A lock as a holder writes it, with the mtime set `ageMs` in the past. */
function writeLock(file: string, holder: { pid: number; inicio: number | null }, ageMs = 0): void {
  writeFileSync(file, JSON.stringify({ pid: holder.pid, desde: '2026-01-01T00:00:00.000Z', inicio: holder.inicio }));
  const t = new Date(Date.now() - ageMs);
  utimesSync(file, t, t);
}

describe('ingest lock', () => {
  it('a live holder that renews its lock keeps it; release removes it', () => {
    const { dir, cleanup } = tempDir('svc-lock-');
    try {
      const dataDir = resolveDataDir(dir);
      const release = acquireIngestLock(dataDir);
      assert.throws(() => acquireIngestLock(dataDir), IngestLockedError);
      const held = JSON.parse(readFileSync(dataDir.ingestLock, 'utf8')) as { pid: number; inicio: number | null };
      assert.equal(held.pid, process.pid);
      assert.equal(held.inicio, processStart(process.pid));
      release();
      assert.equal(existsSync(dataDir.ingestLock), false);
    } finally {
      cleanup();
    }
  });

  it("a held lock stays held on a clock far from the kernel's (faketime, a VM after suspend)", () => {
    const { dir, cleanup } = tempDir('svc-lock-');
    try {
      const dataDir = resolveDataDir(dir);
      // The file system dates files by the kernel; the lock is aged by this clock, 400 days off.
      const ahead: Clock = { now: () => Date.now() + 400 * 86_400_000, setTimer: systemClock.setTimer };
      const release = acquireIngestLock(dataDir, ahead);
      assert.throws(() => acquireIngestLock(dataDir, ahead), IngestLockedError);
      release();
      assert.equal(existsSync(dataDir.ingestLock), false);
    } finally {
      cleanup();
    }
  });

  it('a reused pid (alive, started at another time) does not hold the lock', () => {
    const { dir, cleanup } = tempDir('svc-lock-');
    try {
      const dataDir = resolveDataDir(dir);
      const start = processStart(process.pid);
      if (start === null) return; // not Linux: only the expiry applies (next test)
      writeLock(dataDir.ingestLock, { pid: process.pid, inicio: start + 1 });
      acquireIngestLock(dataDir)();
    } finally {
      cleanup();
    }
  });

  it('a lock nobody renewed for a minute is stale even when its pid is alive and unknown', () => {
    const { dir, cleanup } = tempDir('svc-lock-');
    try {
      const dataDir = resolveDataDir(dir);
      // An old-format lock (no start time) of a live pid: only its age can tell.
      writeLock(dataDir.ingestLock, { pid: process.pid, inicio: null }, 30_000);
      assert.throws(() => acquireIngestLock(dataDir), IngestLockedError, 'renewed 30 s ago: still held');
      writeLock(dataDir.ingestLock, { pid: process.pid, inicio: null }, 61_000);
      acquireIngestLock(dataDir)();
    } finally {
      cleanup();
    }
  });

  it('svc ingest takes over the lock of a reused pid after a restart, instead of exiting 5 forever', {
    timeout: 120_000,
  }, async () => {
    const { dir, cleanup } = tempDir('svc-lock-');
    try {
      const dataDir = resolveDataDir(dir);
      // pid 1 is always alive; its lock was written before the "restart" and never renewed since.
      writeLock(dataDir.ingestLock, { pid: 1, inicio: null }, 10 * 60_000);
      const r = await runSvc(['ingest', DEMO_FIXTURES, '--data-dir', dir]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(existsSync(dataDir.ingestLock), false);
      writeLock(dataDir.ingestLock, { pid: 1, inicio: null }, 0);
      const locked = await runSvc(['ingest', DEMO_FIXTURES, '--data-dir', dir]);
      assert.equal(locked.code, EXIT.locked, 'a fresh lock of a live pid is respected');
    } finally {
      cleanup();
    }
  });
});
