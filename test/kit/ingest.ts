/** Ingest as `svc ingest` does, in this process, over a data dir's SQLite control plane. */
import { openSqliteControlPlane } from '../../src/control/control-plane.js';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

const builtDirs = new Map<string, Promise<{ dir: string; result: unknown }>>();

/**
 * Fills `dir` (absent or empty) with a copy of a data dir that `build` fills once, and returns what `build` returned
 * (JSON). Once per suite run when scripts/test-suite.mjs names a folder for such dirs (`SVC_TEST_BUILT_DIRS`: the
 * suite's processes share it), otherwise once per test process. An ingest of the demo costs a second, of the real
 * CSV family four; a copy, milliseconds, and its files are the ones the ingest wrote. Two processes that miss at once
 * both build; the first to rename its build into place is kept. For setup only: a test about a build runs it.
 */
export async function copyBuilt<T>(name: string, dir: string, build: (dir: string) => Promise<T>): Promise<T> {
  let built = builtDirs.get(name);
  if (built === undefined) {
    built = buildOnce(name, build);
    builtDirs.set(name, built);
  }
  const { dir: source, result } = await built;
  cpSync(source, dir, { recursive: true });
  return result as T;
}

async function buildOnce(
  name: string,
  build: (dir: string) => Promise<unknown>,
): Promise<{ dir: string; result: unknown }> {
  let root = process.env.SVC_TEST_BUILT_DIRS;
  if (root === undefined) {
    const own = tempDir('svc-built-');
    process.once('exit', own.cleanup);
    root = own.dir;
  }
  const final = path.join(root, name);
  const resultFile = path.join(final, 'result.json');
  if (!existsSync(resultFile)) {
    const staging = path.join(root, `.${name}-${process.pid}`);
    mkdirSync(path.join(staging, 'data'), { recursive: true });
    const result = await build(path.join(staging, 'data'));
    writeFileSync(path.join(staging, 'result.json'), JSON.stringify(result ?? null));
    try {
      renameSync(staging, final);
    } catch (err) {
      // Another process put its build there first: keep that one.
      if (!['ENOTEMPTY', 'EEXIST'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
      rmSync(staging, { recursive: true, force: true });
    }
  }
  return { dir: path.join(final, 'data'), result: JSON.parse(readFileSync(resultFile, 'utf8')) as unknown };
}

/** Fills `dir` (absent or empty) with a data dir holding the demo fixtures over SQLite (copyBuilt). */
export function copyDemoDataDir(dir: string): Promise<void> {
  return copyBuilt('demo', dir, async (d) => {
    await ingestInto(resolveDataDir(d), [DEMO_FIXTURES]);
  });
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
