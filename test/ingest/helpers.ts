import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Feed } from '../../src/feeds/canonical.js';
import { pinnedNow, runSvcInProcess, SVC_BIN, type RunResult } from '../kit/svc.js';
import { REPO_ROOT } from '../kit/fixtures.js';
import { tempDir } from '../kit/dirs.js';

/** A small, valid feed: one league, four teams, one round, two matches (one finished with goals). */
export function baseFeed(): Feed {
  return {
    formato: 'svc-feed/1',
    fonte: 'teste',
    campeonatos: [
      {
        id: 'br',
        nome: 'Campeonato Brasileiro Série A',
        nome_popular: 'Brasileirão',
        temporada: '2019',
        tipo: 'pontos-corridos',
      },
    ],
    times: [
      { id: 1, nome: 'Flamengo', estado: 'RJ' },
      { id: 2, nome: 'Cruzeiro', sigla: 'CRU' },
      { id: 3, nome: 'Grêmio' },
      { id: 4, nome: 'Palmeiras' },
    ],
    jogadores: [
      {
        id: 'p1',
        time: 1,
        nome: 'Gabriel Barbosa',
        nome_popular: 'Gabigol',
        posicao: 'atacante',
        data_nascimento: '1996-08-30',
      },
    ],
    rodadas: [{ id: 'r1', campeonato: 'br', numero: 1 }],
    partidas: [
      {
        id: 100,
        campeonato: 'br',
        rodada: 'r1',
        mandante: 1,
        visitante: 2,
        status: 'encerrado',
        placar_mandante: 2,
        placar_visitante: 1,
        data_hora: '2019-04-27T16:00:00-03:00',
        estadio: 'Maracanã',
      },
      {
        id: 101,
        campeonato: 'br',
        rodada: 'r1',
        mandante: 3,
        visitante: 4,
        status: 'aguardando',
        placar_mandante: null,
        placar_visitante: null,
        data_hora: '2019-04-28T11:00:00-03:00',
      },
    ],
    eventos: [
      { id: 'e1', partida: 100, tipo: 'gol', minuto: 10, time: 1, jogador_id: 'p1' },
      { id: 'e2', partida: 100, tipo: 'gol', minuto: 45, acrescimo: 2, time: 1, jogador: 'Bruno Henrique' },
      { id: 'e3', partida: 100, tipo: 'gol', minuto: 70, time: 2, jogador: 'Thiago Neves' },
    ],
  };
}

export interface Workspace {
  dir: string;
  dataDir: string;
  /** Writes a file into the workspace and returns its path. */
  write(name: string, content: string | Feed): string;
  /** `svc … --data-dir <workspace>` in this process (use startSvc where the process itself matters). */
  svc(args: readonly string[], env?: Record<string, string>): Promise<RunResult>;
  cleanup(): void;
}

export function workspace(): Workspace {
  const { dir, cleanup } = tempDir('svc-ingest-');
  const dataDir = path.join(dir, 'data');
  return {
    dir,
    dataDir,
    write(name, content) {
      const file = path.join(dir, name);
      writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
      return file;
    },
    svc: (args, env) => runSvcInProcess([...args, '--data-dir', dataDir], env ? { env } : {}),
    cleanup,
  };
}

export function currentId(dataDir: string): string | null {
  const file = path.join(dataDir, 'CURRENT');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

/** Runs a query on a snapshot opened read-only (the current one by default). */
export async function query<T = Record<string, unknown>>(
  dataDir: string,
  sql: string,
  id = currentId(dataDir),
): Promise<T[]> {
  assert.ok(id, 'no current snapshot');
  const instance = await DuckDBInstance.create(path.join(dataDir, 'snapshots', `${id}.duckdb`), {
    access_mode: 'READ_ONLY',
  });
  try {
    const conn = await instance.connect();
    try {
      return (await conn.runAndReadAll(sql)).getRowObjectsJson() as unknown as T[];
    } finally {
      conn.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}

/** What "nothing changed" compares: CURRENT, every file in snapshots/ (name, size, mtime), table counts. */
export async function dataDirState(dataDir: string): Promise<unknown> {
  const snapshotsDir = path.join(dataDir, 'snapshots');
  const files = existsSync(snapshotsDir)
    ? readdirSync(snapshotsDir)
        .sort()
        .map((f) => {
          const s = statSync(path.join(snapshotsDir, f));
          return `${f}:${s.size}:${s.mtimeMs}`;
        })
    : [];
  const current = currentId(dataDir);
  const counts = current
    ? await query(
        dataDir,
        `SELECT (SELECT count(*) FROM partidas)::INTEGER AS partidas, (SELECT count(*) FROM eventos)::INTEGER AS eventos,
        (SELECT count(*) FROM times)::INTEGER AS times, (SELECT string_agg(placar_mandante::VARCHAR, ',' ORDER BY id) FROM partidas) AS placares`,
      )
    : null;
  return { current, files, counts, lock: existsSync(path.join(dataDir, 'ingest.lock')) };
}

/** Ingests the base feed so a test starts from a published snapshot. */
export async function seeded(ws: Workspace): Promise<void> {
  const r = await ws.svc(['ingest', ws.write('base.json', baseFeed())]);
  assert.equal(r.code, 0, r.stderr);
}

export function clone<T>(value: T): T {
  return structuredClone(value);
}

export interface Background {
  /** Resolves once stderr contains the text. */
  waitFor(text: string): Promise<void>;
  kill(signal: NodeJS.Signals): void;
  done: Promise<RunResult>;
  pid: number;
}

/** Starts `svc` without waiting for it (crash and lock tests). */
export function startSvc(args: readonly string[], env: Record<string, string>): Background {
  const child = spawn(process.execPath, [SVC_BIN, ...pinnedNow(args)], {
    cwd: REPO_ROOT,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
    for (const w of waiters.filter((w) => stderr.includes(w.text))) w.resolve();
  });
  const done = new Promise<RunResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return {
    pid: child.pid ?? -1,
    waitFor: (text) =>
      new Promise<void>((resolve, reject) => {
        if (stderr.includes(text)) return resolve();
        waiters.push({ text, resolve });
        void done.then((r) => reject(new Error(`svc exited (${String(r.code)}) before "${text}": ${r.stderr}`)));
      }),
    kill: (signal) => child.kill(signal),
    done,
  };
}
