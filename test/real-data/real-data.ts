/** Shared steps of the real-data tests: ingest through the real CLI, then read the published snapshot. */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { copyBuilt } from '../kit/ingest.js';
import { runSvc } from '../kit/svc.js';
import { SHARED_DATA, sharedDataSkip } from '../kit/fixtures.js';

export const CSV_DIR = path.join(SHARED_DATA, 'brasileirao-dataset');
export const OPENFOOTBALL_DIR = path.join(SHARED_DATA, 'openfootball');
export const JSON_2019 = path.join(OPENFOOTBALL_DIR, 'football.json/2019/br.1.json');
export const CUP_2025 = path.join(OPENFOOTBALL_DIR, 'south-america/brazil/2025_brcup.txt');

/** The reason to skip, printed by node:test, when the shared data is not there (a user's clone). */
export const SKIP = sharedDataSkip();

export interface Summary {
  snapshot_id: string | null;
  contagens: Record<string, number>;
  gravados: Record<string, number>;
  alterados: Record<string, number | boolean>;
  conflitos_tolerados: { campo: string; tolerancia_minutos: number; total: number; mantido: string }[];
  eventos: { total: number; por_tipo: Record<string, number> };
  avisos: string[];
  conflitos: {
    partida_id: number;
    campo: string;
    mantido: string;
    guardado: { fonte: string; valor: string };
    recebido: { fonte: string; valor: string };
  }[];
}

/** A process per ingest: the real-data suites run several at once, each into its own data dir. */
export async function ingest(dataDir: string, inputs: readonly string[]): Promise<Summary> {
  const r = await runSvc(['ingest', ...inputs, '--data-dir', dataDir, '--json'], { timeoutMs: 300_000 });
  assert.equal(r.code, 0, `svc ingest ${inputs.join(' ')} falhou: ${r.stderr}`);
  return JSON.parse(r.stdout) as Summary;
}

/**
 * The first ingest of `inputs` into an empty data dir (`dataDir`, absent or empty), as `ingest` runs it, made once
 * and copied (test/kit/ingest.ts copyBuilt): most real-data files start from the same CSV family's load.
 */
export function firstIngest(dataDir: string, inputs: readonly string[]): Promise<Summary> {
  const name = `ingest-${createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 16)}`;
  return copyBuilt(name, dataDir, (dir) => ingest(dir, inputs));
}

export type Row = Record<string, string | number | boolean | null>;

/** Runs queries on the data dir's current snapshot, opened read-only as every reader does. */
export async function query(dataDir: string, ...sqls: string[]): Promise<Row[][]> {
  const id = readFileSync(path.join(dataDir, 'CURRENT'), 'utf8').trim();
  const instance = await DuckDBInstance.create(path.join(dataDir, 'snapshots', `${id}.duckdb`), {
    access_mode: 'READ_ONLY',
  });
  try {
    const conn = await instance.connect();
    const out: Row[][] = [];
    for (const sql of sqls) out.push((await conn.runAndReadAll(sql)).getRowObjectsJS() as Row[]);
    conn.closeSync();
    return out;
  } finally {
    instance.closeSync();
  }
}

/** Whole-championship standings of a season, keyed by team name key so two data dirs can be compared. */
export async function standings(dataDir: string, slug: string, temporada: string): Promise<Row[]> {
  const [rows] = await query(
    dataDir,
    `SELECT c.posicao::INTEGER AS posicao, t.nome_normalizado AS time, c.pontos::INTEGER AS pontos, c.jogos::INTEGER AS jogos,
            c.vitorias::INTEGER AS vitorias, c.empates::INTEGER AS empates, c.derrotas::INTEGER AS derrotas,
            c.gols_pro::INTEGER AS gols_pro, c.gols_contra::INTEGER AS gols_contra
     FROM classificacao c JOIN campeonatos k ON k.id = c.campeonato_id JOIN times t ON t.id = c.time_id
     WHERE k.slug = '${slug}' AND k.temporada = '${temporada}' AND c.fase_id IS NULL
     ORDER BY c.posicao`,
  );
  return rows ?? [];
}
