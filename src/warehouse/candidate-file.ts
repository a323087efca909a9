import { constants, copyFileSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { DataDir } from '../data-dir.js';
import { openForPublish, type PublishConnection } from './publish-engine.js';
import { readCurrentId, snapshotFile } from './snapshot-store.js';

/**
 * The file a publish builds its candidate in: named by process, not by snapshot number (the number is reserved only
 * once there is something to publish), so that the next ingest knows it for debris (publish.ts removeLeftovers).
 */
export function candidateFile(dataDir: DataDir): string {
  return path.join(dataDir.snapshotsDir, `.tmp-${process.pid}.duckdb`);
}

/** Copy-on-write where the file system supports it (reflink), a plain copy elsewhere. */
export function copySnapshot(from: string, to: string): void {
  copyFileSync(from, to, constants.COPYFILE_FICLONE);
}

/** fsync on libuv's thread pool; the returned promise is already handled, so it may be awaited late. */
export function fsyncInBackground(file: string): Promise<void> {
  const flushed = open(file, 'r').then(async (handle) => {
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  });
  flushed.catch(() => undefined);
  return flushed;
}

/** A copy of snapshot `parentId` in the candidate file, attached for publishing, its pages on their way to disk. */
export interface CandidateCopy {
  parentId: string;
  /** The file's inode once the copy was opened and checked: another file at that path is not this copy. */
  ino: number;
  publish: PublishConnection;
  /** The copy's fsync: it must be done before the commit makes the file a snapshot. */
  flushed: Promise<void>;
}

/**
 * Copies the current snapshot into the candidate file and opens it for publishing; null over an empty store. Made
 * without the ingest lock, so another ingest may remove the file meanwhile, and ATTACH would then create an empty
 * database at its path: the copy counts only once the attached file says it is snapshot `parentId`.
 */
async function copyCurrent(dataDir: DataDir): Promise<CandidateCopy | null> {
  const parentId = readCurrentId(dataDir);
  if (parentId === null) return null;
  const file = candidateFile(dataDir);
  copySnapshot(snapshotFile(dataDir, parentId), file);
  const flushed = fsyncInBackground(file);
  let publish: PublishConnection | null = null;
  try {
    publish = await openForPublish(file, true);
    const meta = await publish.conn.runAndReadAll(
      "SELECT count(*)::INTEGER AS n FROM snapshot_meta WHERE chave = 'snapshot_id' AND valor = $1",
      [parentId],
    );
    if (meta.getRowObjects()[0]?.n !== 1) throw new Error(`a cópia de ${parentId} não é o snapshot ${parentId}`);
    return { parentId, ino: statSync(file).ino, publish, flushed };
  } catch (err) {
    await publish?.close().catch(() => undefined);
    await flushed.catch(() => undefined);
    rmSync(file, { force: true });
    throw err;
  }
}

/**
 * The next round's copy, made between rounds (`svc ingest --follow`): copying the current snapshot and attaching
 * the copy were on a live step's path to visible (docs/decisions/warehouse.md, "The follower copies the next
 * candidate between rounds"). A copy is used only if
 * the snapshot it was made from is still current and its file still there (another process's ingest removes a
 * `.tmp-` file it finds: debris to it); otherwise the publish copies afresh, as a one-shot ingest does.
 */
export class CopyAhead {
  private held: CandidateCopy | null = null;

  constructor(private readonly dataDir: DataDir) {}

  /** The candidate file the held copy lives in: a publish must not remove it as debris. */
  get file(): string {
    return candidateFile(this.dataDir);
  }

  /** Makes a copy of the current snapshot unless one of it is held. Best effort: a failure leaves none held. */
  async prepare(): Promise<void> {
    const current = readCurrentId(this.dataDir);
    if (this.held !== null && this.held.parentId === current && this.intact(this.held)) return;
    await this.discard();
    this.held = await copyCurrent(this.dataDir).catch(() => null);
  }

  /** The held copy, now the caller's, if it was made from `parentId` and is still on disk; otherwise null. */
  async take(parentId: string | null): Promise<CandidateCopy | null> {
    const held = this.held;
    this.held = null;
    if (held !== null && held.parentId === parentId && this.intact(held)) return held;
    if (held !== null) await release(held, this.file);
    return null;
  }

  /** The copy's file is still at its path (no other ingest removed it as debris). */
  private intact(copy: CandidateCopy): boolean {
    return isCopyAt(this.file, copy);
  }

  /** Closes and removes the held copy, if any. */
  async discard(): Promise<void> {
    const held = this.held;
    this.held = null;
    if (held !== null) await release(held, this.file);
  }
}

/** Whether the file at `file` is the one `copy` was made in (none there, or another, is not). */
function isCopyAt(file: string, copy: CandidateCopy): boolean {
  try {
    return statSync(file).ino === copy.ino;
  } catch {
    return false;
  }
}

/** Closes a copy and removes its file, unless the file at its path is another (then it is not this copy's to remove). */
async function release(copy: CandidateCopy, file: string): Promise<void> {
  await copy.publish.close().catch(() => undefined);
  await copy.flushed.catch(() => undefined);
  if (isCopyAt(file, copy)) rmSync(file, { force: true });
}
