/**
 * CPU per request of authenticated `GET /v1/campeonatos/1/tabela` (issue #30: what a request does besides Koa
 * ≤ 25 % of Koa's own CPU): `svc serve`, a bare Koa app and bare `node:http` serving svc's bytes and headers,
 * each a child process loaded at a fixed open-loop rate (latency-probe.ts) in alternating runs; the figure is
 * the child's user + system CPU (from /proc) over the requests answered, so a busy machine slows the runs but
 * hardly moves it. `SVC_BENCH_CPU_RATE` (default 3000 req/s), `SVC_BENCH_CPU_SECONDS` (default 5) per run;
 * `SVC_BENCH_CPU_BEFORE=/other/checkout/bin/svc` adds another build of svc, on its own copy of the data, to the
 * same alternating runs (a before/after figure).
 */
import { cpSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { createKey, UNLIMITED } from '../kit/keys.js';
import { resolveDataDir } from '../../src/data-dir.js';
import { tempDir } from '../kit/dirs.js';
import { DEMO_FIXTURES, REPO_ROOT } from '../kit/fixtures.js';
import { ingestSqlite } from '../kit/ingest.js';
import { SVC_BIN } from '../kit/svc.js';
import { probeLatency } from './latency-probe.js';
import { startChild, stopChild } from './processes.js';
import type { BenchFigure } from './run.js';
import { cpuMicros } from './proc.js';

export const title = 'API CPU per request: svc serve vs bare Koa vs bare node:http';

const ROUTE = '/v1/campeonatos/1/tabela';
const RATE = Number(process.env.SVC_BENCH_CPU_RATE ?? 3000);
const SECONDS = Number(process.env.SVC_BENCH_CPU_SECONDS ?? 5);
const ROUNDS = 3;
const CONNECTIONS = 16;
const PER_RESPONSE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

async function cpuPerRequest(child: ChildProcess, url: string, headers?: Record<string, string>): Promise<number> {
  const before = cpuMicros(child.pid!);
  const r = await probeLatency({ url, rate: RATE, seconds: SECONDS, connections: CONNECTIONS, headers });
  if (r.failed > 0) throw new Error(`${url}: ${r.failed} failed`);
  return (cpuMicros(child.pid!) - before) / r.latencies.length;
}

export async function run(): Promise<BenchFigure[]> {
  const { dir, cleanup } = tempDir('svc-bench-api-cpu-');
  const children: ChildProcess[] = [];
  const before = process.env.SVC_BENCH_CPU_BEFORE;
  let beforeDir: { dir: string; cleanup: () => void } | undefined;
  try {
    const dataDir = resolveDataDir(dir);
    await ingestSqlite({ dataDir, inputs: [DEMO_FIXTURES] });
    const key = await createKey(dataDir.root, 'bench', 'enterprise', 'all', UNLIMITED);
    const headers = { authorization: `Bearer ${key}` };
    if (before) cpSync(dir, (beforeDir = tempDir('svc-bench-api-cpu-before-')).dir, { recursive: true });
    const serve = await startChild(
      [SVC_BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dir],
      /ouvindo em (http:\/\/[\d.:]+)/,
      true,
    );
    children.push(serve.child);
    const svcUrl = serve.match[1]!;
    const res = await fetch(`${svcUrl}${ROUTE}`, { headers: { ...headers, 'accept-encoding': 'identity' } });
    if (res.status !== 200) throw new Error(`${ROUTE}: ${res.status}`);
    const sent = Object.fromEntries([...res.headers].filter(([k]) => !PER_RESPONSE_HEADERS.has(k)));
    const bodiesFile = path.join(dir, 'bodies.json');
    writeFileSync(
      bodiesFile,
      JSON.stringify({ [ROUTE]: { body: Buffer.from(await res.arrayBuffer()).toString('base64'), headers: sent } }),
    );
    const bare = async (file: string) => {
      const c = await startChild(
        ['--import', 'tsx', path.join(REPO_ROOT, 'test/bench', file), bodiesFile],
        /port (\d+)/,
      );
      children.push(c.child);
      return { child: c.child, url: `http://127.0.0.1:${c.match[1]}${ROUTE}` };
    };
    const koa = await bare('api-bare-koa.ts');
    const raw = await bare('api-bare-http.ts');

    const svc = { child: serve.child, url: `${svcUrl}${ROUTE}`, headers };
    const servers: Record<string, { child: ChildProcess; url: string; headers?: Record<string, string> }> = {
      svc,
      koa,
      raw,
    };
    if (before && beforeDir) {
      const other = await startChild(
        [before, 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', beforeDir.dir],
        /ouvindo em (http:\/\/[\d.:]+)/,
        true,
      );
      children.push(other.child);
      servers.before = { child: other.child, url: `${other.match[1]}${ROUTE}`, headers };
    }
    // Warm-up: JIT and the memoised response.
    for (const s of Object.values(servers)) await cpuPerRequest(s.child, s.url, s.headers);
    const runs: Record<string, number[]> = Object.fromEntries(Object.keys(servers).map((k) => [k, []]));
    const loads: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, s] of Object.entries(servers)) {
        runs[name]!.push(await cpuPerRequest(s.child, s.url, s.headers));
        loads.push(os.loadavg()[0]!);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const us = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
    const load = `load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
    const [s, k, r] = [median(runs.svc!), median(runs.koa!), median(runs.raw!)];
    const figures: BenchFigure[] = [
      {
        name: `CPU per request ${ROUTE}, svc serve (${RATE} req/s open loop, ${ROUNDS} runs: ${us(runs.svc!)} µs; bare Koa ${us(runs.koa!)}; ${load})`,
        value: s,
        unit: 'µs',
        baseline: { name: 'bare Koa, same bytes and headers', value: k },
        target: 'svc − Koa ≤ 25 % of Koa',
        met: s - k <= 0.25 * k,
      },
      {
        name: `CPU per request ${ROUTE}, svc serve vs bare node:http (${us(runs.raw!)} µs)`,
        value: s,
        unit: 'µs',
        baseline: { name: 'bare node:http, same bytes and headers', value: r },
      },
    ];
    if (runs.before)
      figures.push({
        name: `CPU per request ${ROUTE}, svc serve vs ${before} (${us(runs.before)} µs)`,
        value: s,
        unit: 'µs',
        baseline: { name: 'the other build', value: median(runs.before) },
      });
    return figures;
  } finally {
    for (const c of children) await stopChild(c);
    cleanup();
    beforeDir?.cleanup();
  }
}
