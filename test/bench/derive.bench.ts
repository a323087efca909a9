/**
 * Derived tables and event detection on real data: the Brasileirão CSV family (22 seasons, 8,785 matches)
 * ingested once with `svc ingest --backfill`, then, per run, a fresh copy of that snapshot with one goal
 * added to a 2024 match, as an incremental ingest sees it: captureState, derive for that championship,
 * detectEvents. Baselines in the same run: derive of every championship (what a non-incremental design
 * does), and the Match resource of every match (what detection avoids by building only what changed).
 * Each figure is the median of RUNS, with DuckDB's default threads and with `SET threads = 1`.
 * Fairness: figure and baselines run in this one process on the same fresh snapshot copy, same connection
 * settings, modules loaded before anything is timed.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { derive } from '../../src/warehouse/derive.js';
import { captureState, detectEvents } from '../../src/warehouse/events/detect.js';
import { installResourceViews } from '../../src/warehouse/sql/resources/views.js';
import { SHARED_DATA } from '../kit/fixtures.js';
import { SVC_BIN } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';
import type { BenchFigure } from './run.js';
import { median } from './stats.js';

export const title = 'derived tables and event detection (incremental ingest on 22 seasons)';

const RUNS = 5;
const CSV_DIR = path.join(SHARED_DATA, 'brasileirao-dataset');

interface Sample {
  capture: number;
  derive: number;
  detect: number;
  deriveAll: number;
  payloadsAll: number;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function one(snapshot: string, copy: string, threads: number | null): Promise<Sample> {
  copyFileSync(snapshot, copy);
  const instance = await DuckDBInstance.create(copy);
  const conn: DuckDBConnection = await instance.connect();
  try {
    if (threads !== null) await conn.run(`SET threads = ${threads}`);
    const ids = (await conn.runAndReadAll(`SELECT id FROM campeonatos WHERE temporada = '2024'`))
      .getRowObjectsJS()
      .map((r) => Number(r.id));
    const capture = await timed(() => captureState(conn));
    await conn.run('BEGIN');
    await conn.run(`UPDATE partidas SET placar_mandante = placar_mandante + 1
      WHERE id = (SELECT max(id) FROM partidas WHERE campeonato_id = ${ids[0]})`);
    await conn.run(`INSERT INTO eventos BY NAME SELECT (SELECT max(id) + 1 FROM eventos) AS id, p.id AS partida_id, 'gol' AS tipo,
      90 AS minuto, p.time_mandante_id AS time_id, 'Bench' AS jogador, 'bench' AS fonte
      FROM partidas p WHERE p.id = (SELECT max(id) FROM partidas WHERE campeonato_id = ${ids[0]})`);
    const d = await timed(() => derive(conn, ids));
    // At the changed match's kick-off: inside the live window, so the events and their payloads are built.
    const [{ inicio }] = (
      await conn.runAndReadAll(
        `SELECT max(inicio_utc)::VARCHAR AS inicio FROM partidas WHERE id = (SELECT max(id) FROM partidas WHERE campeonato_id = ${ids[0]})`,
      )
    ).getRowObjectsJS() as [{ inicio: string }];
    const detect = await timed(() => detectEvents(conn, new Date(`${inicio.replace(' ', 'T')}Z`)));
    const deriveAll = await timed(() => derive(conn));
    await installResourceViews(conn);
    const payloadsAll = await timed(() => conn.run('SELECT to_json(recurso) FROM recurso_partida'));
    await conn.run('ROLLBACK');
    return { capture, derive: d, detect, deriveAll, payloadsAll };
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

export async function run(): Promise<BenchFigure[]> {
  if (!existsSync(CSV_DIR)) {
    console.log(`  skipped: ${CSV_DIR} is absent (real data lives outside the repository)`);
    return [];
  }
  const { dir, cleanup } = tempDir('svc-bench-derive-');
  try {
    const ingest = spawnSync(
      process.execPath,
      [SVC_BIN, 'ingest', CSV_DIR, '--backfill', '--data-dir', dir, '--json'],
      { encoding: 'utf8' },
    );
    if (ingest.status !== 0) throw new Error(`svc ingest failed: ${ingest.stderr}`);
    const id = readFileSync(path.join(dir, 'CURRENT'), 'utf8').trim();
    const snapshot = path.join(dir, 'snapshots', `${id}.duckdb`);
    const figures: BenchFigure[] = [];
    for (const threads of [null, 1]) {
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i += 1) samples.push(await one(snapshot, path.join(dir, 'copy.duckdb'), threads));
      const m = (k: keyof Sample) => median(samples.map((s) => s[k]));
      const label = threads === null ? 'default threads' : `threads=${threads}`;
      figures.push(
        {
          name: `derive, 1 championship of 22 (${label})`,
          value: m('derive'),
          unit: 'ms',
          baseline: { name: 'derive, all 22', value: m('deriveAll') },
          target: 'a few tens of ms',
          met: m('derive') < 50,
        },
        {
          name: `detectEvents after one goal (${label})`,
          value: m('detect'),
          unit: 'ms',
          baseline: { name: 'Match resource of every match', value: m('payloadsAll') },
        },
        { name: `captureState (${label})`, value: m('capture'), unit: 'ms' },
      );
    }
    return figures;
  } finally {
    cleanup();
  }
}
