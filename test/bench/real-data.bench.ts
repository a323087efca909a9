/**
 * Real-data ingest figures (../shared/data). The Brasileirão CSV family ingested by svc into a fresh data dir
 * until its snapshot is published, against DuckDB's own `read_csv` of the same four files into tables of a
 * fresh database, alternating, RUNS of each. Also: the same ingest as a user runs it (a fresh `svc ingest`
 * process, start-up included) and its peak RSS, the CSV adapter alone, where an in-process ingest spends its
 * time (per stage), and every openfootball file in one ingest against DuckDB reading the same files raw.
 * Fairness: svc and DuckDB each run in a fresh child started the same way (node + tsx's loader, child.ts), timed
 * from after their imports to the database closed, one start-up per side (the openfootball baseline reads both
 * kinds of file in one child); so how bin/svc loads its modules (bundle or not) favours neither side.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { resolveDataDir } from '../../src/data-dir.js';
import { brasileiraoCsvAdapter } from '../../src/feeds/adapters/brasileirao-csv.js';
import { ingestSqlite } from '../kit/ingest.js';
import { SHARED_DATA } from '../kit/fixtures.js';
import { tempDir } from '../kit/dirs.js';
import { INGEST_SQLITE_IMPORT, srcModule, svcProcess, timedAfterLoad } from './child.js';
import type { BenchFigure } from './run.js';
import { median } from './stats.js';

export const title = 'real data: Brasileirão CSV family and openfootball ingest';

const RUNS = 3;
const CSV_DIR = path.join(SHARED_DATA, 'brasileirao-dataset');
const OPENFOOTBALL_DIR = path.join(SHARED_DATA, 'openfootball');
const RSS_LIMIT_MB = 600;

/** The baseline: DuckDB loads each `reader:file` into a table of a fresh database file, then closes it. */
const BASELINE_IMPORTS = "import { DuckDBInstance } from '@duckdb/node-api';";
const BASELINE_WORK = `
const [db, ...inputs] = args;
const instance = await DuckDBInstance.create(db);
const conn = await instance.connect();
let n = 0;
for (const input of inputs) {
  const [reader, file] = input.split(/:(.*)/s);
  await conn.run(\`CREATE TABLE t\${n++} AS SELECT * FROM \${reader}('\${file.replace(/'/g, "''")}')\`);
}
await conn.run('CHECKPOINT');
conn.closeSync();
instance.closeSync();`;

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => pattern.test(f))
    .map((f) => path.join(dir, f))
    .filter((f) => statSync(f).isFile())
    .sort();
}

/** DuckDB reading `inputs` (`reader:file`) in a fresh child, ms after its imports. */
function baseline(inputs: readonly string[]): number {
  const { dir, cleanup } = tempDir('svc-bench-');
  try {
    return timedAfterLoad(BASELINE_IMPORTS, BASELINE_WORK, [path.join(dir, 'raw.duckdb'), ...inputs]).ms;
  } finally {
    cleanup();
  }
}

/** svc's ingest of `inputs` into a fresh data dir in a fresh child, ms after its imports. */
function ingest(inputs: readonly string[]): number {
  const { dir, cleanup } = tempDir('svc-bench-');
  try {
    return timedAfterLoad(
      `${INGEST_SQLITE_IMPORT}\nimport { resolveDataDir } from ${srcModule('data-dir.ts')};`,
      'await ingestSqlite({ dataDir: resolveDataDir(args[0]), inputs: args.slice(1) });',
      [path.join(dir, 'data'), ...inputs],
    ).ms;
  } finally {
    cleanup();
  }
}

/** `svc ingest` of `inputs` into a fresh data dir, as a user runs it. */
function ingestCli(inputs: readonly string[]): { ms: number; rssMb: number } {
  const { dir, cleanup } = tempDir('svc-bench-');
  try {
    return svcProcess(['ingest', ...inputs, '--data-dir', path.join(dir, 'data'), '--json']);
  } finally {
    cleanup();
  }
}

/** Wall time per ingest stage (`ler` includes the adapters and the schema check of their feeds). */
async function stageTimes(inputs: readonly string[]): Promise<[string, number][]> {
  const { dir, cleanup } = tempDir('svc-bench-');
  try {
    const marks: [string, number][] = [];
    await ingestSqlite({
      dataDir: resolveDataDir(path.join(dir, 'data')),
      inputs,
      onStage: (stage) => marks.push([stage, performance.now()]),
    });
    const end = performance.now();
    return marks.map(([stage, at], i) => [stage, (marks[i + 1]?.[1] ?? end) - at]);
  } finally {
    cleanup();
  }
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
const range = (xs: readonly number[], digits = 0): string =>
  `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;

export async function run(): Promise<BenchFigure[]> {
  if (!existsSync(SHARED_DATA)) {
    console.log(`  (pulado: dados reais ausentes em ${SHARED_DATA})`);
    return [];
  }
  const csvFiles = files(CSV_DIR, /\.csv$/);
  const jsonFiles = files(OPENFOOTBALL_DIR, /\.json$/);
  const txtFiles = files(OPENFOOTBALL_DIR, /_br.*\.txt$/);

  // Alternating, so a change in the machine's load hits both alike.
  const csvBase: number[] = [];
  const csvIngest: number[] = [];
  const csvCli: { ms: number; rssMb: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    csvBase.push(baseline(csvFiles.map((f) => `read_csv:${f}`)));
    csvIngest.push(ingest([CSV_DIR]));
    csvCli.push(ingestCli([CSV_DIR]));
  }
  // Judged on every run, pooled (all svc time over all baseline time), not on a median of ratios.
  const ratios = csvIngest.map((ms, i) => ms / (csvBase[i] ?? NaN));
  const peakMb = Math.max(...csvCli.map((r) => r.rssMb));
  const cliMs = csvCli.map((r) => r.ms);

  const inputs = csvFiles.map((name) => ({ name, content: readFileSync(name) }));
  const adapterMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    brasileiraoCsvAdapter.read(inputs, {});
    adapterMs.push(performance.now() - started);
  }

  const stages = await stageTimes([CSV_DIR]);

  const ofBase: number[] = [];
  const ofIngest: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    ofBase.push(baseline([...jsonFiles.map((f) => `read_json:${f}`), ...txtFiles.map((f) => `read_text:${f}`)]));
    ofIngest.push(ingest([OPENFOOTBALL_DIR]));
  }

  const csvBaseline = {
    name: `DuckDB read_csv of the 4 files into tables (fresh child, after load; ${range(csvBase)} ms)`,
    value: sum(csvBase) / RUNS,
  };
  return [
    {
      name: `CSV family: svc ingest until published (fresh child, after load; ${RUNS} runs ${range(csvIngest)} ms, ratios ${ratios.map((r) => r.toFixed(2)).join(', ')})`,
      value: sum(csvIngest) / RUNS,
      unit: 'ms',
      baseline: csvBaseline,
      target: '≤ 3× baseline, every run',
      met: ratios.every((r) => r <= 3),
    },
    {
      // No ratio: the baseline is timed after load. Start-up and module loading are the difference to the figure above.
      name: `CSV family: \`svc ingest\` as a user runs it (fresh bin/svc process, start-up and module loading included, ≈ ${Math.round((sum(cliMs) - sum(csvIngest)) / RUNS)} ms of it; ${RUNS} runs ${range(cliMs)} ms)`,
      value: sum(cliMs) / RUNS,
      unit: 'ms',
    },
    {
      name: 'CSV family: `svc ingest` peak RSS (max of the runs)',
      value: peakMb,
      unit: 'MB',
      target: `≤ ${RSS_LIMIT_MB} MB`,
      met: peakMb <= RSS_LIMIT_MB,
    },
    {
      name: 'CSV family: adapter only (files → canonical feed, in process)',
      value: median(adapterMs),
      unit: 'ms',
      baseline: csvBaseline,
    },
    ...stages.map(([stage, ms]) => ({
      name: `CSV family: in-process ingest, stage "${stage}"`,
      value: ms,
      unit: 'ms',
      baseline: csvBaseline,
    })),
    {
      name: `openfootball: svc ingest of all ${jsonFiles.length + txtFiles.length} files (fresh child, after load; ${range(ofIngest)} ms)`,
      value: sum(ofIngest) / RUNS,
      unit: 'ms',
      baseline: {
        name: `DuckDB read_json + read_text of the same files (one fresh child, after load; ${range(ofBase)} ms)`,
        value: sum(ofBase) / RUNS,
      },
    },
  ];
}
