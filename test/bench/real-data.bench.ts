/**
 * Real-data ingest figures (../shared/data). The Brasileirão CSV family ingested by `svc ingest` into a fresh
 * data dir until its snapshot is published, against DuckDB's own `read_csv` of the same four files into
 * tables of a fresh database; both run as fresh child processes (process start, module loading, file
 * creation and close included on both sides), median of RUNS. Peak memory is the ingest child's max RSS.
 * Also: the CSV adapter alone (files → canonical feed, in this process), where an in-process ingest spends
 * its time (per stage), and every openfootball file in one ingest against DuckDB reading the same files raw
 * (`read_json` / `read_text`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { resolveDataDir } from '../../src/data-dir.js';
import { brasileiraoCsvAdapter } from '../../src/feeds/adapters/brasileirao-csv.js';
import { ingest as ingestInProcess } from '../../src/warehouse/ingest.js';
import { REPO_ROOT, SHARED_DATA, SVC_BIN, tempDir } from '../helpers/cli.js';
import type { BenchFigure } from './run.js';
import { median } from './stats.js';

export const title = 'real data: Brasileirão CSV family and openfootball ingest';

const RUNS = 3;
const CSV_DIR = path.join(SHARED_DATA, 'brasileirao-dataset');
const OPENFOOTBALL_DIR = path.join(SHARED_DATA, 'openfootball');
const RSS_LIMIT_MB = 600;

/** Loaded into the ingest child with --import: reports its peak RSS (kB) on a file when it exits. */
const RSS_PROBE = `data:text/javascript,${encodeURIComponent(
  "import{writeFileSync}from'node:fs';process.on('exit',()=>writeFileSync(process.env.RSS_FILE,String(process.resourceUsage().maxRSS)));",
)}`;

/** The baseline child: DuckDB loads the named files into tables of a fresh database file, then closes it. */
const BASELINE = `
const { DuckDBInstance } = await import('@duckdb/node-api');
const [db, reader, ...files] = process.argv.slice(1);
const instance = await DuckDBInstance.create(db);
const conn = await instance.connect();
let n = 0;
for (const f of files) await conn.run(\`CREATE TABLE t\${n++} AS SELECT * FROM \${reader}('\${f.replace(/'/g, "''")}')\`);
await conn.run('CHECKPOINT');
conn.closeSync();
instance.closeSync();
`;

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => pattern.test(f))
    .map((f) => path.join(dir, f))
    .filter((f) => statSync(f).isFile())
    .sort();
}

function timed(args: readonly string[], env: Record<string, string> = {}): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`${args.join(' ')} falhou (${String(r.status)}): ${r.stderr}`);
  return ms;
}

function baseline(reader: string, inputs: readonly string[]): number {
  const { dir, cleanup } = tempDir('svc-bench-');
  try {
    return timed(['--input-type=module', '-e', BASELINE, path.join(dir, 'raw.duckdb'), reader, ...inputs]);
  } finally {
    cleanup();
  }
}

function ingest(inputs: readonly string[]): { ms: number; rssMb: number } {
  const { dir, cleanup } = tempDir('svc-bench-');
  try {
    const rssFile = path.join(dir, 'rss');
    const ms = timed([`--import=${RSS_PROBE}`, SVC_BIN, 'ingest', ...inputs, '--data-dir', path.join(dir, 'data'), '--json'], { RSS_FILE: rssFile });
    return { ms, rssMb: Number(readFileSync(rssFile, 'utf8')) / 1024 };
  } finally {
    cleanup();
  }
}

/** Wall time per ingest stage (`ler` includes the adapters and the schema check of their feeds). */
async function stageTimes(inputs: readonly string[]): Promise<[string, number][]> {
  const { dir, cleanup } = tempDir('svc-bench-');
  try {
    const marks: [string, number][] = [];
    await ingestInProcess({ dataDir: resolveDataDir(path.join(dir, 'data')), inputs, onStage: (stage) => marks.push([stage, performance.now()]) });
    const end = performance.now();
    return marks.map(([stage, at], i) => [stage, (marks[i + 1]?.[1] ?? end) - at]);
  } finally {
    cleanup();
  }
}

export async function run(): Promise<BenchFigure[]> {
  if (!existsSync(SHARED_DATA)) {
    console.log(`  (pulado: dados reais ausentes em ${SHARED_DATA})`);
    return [];
  }
  const csvFiles = files(CSV_DIR, /\.csv$/);
  const jsonFiles = files(OPENFOOTBALL_DIR, /\.json$/);
  const txtFiles = files(OPENFOOTBALL_DIR, /_br.*\.txt$/);

  const csvBaseline: number[] = [];
  const csvIngest: { ms: number; rssMb: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    csvBaseline.push(baseline('read_csv', csvFiles));
    csvIngest.push(ingest([CSV_DIR]));
  }
  const base = median(csvBaseline);
  const ingestMs = median(csvIngest.map((r) => r.ms));
  const peakMb = Math.max(...csvIngest.map((r) => r.rssMb));

  const inputs = csvFiles.map((name) => ({ name, content: readFileSync(name) }));
  const adapterMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    brasileiraoCsvAdapter.read(inputs, {});
    adapterMs.push(performance.now() - started);
  }

  const stages = await stageTimes([CSV_DIR]);

  const ofBaseline: number[] = [];
  const ofIngest: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    ofBaseline.push(baseline('read_json', jsonFiles) + baseline('read_text', txtFiles));
    ofIngest.push(ingest([OPENFOOTBALL_DIR]).ms);
  }

  const csvBase = { name: 'DuckDB read_csv of the 4 files into tables (child process)', value: base };
  const ratio = ingestMs / base;
  return [
    { name: 'CSV family: svc ingest until published (child process)', value: ingestMs, unit: 'ms', baseline: csvBase, target: '≤ 3× baseline', met: ratio <= 3 },
    { name: 'CSV family: svc ingest peak RSS', value: peakMb, unit: 'MB', target: `≤ ${RSS_LIMIT_MB} MB`, met: peakMb <= RSS_LIMIT_MB },
    { name: 'CSV family: adapter only (files → canonical feed, in process)', value: median(adapterMs), unit: 'ms', baseline: csvBase },
    ...stages.map(([stage, ms]) => ({ name: `CSV family: in-process ingest, stage "${stage}"`, value: ms, unit: 'ms', baseline: csvBase })),
    {
      name: `openfootball: svc ingest of all ${jsonFiles.length + txtFiles.length} files (child process)`,
      value: median(ofIngest),
      unit: 'ms',
      baseline: { name: 'DuckDB read_json + read_text of the same files (child processes)', value: median(ofBaseline) },
    },
  ];
}
