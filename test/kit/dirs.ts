/** Temporary directories and data dirs, one per test (or per file), removed by their cleanup. */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveDataDir, type DataDir } from '../../src/data-dir.js';

/** A fresh temp dir; removed by the returned cleanup. */
export function tempDir(prefix = 'svc-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface TestDataDir extends DataDir {
  cleanup(): void;
}

/** A fresh, empty data dir (its snapshots folder made). */
export function testDataDir(prefix = 'svc-data-'): TestDataDir {
  const { dir, cleanup } = tempDir(prefix);
  const dataDir = resolveDataDir(dir);
  mkdirSync(dataDir.snapshotsDir, { recursive: true });
  return { ...dataDir, cleanup };
}
