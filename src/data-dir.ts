import path from 'node:path';

/** Where every process finds the shared state; see data/README.md. */
export interface DataDir {
  readonly root: string;
  readonly snapshotsDir: string;
  readonly currentFile: string;
  /** The live list a publishing ingest writes ahead of its snapshot (warehouse/live-list.ts). */
  readonly liveFile: string;
  readonly controlDb: string;
  readonly ingestLock: string;
}

export const DEFAULT_DATA_DIR = './data';

/** The layout under a data dir (the CLI picks the dir: `--data-dir`, `SVC_DATA_DIR` or `./data`, see src/config.ts). */
export function resolveDataDir(dir: string): DataDir {
  const root = path.resolve(dir);
  return {
    root,
    snapshotsDir: path.join(root, 'snapshots'),
    currentFile: path.join(root, 'CURRENT'),
    liveFile: path.join(root, 'AO_VIVO.json'),
    controlDb: path.join(root, 'control.db'),
    ingestLock: path.join(root, 'ingest.lock'),
  };
}
