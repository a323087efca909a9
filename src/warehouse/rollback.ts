import type { DataDir } from '../data-dir.js';
import { acquireIngestLock } from './ingest-lock.js';
import { withdrawLiveList } from './live-list.js';
import { listSnapshots, writeCurrentId, type SnapshotManifest } from './snapshot-store.js';

/** The id names no published snapshot. */
export class SnapshotNotFoundError extends Error {
  constructor(readonly id: string) {
    super(`snapshot ${id} não existe (veja svc snapshots)`);
    this.name = 'SnapshotNotFoundError';
  }
}

/**
 * Makes a published snapshot current again (atomic `CURRENT` replace), under the ingest lock so it cannot
 * interleave with a publish. Event seqs keep growing from the control-plane counter, so the next ingest
 * after a rollback never reuses a seq.
 */
export function rollbackTo(dataDir: DataDir, id: string): SnapshotManifest {
  published(dataDir, id);
  const release = acquireIngestLock(dataDir);
  try {
    // Again under the lock: retention in a concurrent ingest may have just removed it.
    const target = published(dataDir, id);
    // A live list ahead of the snapshot left is not the one returned to.
    withdrawLiveList(dataDir);
    writeCurrentId(dataDir, id);
    return target;
  } finally {
    release();
  }
}

function published(dataDir: DataDir, id: string): SnapshotManifest {
  const target = listSnapshots(dataDir).find((m) => m.id === id);
  if (!target) throw new SnapshotNotFoundError(id);
  return target;
}
