/**
 * Memory against `--cache-mb` (issue #30) at 10× the Brasileirão CSV family (live-scale-data.ts; `--quick` or
 * SVC_BENCH_MEMORY_QUICK=1: 1×): a real `svc serve --cache-mb 128` swept three times over every championship
 * (`/tabela` and the first 100 `/partidas`: issue #30's sweep), then twice more adding the events of each
 * championship's first match, which reads its match details (at 10× more than the cache holds: every such sweep
 * evicts, the cache stays full), printing RSS (/proc VmRSS) after each sweep against the RSS at rest, each sweep's
 * time, its hit rate (`/v1/status` cache `acertos`/`faltas`) and the bytes the cache counts; then a fresh server
 * swept twice over as many championships as fit the cache, where the second sweep is served from it; then a cold
 * `/tabela` (a championship's first request) at 1× and 10×, alternated.
 * Fairness: one server process per part, started and loaded before anything is timed; requests one at a time
 * from this process, so a sweep's time is the server's cold-read cost.
 */
import path from 'node:path';
import { tempDir } from '../kit/dirs.js';
import { FIXTURES_NOW, sharedDataSkip } from '../kit/fixtures.js';
import { createKey } from '../kit/keys.js';
import { runSvc, startServeProcess } from '../kit/svc.js';
import { CSV_DIR, readCsvFamily, writeCopies } from './live-scale-data.js';
import type { BenchFigure } from './run.js';
import { median } from './stats.js';
import { memoryMb as rssMb } from './proc.js';

const QUICK = process.argv.includes('--quick') || process.env.SVC_BENCH_MEMORY_QUICK === '1';
const SIZE = QUICK ? 1 : 10;
const CACHE_MB = 128;
/** Championships whose sweep fits 128 MB at any size (a partition and two responses: ~0.5 MB). */
const FITTING = 60;
/** Championships whose cold `/tabela` is timed at each size. */
const COLD = 22;

export const title = `memory against --cache-mb ${CACHE_MB}: three sweeps over every championship at ${SIZE}×`;

async function serve(dataDir: string, key: string) {
  const { server, url } = await startServeProcess(dataDir, ['--cache-mb', String(CACHE_MB)]);
  const get = async (p: string) => {
    const res = await fetch(`${url}${p}`, { headers: { authorization: `Bearer ${key}` } });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${p}: HTTP ${res.status}`);
    return body;
  };
  while ((await fetch(`${url}/readyz`)).status !== 200) await new Promise((r) => setTimeout(r, 20));
  const json = async <T>(p: string) => JSON.parse(Buffer.from(await get(p)).toString()) as { data: T };
  const cache = async () =>
    (await json<{ cache: { acertos: number; faltas: number; bytes: number } }>('/v1/status')).data.cache;
  const sweep = async (ids: readonly number[], details = false) => {
    const before = await cache();
    const t = performance.now();
    for (const id of ids) {
      await get(`/v1/campeonatos/${id}/tabela`);
      const [first] = (await json<{ id: number }[]>(`/v1/campeonatos/${id}/partidas?por_pagina=100`)).data;
      if (details && first) await get(`/v1/partidas/${first.id}/eventos`);
    }
    const ms = performance.now() - t;
    const after = await cache();
    const hits = after.acertos - before.acertos;
    return {
      ms,
      hitRate: hits / (hits + after.faltas - before.faltas),
      rss: rssMb(server.pid),
      cacheMb: after.bytes / 2 ** 20,
    };
  };
  /** Milliseconds of one `/tabela` of championship `id`. */
  const table = async (id: number) => {
    const t = performance.now();
    await get(`/v1/campeonatos/${id}/tabela`);
    return performance.now() - t;
  };
  const championships = (await json<{ id: number; nome: string; temporada: string }[]>('/v1/campeonatos')).data;
  return {
    championships,
    ids: championships.map((c) => c.id),
    sweep,
    table,
    rest: rssMb(server.pid),
    stop: async () => {
      server.kill('SIGTERM');
      await server.exited;
    },
  };
}

/** Ingests `inputs` into a fresh `dataDir`; returns an API key to it. */
async function ingest(dataDir: string, inputs: readonly string[]): Promise<string> {
  const r = await runSvc(['ingest', ...inputs, '--backfill', '--now', FIXTURES_NOW, '--data-dir', dataDir]);
  if (r.code !== 0) throw new Error(`svc ingest failed (${r.code}): ${r.stderr}`);
  return createKey(dataDir, 'bench', 'enterprise');
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
    const family = readCsvFamily();
    const key = await ingest(dataDir, writeCopies(family, dir, 1, SIZE));
    const dataDir1 = path.join(dir, 'data-1');
    const key1 = await ingest(dataDir1, writeCopies(family, dir, 1, 1));

    const full = await serve(dataDir, key);
    const sweeps = [];
    try {
      for (let i = 0; i < 3; i++) sweeps.push(await full.sweep(full.ids));
      for (let i = 0; i < 2; i++) sweeps.push(await full.sweep(full.ids, true));
    } finally {
      await full.stop();
    }
    for (const [i, s] of sweeps.entries())
      console.log(
        `  sweep ${i + 1} of ${full.ids.length} championships${i >= 3 ? ' with match details' : ''}: ${Math.round(s.ms)} ms, hit rate ${(100 * s.hitRate).toFixed(0)} %, RSS ${Math.round(s.rss)} MB, cache ${Math.round(s.cacheMb)} MB`,
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
    // A championship's first request at 1× and at SIZE×, alternated so that both see the same load; at SIZE× the
    // same season (from copy 1, 2, …), so that both sides read championships of the same sizes.
    const small = await serve(dataDir1, key1);
    const large = await serve(dataDir, key);
    const cold1: number[] = [];
    const coldN: number[] = [];
    try {
      for (const [i, c] of small.championships.slice(0, COLD).entries()) {
        const copy = `(cópia ${(i % SIZE) + 1})`;
        const twin = large.championships.find((x) => x.temporada === c.temporada && x.nome.endsWith(copy));
        if (!twin) throw new Error(`no championship of ${c.temporada} ${copy} at ${SIZE}×`);
        cold1.push(await small.table(c.id));
        coldN.push(await large.table(twin.id));
      }
    } finally {
      await small.stop();
      await large.stop();
    }
    console.log(`  cold /tabela ms at 1×: ${cold1.map(Math.round).join(' ')}`);
    console.log(`  cold /tabela ms at ${SIZE}×: ${coldN.map(Math.round).join(' ')}`);
    const last = sweeps[2]!;
    const grown = last.rss - full.rest;
    const fullCache = sweeps.at(-1)!;
    return [
      {
        name: `RSS after 3 sweeps of every championship at ${SIZE}× (at rest ${Math.round(full.rest)} MB; hit rates ${sweeps
          .slice(0, 3)
          .map((s) => `${(100 * s.hitRate).toFixed(0)} %`)
          .join(', ')})`,
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
        name: `RSS grown beyond rest with the cache full: after 2 more sweeps adding match details (cache ${Math.round(fullCache.cacheMb)} MB, RSS ${Math.round(fullCache.rss)} MB)`,
        value: fullCache.rss - full.rest,
        unit: 'MB',
        baseline: { name: `--cache-mb`, value: CACHE_MB },
        target: '≤ 1.5 × --cache-mb',
        met: fullCache.rss - full.rest <= 1.5 * CACHE_MB,
      },
      {
        name: `second sweep of ${FITTING} championships (they fit the cache; hit rate ${(100 * second.hitRate).toFixed(0)} %)`,
        value: second.ms,
        unit: 'ms',
        baseline: { name: 'the first sweep, cold', value: first.ms },
        target: '≥ 5× faster than the first',
        met: first.ms >= 5 * second.ms,
      },
      {
        name: `cold /tabela at ${SIZE}× (median of ${coldN.length}, each a championship's first request)`,
        value: median(coldN),
        unit: 'ms',
        baseline: { name: 'at 1×, alternated', value: median(cold1) },
        target: 'no slower than at 1× (≤ 1.1×)',
        met: median(coldN) <= 1.1 * median(cold1),
      },
    ];
  } finally {
    cleanup();
  }
}
