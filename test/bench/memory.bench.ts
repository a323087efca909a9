/**
 * Memory against `--cache-mb` (issue #30) at 10× the Brasileirão CSV family (live-scale-data.ts; `--quick` or
 * SVC_BENCH_MEMORY_QUICK=1: 1×): a real `svc serve --cache-mb 128` swept three times over every championship
 * (`/tabela` and the first 100 `/partidas`), printing RSS (/proc VmRSS) after each sweep against the RSS at rest,
 * each sweep's time and its hit rate (`/v1/status` cache `acertos`/`faltas`); then a fresh server swept twice over
 * as many championships as fit the cache, where the second sweep is served from it.
 * Fairness: one server process per part, started and loaded before anything is timed; requests one at a time
 * from this process, so a sweep's time is the server's cold-read cost.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../kit/dirs.js';
import { FIXTURES_NOW, sharedDataSkip } from '../kit/fixtures.js';
import { createKey } from '../kit/keys.js';
import { runSvc, startServeProcess } from '../kit/svc.js';
import { CSV_DIR, readCsvFamily, writeCopies } from './live-scale-data.js';
import type { BenchFigure } from './run.js';

const QUICK = process.argv.includes('--quick') || process.env.SVC_BENCH_MEMORY_QUICK === '1';
const SIZE = QUICK ? 1 : 10;
const CACHE_MB = 128;
/** Championships whose tables and match lists fit 128 MB at any size (measured: ~1.5 MB each). */
const FITTING = 60;

export const title = `memory against --cache-mb ${CACHE_MB}: three sweeps over every championship at ${SIZE}×`;

const rssMb = (pid: number): number =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

async function serve(dataDir: string, key: string) {
  const { server, url } = await startServeProcess(dataDir, ['--cache-mb', String(CACHE_MB)]);
  const get = async (p: string) => {
    const res = await fetch(`${url}${p}`, { headers: { authorization: `Bearer ${key}` } });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${p}: HTTP ${res.status}`);
    return body;
  };
  while ((await fetch(`${url}/readyz`)).status !== 200) await new Promise((r) => setTimeout(r, 20));
  const cache = async () =>
    (
      JSON.parse(Buffer.from(await get('/v1/status')).toString()) as {
        data: { cache: { acertos: number; faltas: number } };
      }
    ).data.cache;
  const sweep = async (ids: readonly number[]) => {
    const before = await cache();
    const t = performance.now();
    for (const id of ids) {
      await get(`/v1/campeonatos/${id}/tabela`);
      await get(`/v1/campeonatos/${id}/partidas?por_pagina=100`);
    }
    const ms = performance.now() - t;
    const after = await cache();
    const hits = after.acertos - before.acertos;
    return { ms, hitRate: hits / (hits + after.faltas - before.faltas), rss: rssMb(server.pid) };
  };
  const ids = (JSON.parse(Buffer.from(await get('/v1/campeonatos')).toString()) as { data: { id: number }[] }).data.map(
    (c) => c.id,
  );
  return {
    ids,
    sweep,
    rest: rssMb(server.pid),
    stop: async () => {
      server.kill('SIGTERM');
      await server.exited;
    },
  };
}

export async function run(): Promise<BenchFigure[]> {
  const skip = sharedDataSkip(CSV_DIR);
  if (skip) {
    console.log(`  skipped: ${skip}`);
    return [];
  }
  const { dir, cleanup } = tempDir('svc-bench-memory-');
  try {
    const dataDir = path.join(dir, 'data');
    const inputs = writeCopies(readCsvFamily(), dir, 1, SIZE);
    const ingest = await runSvc(['ingest', ...inputs, '--backfill', '--now', FIXTURES_NOW, '--data-dir', dataDir]);
    if (ingest.code !== 0) throw new Error(`svc ingest failed (${ingest.code}): ${ingest.stderr}`);
    const key = await createKey(dataDir, 'bench', 'enterprise');

    const full = await serve(dataDir, key);
    const sweeps = [];
    try {
      for (let i = 0; i < 3; i++) sweeps.push(await full.sweep(full.ids));
    } finally {
      await full.stop();
    }
    for (const [i, s] of sweeps.entries())
      console.log(
        `  sweep ${i + 1} of ${full.ids.length} championships: ${Math.round(s.ms)} ms, hit rate ${(100 * s.hitRate).toFixed(0)} %, RSS ${Math.round(s.rss)} MB`,
      );

    const fit = await serve(dataDir, key);
    let first: { ms: number };
    let second: { ms: number; hitRate: number };
    try {
      first = await fit.sweep(fit.ids.slice(0, FITTING));
      second = await fit.sweep(fit.ids.slice(0, FITTING));
    } finally {
      await fit.stop();
    }
    const last = sweeps.at(-1)!;
    const grown = last.rss - full.rest;
    return [
      {
        name: `RSS after 3 sweeps of every championship at ${SIZE}× (at rest ${Math.round(full.rest)} MB; hit rates ${sweeps.map((s) => `${(100 * s.hitRate).toFixed(0)} %`).join(', ')})`,
        value: last.rss,
        unit: 'MB',
        target: '≤ 350 MB at 10×',
        ...(SIZE >= 10 && { met: last.rss <= 350 }),
      },
      {
        name: 'RSS grown beyond the server at rest, after 3 sweeps',
        value: grown,
        unit: 'MB',
        baseline: { name: `--cache-mb`, value: CACHE_MB },
        target: '≤ 1.5 × --cache-mb',
        met: grown <= 1.5 * CACHE_MB,
      },
      {
        name: `second sweep of ${FITTING} championships (they fit the cache; hit rate ${(100 * second.hitRate).toFixed(0)} %)`,
        value: second.ms,
        unit: 'ms',
        baseline: { name: 'the first sweep, cold', value: first.ms },
        target: '≥ 5× faster than the first',
        met: first.ms >= 5 * second.ms,
      },
    ];
  } finally {
    cleanup();
  }
}
