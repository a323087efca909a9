import { watch, type FSWatcher } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DataDir } from '../../data-dir.js';
import { parseSnapshotId } from '../../warehouse/snapshot-store.js';
import { loadSnapshotTables } from './tables.js';
import { ServedSnapshot } from './served-snapshot.js';

export type SnapshotLog = (event: string, fields: Record<string, unknown>) => void;

/** Fallback poll: fs.watch can miss events on some filesystems (network volumes, containers). */
const POLL_MS = 1_000;

/**
 * Keeps the snapshot named by `data/CURRENT` loaded and swaps to each new one. A new snapshot is fully
 * loaded before it becomes current, so no request ever waits for a load or sees a half-loaded one.
 */
export class SnapshotHolder {
  private snapshot: ServedSnapshot | null = null;
  private watcher: FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private refreshing: Promise<void> | null = null;
  private again = false;
  private failedId: string | null = null;

  constructor(private readonly dataDir: DataDir, private readonly log: SnapshotLog = () => {}) {}

  get current(): ServedSnapshot | null {
    return this.snapshot;
  }

  async start(): Promise<void> {
    await mkdir(this.dataDir.root, { recursive: true, mode: 0o700 });
    await this.refresh();
    const currentName = path.basename(this.dataDir.currentFile);
    this.watcher = watch(this.dataDir.root, (_type, name) => {
      if (name === currentName) void this.refresh();
    });
    this.watcher.on('error', () => {});
    this.timer = setInterval(() => void this.refresh(), POLL_MS);
    this.timer.unref();
  }

  stop(): void {
    this.watcher?.close();
    if (this.timer) clearInterval(this.timer);
  }

  /** Loads the snapshot CURRENT names if it differs from the one served. Concurrent calls coalesce. */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.again = false;
        await this.swapIfChanged();
      } while (this.again);
    })().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async swapIfChanged(): Promise<void> {
    const id = await this.readCurrentId();
    if (id === null || id === this.snapshot?.id) return;
    if (id === this.failedId) return;
    try {
      const started = Date.now();
      const next = new ServedSnapshot(id, await loadSnapshotTables(this.dataDir, id));
      const previous = this.snapshot?.id ?? null;
      this.snapshot = next;
      this.log('snapshot_carregado', { snapshot: id, anterior: previous, ms: Date.now() - started });
    } catch (err) {
      // Keep serving the snapshot we have; the next change of CURRENT tries again.
      this.failedId = id;
      this.log('snapshot_falhou', { snapshot: id, erro: err instanceof Error ? err.message : String(err) });
    }
  }

  private async readCurrentId(): Promise<string | null> {
    try {
      return parseSnapshotId(await readFile(this.dataDir.currentFile, 'utf8'));
    } catch {
      return null;
    }
  }
}
