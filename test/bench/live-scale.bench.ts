/**
 * Growth (issue #14): what a live update costs as stored history grows. For 1× and 10× the Brasileirão CSV
 * family as distinct data (live-scale-data.ts, written to a temp dir), plus the demo: a real `svc serve`
 * (bin/svc, port 0) is cold-started on the data dir, then the live-day steps are ingested one fresh
 * `svc ingest` process each, as cron runs them, while a client polls `GET /v1/partidas/ao-vivo`. Printed per
 * size: ingest of one step (process wall time), server swap (serve's `snapshot_carregado` log `ms`),
 * ingest-start-to-visible (first poll whose ETag changed, over the steps that change that resource), cold
 * start to ready (`/readyz` 200), steady and peak RSS of serve (/proc VmRSS after the steps, VmHWM), and at
 * 10× each figure's ratio to 1×; then, at the largest size, API throughput while real ingests make 20 swaps.
 * The same steps again through one `svc ingest --follow` process on a copy of the data dir (each step renamed into
 * the followed file): change → published (the follower's round) and change → visible, the figures of issue #30.
 * `--quick` (or SVC_BENCH_LIVE_SCALE_QUICK=1): 1× only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createKey, UNLIMITED } from '../kit/keys.js';
import { DEMO_FIXTURES, FIXTURES_NOW, LIVE_DAY, REPO_ROOT } from '../kit/fixtures.js';
import { SVC_BIN } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';
import { readCsvFamily, writeCopies } from './live-scale-data.js';
import type { BenchFigure } from './run.js';
import { median, percentile } from './stats.js';
import { memoryMb } from './proc.js';

export const title = 'live at scale: 1× and 10× the CSV family, live-day steps against a running svc serve';

const QUICK = process.argv.includes('--quick') || process.env.SVC_BENCH_LIVE_SCALE_QUICK === '1';
const SIZES = QUICK ? [1] : [1, 10];
const SWAPS = 20;
const POLL_MS = 10;
const STEPS = readdirSync(LIVE_DAY)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => path.join(LIVE_DAY, f));
const LOAD_ROUTES = ['/v1/partidas/ao-vivo', '/v1/campeonatos', '/v1/campeonatos/1/tabela'];

interface AutocannonResult {
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type AutocannonInstance = PromiseLike<AutocannonResult> & { stop(): void };
const autocannon = createRequire(import.meta.url)('autocannon') as (o: object) => AutocannonInstance;

interface IngestRun {
  wallMs: number;
  snapshotId: string | null;
  nadaMudou: boolean;
}

/** A fresh `svc ingest` process, as cron runs it; wall time from spawn to exit. Async: the poller keeps running. */
function ingest(dataDir: string, inputs: readonly string[], extra: readonly string[] = []): Promise<IngestRun> {
  const started = performance.now();
  const child = spawn(process.execPath, [SVC_BIN, 'ingest', ...inputs, '--data-dir', dataDir, '--json', ...extra], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      const wallMs = performance.now() - started;
      if (code !== 0) return reject(new Error(`svc ingest ${inputs.join(' ')} exited ${String(code)}: ${err}`));
      const s = JSON.parse(out) as { snapshot_id: string | null; nada_mudou?: boolean };
      resolve({ wallMs, snapshotId: s.snapshot_id, nadaMudou: s.nada_mudou === true });
    });
  });
}

/** `svc serve` as a child: its snapshot log lines (stdout JSON) and memory. */
class Serve {
  readonly loaded = new Map<string, number>();
  private waiters: { id: string; resolve: (ms: number) => void }[] = [];
  private pending = '';

  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.stdout!.on('data', (d: Buffer) => {
      const lines = (this.pending + d.toString('utf8')).split('\n');
      this.pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.includes('"snapshot_carregado"')) continue;
        const { snapshot, ms } = JSON.parse(line) as { snapshot: string; ms: number };
        this.loaded.set(snapshot, ms);
        this.waiters = this.waiters.filter((w) => (w.id === snapshot ? (w.resolve(ms), false) : true));
      }
    });
  }

  /** Spawns serve and waits for `/readyz` 200; returns it with the cold start (spawn → ready) in ms. */
  static async start(dataDir: string): Promise<{ serve: Serve; coldStartMs: number }> {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [SVC_BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const url = await new Promise<string>((resolve, reject) => {
      let seen = '';
      child.stderr.on('data', (d: Buffer) => {
        seen += d.toString('utf8');
        const m = /ouvindo em (http:\/\/[\d.:]+)/.exec(seen);
        if (m) resolve(m[1]!);
      });
      child.on('exit', (code) => reject(new Error(`svc serve exited ${String(code)}: ${seen}`)));
    });
    const serve = new Serve(child, url);
    while (
      (await fetch(`${url}/readyz`).then(
        (r) => r.status,
        () => 0,
      )) !== 200
    )
      await sleep(20);
    return { serve, coldStartMs: performance.now() - started };
  }

  /** The swap's `ms` once serve logs having loaded `id`. */
  swapped(id: string, timeoutMs = 300_000): Promise<number> {
    const known = this.loaded.get(id);
    if (known !== undefined) return Promise.resolve(known);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`svc serve did not load snapshot ${id} in ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({ id, resolve: (ms) => (clearTimeout(timer), resolve(ms)) });
    });
  }

  /** VmRSS and VmHWM (peak) in MB. */
  memory(): { rss: number; peak: number } {
    const pid = this.child.pid ?? 0;
    return { rss: memoryMb(pid), peak: memoryMb(pid, 'VmHWM') };
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null) return resolve();
      this.child.removeAllListeners('exit');
      this.child.once('exit', () => resolve());
      this.child.kill('SIGTERM');
    });
  }
}

/** Polls one route every POLL_MS; records when its ETag changes. */
class Poller {
  readonly changes: { at: number; etag: string }[] = [];
  private etag = '';
  private polls = 0;
  private running = true;
  private readonly done: Promise<void>;

  private failure: unknown = null;

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
  ) {
    // Held until stop(): a failed poll ends the loop and is thrown there, not as an unhandled rejection.
    this.done = this.loop().catch((err: unknown) => {
      this.failure = err;
    });
  }

  private async loop(): Promise<void> {
    while (this.running) {
      const res = await fetch(this.url, { headers: this.headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${this.url}: ${res.status}`);
      const etag = res.headers.get('etag') ?? '';
      if (etag !== this.etag) {
        if (this.etag !== '') this.changes.push({ at: performance.now(), etag });
        this.etag = etag;
      }
      this.polls++;
      await sleep(POLL_MS);
    }
  }

  /** Resolves after two more polls have completed (one that surely started after the call). */
  async settled(): Promise<void> {
    const target = this.polls + 2;
    while (this.polls < target && this.failure === null && this.running) await sleep(POLL_MS);
    if (this.failure !== null) throw this.failure;
  }

  /** The first change at or after `t`, in ms after `t`; null when none. */
  visibleAfter(t: number): number | null {
    const c = this.changes.find((x) => x.at >= t);
    return c ? c.at - t : null;
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.done;
    if (this.failure !== null) throw this.failure;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

async function apiKey(dataDir: string): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await createKey(dataDir, 'bench', 'enterprise', 'all', UNLIMITED)}` };
}

interface SizeFigures {
  size: number;
  /** Followed file: written → the follower's published line, and written → visible in /v1/partidas/ao-vivo. */
  followRoundMs: number[];
  followVisibleMs: number[];
  partidas: number;
  loadSeconds: number;
  ingestMs: number[];
  swapMs: number[];
  visibleMs: number[];
  coldStartMs: number;
  steadyRssMb: number;
  peakRssMb: number;
}

/** Loads `size` copies plus the demo, cold-starts serve, replays the live day. Leaves serve running for the caller. */
async function measureSize(
  size: number,
  copies: string[],
  dataDir: string,
): Promise<{ figures: SizeFigures; serve: Serve; headers: Record<string, string> }> {
  const loadStarted = performance.now();
  // History as an operator loads it: --backfill, one copy per process, only the newest snapshot kept.
  for (const file of copies.slice(0, size)) await ingest(dataDir, [file], ['--backfill', '--keep', '1']);
  await ingest(dataDir, [DEMO_FIXTURES], ['--backfill', '--keep', '1']);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const headers = await apiKey(dataDir);
  // The same history for the --follow pass (measureFollow), before the cron pass changes it.
  cpSync(dataDir, `${dataDir}-follow`, { recursive: true });
  const { serve, coldStartMs } = await Serve.start(dataDir);
  const current = readFileSync(path.join(dataDir, 'CURRENT'), 'utf8').trim();
  const { partidas } = (
    JSON.parse(readFileSync(path.join(dataDir, 'snapshots', `${current}.json`), 'utf8')) as {
      contagens: { partidas?: number };
    }
  ).contagens;
  const poller = new Poller(`${serve.url}/v1/partidas/ao-vivo`, headers);
  const figures: SizeFigures = {
    size,
    partidas: partidas ?? NaN,
    loadSeconds,
    followRoundMs: [],
    followVisibleMs: [],
    ingestMs: [],
    swapMs: [],
    visibleMs: [],
    coldStartMs,
    steadyRssMb: NaN,
    peakRssMb: NaN,
  };
  try {
    for (const step of STEPS) {
      const t0 = performance.now();
      const run = await ingest(dataDir, [step], ['--now', FIXTURES_NOW]);
      figures.ingestMs.push(run.wallMs);
      if (run.nadaMudou || run.snapshotId === null) continue;
      figures.swapMs.push(await serve.swapped(run.snapshotId));
      await poller.settled();
      const visible = poller.visibleAfter(t0);
      // A step that does not change the live list (a card, a substitution) shows nothing there.
      if (visible !== null) figures.visibleMs.push(visible);
    }
  } finally {
    await poller.stop();
  }
  await sleep(1000);
  const mem = serve.memory();
  figures.steadyRssMb = mem.rss;
  figures.peakRssMb = mem.peak;
  console.log(
    `  (${size}×: ${figures.partidas} matches stored, history loaded in ${loadSeconds.toFixed(0)} s; ${figures.swapMs.length} swaps, ${figures.visibleMs.length} visible in /v1/partidas/ao-vivo)`,
  );
  return { figures, serve, headers };
}

/**
 * The live day through one `svc ingest --follow` process on the copy measureSize made: each step is written aside
 * and renamed into the followed file, as a feed writer publishes it; the follower's line names the snapshot.
 */
async function measureFollow(dataDir: string, headers: Record<string, string>, figures: SizeFigures): Promise<void> {
  const { serve } = await Serve.start(dataDir);
  const followed = path.join(dataDir, 'live.json');
  writeFileSync(followed, readFileSync(STEPS[0]!));
  const follower = spawn(
    process.execPath,
    [SVC_BIN, 'ingest', followed, '--follow', '--every', '1h', '--json', '--data-dir', dataDir, '--now', FIXTURES_NOW],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const rounds: { at: number; snapshot: string | null }[] = [];
  let pending = '';
  follower.stdout!.on('data', (d: Buffer) => {
    const lines = (pending + d.toString('utf8')).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines)
      rounds.push({
        at: performance.now(),
        snapshot: (JSON.parse(line) as { snapshot_id?: string }).snapshot_id ?? null,
      });
  });
  const roundAfter = async (n: number) => {
    while (rounds.length < n) await sleep(1);
    return rounds[n - 1]!;
  };
  const poller = new Poller(`${serve.url}/v1/partidas/ao-vivo`, headers);
  try {
    // The first step, taken at start: the process is warm from here on. Like every later step, the next one is
    // written once the server has swapped to this round's snapshot and the poller has seen it: written at once, it
    // met the server loading that snapshot and the follower copying it for the next round (its figure 88–144 ms in
    // runs whose other steps took 58–101 ms).
    const first = await roundAfter(1);
    if (first.snapshot !== null) await serve.swapped(first.snapshot);
    await poller.settled();
    for (const [i, step] of STEPS.slice(1).entries()) {
      writeFileSync(`${followed}.tmp`, readFileSync(step));
      const t0 = performance.now();
      renameSync(`${followed}.tmp`, followed);
      const round = await roundAfter(i + 2);
      figures.followRoundMs.push(round.at - t0);
      if (round.snapshot === null) continue;
      await serve.swapped(round.snapshot);
      await poller.settled();
      const visible = poller.visibleAfter(t0);
      if (visible !== null) figures.followVisibleMs.push(visible);
    }
  } finally {
    await poller.stop();
    follower.kill('SIGTERM');
    await serve.stop();
  }
  // Nine steps make the p99 their slowest: each step's figure, so that one slow step shows as one.
  const each = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
  console.log(
    `  (--follow, step by step: published ${each(figures.followRoundMs)} ms; visible ${each(figures.followVisibleMs)} ms)`,
  );
}

/** API load while real ingests publish SWAPS snapshots; failed = non-2xx, errors and timeouts. */
async function loadDuringSwaps(
  serve: Serve,
  headers: Record<string, string>,
  dataDir: string,
): Promise<{ rate: number; total: number; failed: number; swaps: number; seconds: number }> {
  const started = performance.now();
  const load = autocannon({
    url: serve.url,
    connections: 32,
    duration: 3600,
    headers,
    requests: LOAD_ROUTES.map((p) => ({ path: p })),
  });
  let swaps = 0;
  // Cycling through the live day: going back to its first step changes the matches again, which the loader
  // refuses as a move back in time unless told (--allow-regress); without it the second lap published nothing.
  for (let i = 0; swaps < SWAPS && i < SWAPS * 3; i++) {
    const run = await ingest(dataDir, [STEPS[i % STEPS.length]!], ['--now', FIXTURES_NOW, '--allow-regress']);
    if (run.nadaMudou || run.snapshotId === null) continue;
    await serve.swapped(run.snapshotId);
    swaps++;
  }
  load.stop();
  const r = await load;
  return {
    rate: r.requests.average,
    total: r.requests.total,
    failed: r.non2xx + r.errors + r.timeouts,
    swaps,
    seconds: (performance.now() - started) / 1000,
  };
}

export async function run(): Promise<BenchFigure[]> {
  const { dir, cleanup } = tempDir('svc-bench-live-scale-');
  const results: SizeFigures[] = [];
  const out: BenchFigure[] = [];
  let serve: Serve | null = null;
  try {
    const largest = Math.max(...SIZES);
    const copies = writeCopies(readCsvFamily(), dir, 1, largest);
    for (const size of SIZES) {
      const dataDir = path.join(dir, `data-${size}x`);
      const measured = await measureSize(size, copies, dataDir);
      serve = measured.serve;
      results.push(measured.figures);
      if (size === largest) {
        const load = await loadDuringSwaps(serve, measured.headers, dataDir);
        out.push({
          name: `API throughput during ${load.swaps} swaps by real ingests at ${size}× (${load.total} requests in ${load.seconds.toFixed(0)} s, 32 connections, ${LOAD_ROUTES.join(' ')})`,
          value: load.rate,
          unit: 'req/s',
        });
        out.push({
          name: `failed requests during those ${load.swaps} swaps`,
          value: load.failed,
          unit: 'requests',
          target: `0 across ${SWAPS} swaps`,
          met: load.failed === 0 && load.swaps === SWAPS,
        });
      }
      await serve.stop();
      serve = null;
      await measureFollow(`${dataDir}-follow`, measured.headers, measured.figures);
    }
  } finally {
    await serve?.stop();
    cleanup();
  }
  return [...sizeFigures(results), ...out];
}

/** Per size: the figures, with the targets beside those of the largest size and the ratio to 1×. */
function sizeFigures(results: readonly SizeFigures[]): BenchFigure[] {
  const first = results[0]!;
  const largest = results.at(-1)!;
  const p99 = (xs: readonly number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      99,
    );
  const figures: [string, (r: SizeFigures) => number, string, string | null, ((v: number) => boolean) | null][] = [
    [
      'live ingest of one step (fresh process, median of the steps)',
      (r) => median(r.ingestMs),
      'ms',
      '≤ 300 ms',
      (v) => v <= 300,
    ],
    ['server swap (snapshot_carregado ms, median)', (r) => median(r.swapMs), 'ms', '≤ 100 ms', (v) => v <= 100],
    ['server swap (worst)', (r) => Math.max(...r.swapMs), 'ms', null, null],
    ['ingest start → visible in /v1/partidas/ao-vivo, p50', (r) => median(r.visibleMs), 'ms', null, null],
    [
      'ingest start → visible in /v1/partidas/ao-vivo, p99',
      (r) => p99(r.visibleMs),
      'ms',
      '≤ 1000 ms',
      (v) => v <= 1000,
    ],
    ['followed feed (--follow): file renamed in → published, p50', (r) => median(r.followRoundMs), 'ms', null, null],
    [
      'followed feed (--follow): file renamed in → visible in /v1/partidas/ao-vivo, p50',
      (r) => median(r.followVisibleMs),
      'ms',
      null,
      null,
    ],
    [
      'followed feed (--follow): file renamed in → visible in /v1/partidas/ao-vivo, p99',
      (r) => p99(r.followVisibleMs),
      'ms',
      '≤ 100 ms',
      (v) => v <= 100,
    ],
    ['cold start of svc serve to /readyz 200', (r) => r.coldStartMs, 'ms', '≤ 3000 ms', (v) => v <= 3000],
    ['steady RSS of svc serve (after the steps)', (r) => r.steadyRssMb, 'MB', '≤ 500 MB', (v) => v <= 500],
    ['peak RSS of svc serve (VmHWM)', (r) => r.peakRssMb, 'MB', '≤ 700 MB', (v) => v <= 700],
  ];
  const out: BenchFigure[] = [];
  for (const r of results) {
    for (const [name, value, unit, target, met] of figures) {
      const v = value(r);
      const f: BenchFigure = { name: `${r.size}×: ${name}`, value: v, unit };
      if (r !== first) f.baseline = { name: `${first.size}×`, value: value(first) };
      if (r === largest && target && met) {
        f.target = `${target} at 10×`;
        f.met = met(v);
      }
      out.push(f);
    }
  }
  if (results.length > 1) {
    for (const [name, value] of [
      ['swap (median)', (r: SizeFigures) => median(r.swapMs)],
      ['ingest → visible (p99)', (r: SizeFigures) => p99(r.visibleMs)],
    ] as const) {
      const growth = value(largest) / value(first);
      out.push({
        name: `growth ${first.size}× → ${largest.size}× of ${name}`,
        value: growth,
        unit: '×',
        target: '≤ 2×',
        met: growth <= 2,
      });
    }
  }
  return out;
}
