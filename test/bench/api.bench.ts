/**
 * Read API throughput and latency vs a bare Koa app serving the same bytes on the same routes (same run, 64
 * connections; throughput from wrk when installed, else autocannon, see load-generator.ts; p99 from the
 * latency probe, latency-probe.ts, with wrk's own p99 printed beside it); 20 snapshot
 * swaps during a 30 s load and RSS after 1 M requests (autocannon: route mixes and request counts).
 * `svc serve` and the baseline each run as a child process. `SVC_BENCH_API_THROUGHPUT_ONLY=1` stops after the
 * throughput figures (while working on them).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SqliteAccountsStore } from '../../src/control/accounts-store.js';
import { openControlDb } from '../../src/control/database.js';
import { resolveDataDir } from '../../src/data-dir.js';
import { ingest } from '../../src/warehouse/ingest.js';
import { listSnapshots, writeCurrentId } from '../../src/warehouse/snapshot-store.js';
import { REPO_ROOT, SVC_BIN, tempDir } from '../helpers/cli.js';
import { probeLatency } from './latency-probe.js';
import { loadGenerator, type LoadFigures } from './load-generator.js';
import type { BenchFigure } from './run.js';
import { median } from './stats.js';

interface LoadResult {
  requests: { average: number; total: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
interface LoadOptions {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  headers?: Record<string, string>;
  requests?: { path: string }[];
}
const autocannon = createRequire(import.meta.url)('autocannon') as (o: LoadOptions) => Promise<LoadResult>;

export const title = 'Read API (svc serve) vs bare Koa';

const CONNECTIONS = 64;
const SECONDS = Number(process.env.SVC_BENCH_API_SECONDS ?? 8);
const ROUNDS = 4;

const ROUND_SECONDS = Math.max(1, Math.round(SECONDS / ROUNDS));
// Steady state is what is measured: a fresh Node process spends its first seconds under load compiling
// (a 1 s warm-up left the next 2 s run at p99 ≈ 110 ms and two-thirds of the rate; from the 3rd s on,
// p99 5–7 ms). Both servers get the same warm-up.
const WARMUP_SECONDS = 3;
const MILLION = Number(process.env.SVC_BENCH_API_REQUESTS ?? 1_000_000);

/**
 * Starts a child and waits for `ready` on stdout or stderr. `quietStdout` sends stdout (svc's access log) to
 * /dev/null, so draining it does not cost the load generator's process CPU.
 */
function startChild(args: string[], ready: RegExp, quietStdout = false): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', quietStdout ? 'ignore' : 'pipe', 'pipe'] });
  let seen = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      seen += d.toString('utf8');
      const match = ready.exec(seen);
      if (match) resolve({ child, match });
    };
    child.stdout?.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${seen}`)));
  });
}

/** ROUNDS alternating runs of the baseline and svc, so a change in the machine's load hits both alike. */
async function alternate<T>(baseline: () => Promise<T>, svc: () => Promise<T>): Promise<{ base: T[]; svc: T[] }> {
  const runs = { base: [] as T[], svc: [] as T[] };
  for (let round = 0; round < ROUNDS; round++) {
    runs.base.push(await baseline());
    runs.svc.push(await svc());
  }
  return runs;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

export async function run(): Promise<BenchFigure[]> {
  const { dir, cleanup } = tempDir('svc-bench-api-');
  const figures: BenchFigure[] = [];
  const children: ChildProcess[] = [];
  try {
    const dataDir = resolveDataDir(dir);
    await ingest({ dataDir, inputs: [path.join(REPO_ROOT, 'fixtures/demo')] });
    const db = openControlDb(dataDir.controlDb);
    const accounts = new SqliteAccountsStore(db);
    const account = accounts.createAccount('bench', 'enterprise', { cota_requisicoes: 1_000_000_000, requisicoes_por_segundo: 1_000_000 });
    const key = accounts.createKey(account.id, null).key;
    db.close();
    const headers = { authorization: `Bearer ${key}` };

    // The access log (stdout) goes to /dev/null; the URL comes from the human line on stderr.
    const serve = await startChild([SVC_BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dir], /ouvindo em (http:\/\/[\d.:]+)/, true);
    children.push(serve.child);
    const svcUrl = serve.match[1]!;

    const routes = ['/v1/campeonatos/1/tabela', '/v1/campeonatos/1/partidas?pagina=2&por_pagina=50', '/v1/partidas/ao-vivo', '/v1/partidas/328/estatisticas'];
    const bodies: Record<string, string> = {};
    for (const r of routes) {
      const res = await fetch(`${svcUrl}${r}`, { headers });
      if (res.status !== 200) throw new Error(`${r}: ${res.status}`);
      bodies[r.split('?')[0]!] = Buffer.from(await res.arrayBuffer()).toString('base64');
    }
    const bodiesFile = path.join(dir, 'bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    const bare = await startChild(['--import', 'tsx', path.join(REPO_ROOT, 'test/bench/api-bare-koa.ts'), bodiesFile], /port (\d+)/);
    children.push(bare.child);
    const bareUrl = `http://127.0.0.1:${bare.match[1]}`;

    const generator = loadGenerator();
    console.log(`  (throughput: ${generator.name}, ${CONNECTIONS} connections, ${ROUNDS} alternating runs of ${ROUND_SECONDS} s per route and server; p99: latency probe, same connections and runs)`);
    for (const r of routes) {
      const svcRun = { url: `${svcUrl}${r}`, connections: CONNECTIONS, seconds: ROUND_SECONDS, headers };
      const bareRun = { url: `${bareUrl}${r}`, connections: CONNECTIONS, seconds: ROUND_SECONDS };
      // Warm both (JIT, memoised body) before measuring; the probe warms itself on the first route.
      await generator.measure({ ...svcRun, seconds: WARMUP_SECONDS });
      await generator.measure({ ...bareRun, seconds: WARMUP_SECONDS });
      if (r === routes[0]) await probeLatency({ ...bareRun, seconds: 1 });
      // Alternate short runs of each, so a change in the machine's load hits both alike.
      const throughput = await alternate(() => generator.measure(bareRun), () => generator.measure(svcRun));
      const latency = await alternate(() => probeLatency(bareRun), () => probeLatency(svcRun));
      const rate = (runs: LoadFigures[]) => runs.reduce((sum, x) => sum + x.requestsPerSecond, 0) / runs.length;
      // p99 of a typical run (each starts with 64 fresh connections, accepted over up to ~0.5 s on a busy
      // 2-core box); the worst run is printed beside it.
      const p99 = (runs: LoadFigures[]) => median(runs.map((x) => x.p99Ms));
      const worst = (runs: LoadFigures[]) => Math.max(...runs.map((x) => x.p99Ms)).toFixed(1);
      const probeCpu = Math.max(...[...latency.base, ...latency.svc].map((x) => x.probeCpu));
      const failed = [...throughput.svc, ...latency.svc].reduce((sum, x) => sum + x.failed, 0);
      figures.push({
        name: `throughput ${r}`,
        value: rate(throughput.svc),
        unit: 'req/s',
        baseline: { name: 'bare Koa, same bytes', value: rate(throughput.base) },
        target: '≥ 60 % of baseline',
        met: rate(throughput.svc) / rate(throughput.base) >= 0.6 && failed === 0,
      });
      figures.push({
        name: `p99 latency ${r} (median of ${ROUNDS} probe runs; worst run ${worst(latency.svc)} ms, baseline's ${worst(latency.base)} ms; probe CPU ≤ ${Math.round(probeCpu * 100)} %; ${generator.name}'s own p99 ${p99(throughput.svc).toFixed(1)} ms, baseline's ${p99(throughput.base).toFixed(1)} ms)`,
        value: p99(latency.svc),
        unit: 'ms',
        baseline: { name: 'bare Koa p99', value: p99(latency.base) },
        target: '≤ 25 ms',
        // A probe near a full core measured its own queueing, not the server's.
        met: p99(latency.svc) <= 25 && failed === 0 && probeCpu < 0.9,
      });
    }
    await stop(bare.child);
    if (process.env.SVC_BENCH_API_THROUGHPUT_ONLY === '1') return figures;

    // 20 snapshot swaps under a 30 s load. The snapshots are published beforehand by real ingests of the
    // live-day feeds (an ingest takes longer than 1.5 s on a busy machine); during the load CURRENT is moved
    // between them every 1.4 s, exactly as a publish or a rollback moves it.
    const liveDay = path.join(REPO_ROOT, 'fixtures/live-day');
    for (const f of readdirSync(liveDay).filter((x) => x.endsWith('.json')).sort()) await ingest({ dataDir, inputs: [path.join(liveDay, f)] });
    const ids = listSnapshots(dataDir).map((m) => m.id);
    const load = autocannon({
      url: svcUrl,
      connections: CONNECTIONS,
      duration: 40,
      headers,
      requests: [{ path: '/v1/partidas/ao-vivo' }, { path: '/v1/campeonatos/1/tabela' }, { path: '/v1/partidas/337/eventos' }],
    });
    const served = async () => ((await (await fetch(`${svcUrl}/v1/status`)).json()) as { data: { snapshot: { id: string } } }).data.snapshot.id;
    let swaps = 0;
    const swapStart = Date.now();
    for (let i = 0; i < 20; i++) {
      const id = ids[i % ids.length]!;
      const slot = Date.now() + 1_400;
      writeCurrentId(dataDir, id);
      // Wait for the server to serve it (bounded), then for the rest of the 1.4 s slot.
      for (let t = 0; t < 100 && (await served()) !== id; t++) await new Promise((r) => setTimeout(r, 50));
      if ((await served()) === id) swaps++;
      await new Promise((r) => setTimeout(r, Math.max(0, slot - Date.now())));
    }
    const swapSeconds = (Date.now() - swapStart) / 1000;
    const during = await load;
    figures.push({ name: `failed requests during 20 snapshot swaps in ${swapSeconds.toFixed(1)} s (${swaps} confirmed by /v1/status; 40 s load)`, value: during.non2xx + during.errors + during.timeouts, unit: 'requests', target: '0 with 20 swaps in ≤ 30 s', met: swaps === 20 && swapSeconds <= 30 && during.non2xx + during.errors + during.timeouts === 0 });
    figures.push({ name: 'requests served during the swaps', value: during.requests.total, unit: 'requests' });

    // RSS after a million requests over a mix of routes.
    const rssBefore = rssMb(serve.child.pid!);
    const million = await autocannon({ url: svcUrl, connections: CONNECTIONS, amount: MILLION, headers, requests: routes.map((p) => ({ path: p })) });
    const rssAfter = rssMb(serve.child.pid!);
    figures.push({ name: `RSS of svc serve after ${million.requests.total} requests`, value: rssAfter, unit: 'MB', baseline: { name: 'RSS before', value: rssBefore }, target: '≤ 300 MB', met: rssAfter <= 300 && million.non2xx === 0 });
  } finally {
    for (const c of children) if (c.exitCode === null) await stop(c);
    cleanup();
  }
  return figures;
}
