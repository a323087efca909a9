/** What `svc doctor` checks of a data dir's snapshots, read only. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import type { DataDir } from '../data-dir.js';
import { manifestFile, readCurrentId, readManifest, snapshotFile, type SnapshotManifest } from './snapshot-store.js';

export interface SnapshotsReport {
  readonly current: SnapshotManifest | null;
  readonly count: number;
  readonly totalBytes: number;
  /** Each break of the chain, one line each: nothing here means CURRENT, files and manifests agree. */
  readonly problems: readonly string[];
}

export function inspectSnapshots(dataDir: DataDir): SnapshotsReport {
  const names = existsSync(dataDir.snapshotsDir) ? readdirSync(dataDir.snapshotsDir) : [];
  const ids = (ext: string) => names.filter((f) => new RegExp(`^\\d{8}\\.${ext}$`).test(f)).map((f) => f.slice(0, 8));
  const files = ids('duckdb');
  const manifests = new Set(ids('json'));
  const problems: string[] = [];
  let totalBytes = 0;
  for (const id of files) {
    const size = statSync(snapshotFile(dataDir, id)).size;
    totalBytes += size;
    const m = readManifest(dataDir, id);
    if (!m) problems.push(`snapshot ${id} sem manifesto legível (${manifestFile(dataDir, id)})`);
    // The manifest records the file's size when it was published; a snapshot is never written after.
    else if (m.tamanho_bytes !== size)
      problems.push(
        `snapshot ${id}: ${size} bytes, o manifesto registra ${m.tamanho_bytes} (arquivo alterado ou truncado)`,
      );
  }
  for (const id of manifests) if (!files.includes(id)) problems.push(`manifesto ${id} sem o snapshot ${id}.duckdb`);
  const currentId = readCurrentId(dataDir);
  let current: SnapshotManifest | null = null;
  if (currentId === null) {
    if (existsSync(dataDir.currentFile)) problems.push(`${dataDir.currentFile} não contém um id de snapshot`);
    else if (files.length > 0) problems.push(`${files.length} snapshots e nenhum CURRENT`);
  } else if (!files.includes(currentId)) {
    problems.push(`CURRENT aponta para ${currentId}, que não existe`);
  } else {
    current = readManifest(dataDir, currentId);
  }
  return { current, count: files.length, totalBytes, problems };
}
