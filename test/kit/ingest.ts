/** Ingest as `svc ingest` does, in this process, over a data dir's SQLite control plane. */
import { openSqliteControlPlane } from '../../src/control/control-plane.js';
import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { resolveDataDir, type DataDir } from '../../src/data-dir.js';
import { ingest, type IngestInputs, type IngestSummary } from '../../src/warehouse/ingest.js';
import { tempDir } from './dirs.js';
import { DEMO_FIXTURES, FIXTURES_NOW } from './fixtures.js';
import { runSvcInProcess } from './svc.js';

/**
 * A publishing `ingest()` over the data dir's own control.db, opened and closed around it as `svc ingest` does;
 * centred on the fixtures' moment unless `now` is given (as every test ingest: see FIXTURES_NOW).
 */
export async function ingestSqlite(options: IngestInputs): Promise<IngestSummary> {
  const control = await openSqliteControlPlane(options.dataDir.controlDb);
  try {
    return await ingest({ now: new Date(FIXTURES_NOW), ...options, control });
  } finally {
    await control.close();
  }
}

/** Ingests `inputs` into `dataDir` and returns the snapshot published (fails when none was). */
export async function ingestInto(dataDir: DataDir, inputs: readonly string[]): Promise<string> {
  const summary = await ingestSqlite({ dataDir, inputs });
  if (!summary.snapshot_id) throw new Error('ingest published nothing');
  return summary.snapshot_id;
}

let demoTemplate: Promise<string> | null = null;

/**
 * Fills `dir` (absent or empty) with a data dir holding the demo fixtures over SQLite, copied from one ingested once
 * per test process: an ingest of the demo costs seconds, a copy milliseconds, and the files are the ones the ingest
 * writes. For setup only: a test about ingesting the demo ingests it.
 */
export async function copyDemoDataDir(dir: string): Promise<void> {
  demoTemplate ??= (async () => {
    const template = tempDir('svc-demo-');
    process.once('exit', template.cleanup);
    await ingestInto(resolveDataDir(template.dir), [DEMO_FIXTURES]);
    return template.dir;
  })();
  cpSync(await demoTemplate, dir, { recursive: true });
}

/** `svc ingest <input> --data-dir <dataDir> --json` in this process (at FIXTURES_NOW unless `flags` say `--now`); its JSON summary. */
export async function svcIngest<T = { snapshot_id: string; eventos: { total: number } }>(
  dataDir: string,
  input: string,
  ...flags: string[]
): Promise<T> {
  const r = await runSvcInProcess(['ingest', input, '--data-dir', dataDir, '--json', ...flags]);
  assert.equal(r.code, 0, `svc ingest ${input}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}
