import { existsSync } from 'node:fs';
import type { DataDir } from '../data-dir.js';
import { acquireIngestLock, IngestLockedError } from './ingest-lock.js';
import { removeLeftovers } from './publish.js';

/**
 * Removes a crashed ingest's debris (temp files, orphan snapshots) when no ingest is running; while one
 * is, does nothing (it removes them itself, and a listing already leaves orphans out).
 */
export function tidySnapshots(dataDir: DataDir): void {
  if (!existsSync(dataDir.snapshotsDir)) return;
  let release: () => void;
  try {
    release = acquireIngestLock(dataDir);
  } catch (err) {
    if (err instanceof IngestLockedError) return;
    throw err;
  }
  try {
    removeLeftovers(dataDir);
  } finally {
    release();
  }
}
