import path from 'node:path';

/** Where every process finds the shared state; see data/README.md. */
export interface DataDir {
  readonly root: string;
  readonly snapshotsDir: string;
  readonly currentFile: string;
  readonly controlDb: string;
  readonly ingestLock: string;
}

export const DEFAULT_DATA_DIR = './data';

/** Resolves `--data-dir`, then `SVC_DATA_DIR`, then `./data`. */
export function resolveDataDir(option?: string): DataDir {
  const root = path.resolve(option ?? process.env.SVC_DATA_DIR ?? DEFAULT_DATA_DIR);
  return {
    root,
    snapshotsDir: path.join(root, 'snapshots'),
    currentFile: path.join(root, 'CURRENT'),
    controlDb: path.join(root, 'control.db'),
    ingestLock: path.join(root, 'ingest.lock'),
  };
}
