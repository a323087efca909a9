import { DuckDBInstance } from '@duckdb/node-api';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { reserve } from '../../src/control/counters.js';
import { openControlDb, type ControlDb } from '../../src/control/database.js';
import { EVENT_SEQ_COUNTER } from '../../src/control/outbox-cursor.js';
import { resolveDataDir, type DataDir } from '../../src/data-dir.js';
import type { Clock } from '../../src/clock.js';
import { SVC_BIN, tempDir } from '../helpers/cli.js';

const SCHEMA_SQL = readFileSync(new URL('../../src/warehouse/sql/schema.sql', import.meta.url), 'utf8');

export interface TestDataDir extends DataDir {
  cleanup(): void;
}

export function testDataDir(): TestDataDir {
  const { dir, cleanup } = tempDir('svc-webhooks-');
  const dataDir = resolveDataDir(dir);
  mkdirSync(dataDir.snapshotsDir, { recursive: true });
  return { ...dataDir, cleanup };
}

/** An account row as the API part stores it (table `contas`). */
export function createAccount(db: ControlDb, nome: string, plano: string, campeonatos: number[] | null = null): number {
  const now = new Date().toISOString();
  const row = db
    .prepare(
      'INSERT INTO contas (nome, plano, campeonatos, criada_em, atualizada_em) VALUES (?, ?, ?, ?, ?) RETURNING id',
    )
    .get(nome, plano, campeonatos === null ? null : JSON.stringify(campeonatos), now, now) as { id: number };
  return row.id;
}

export interface TestEvent {
  evento: string;
  campeonato_id: number;
  dados?: unknown;
}

/** The exact webhook body ingest writes into `outbox.corpo`. */
export function eventBody(e: TestEvent, geradoEm = '2026-11-22T15:00:00.000Z'): string {
  return JSON.stringify({
    evento: e.evento,
    gerado_em: geradoEm,
    dados: e.dados ?? { id: 1, campeonato_id: e.campeonato_id },
  });
}

/**
 * Publishes a snapshot the way ingest does (schema.sql, outbox rows with seqs from the control counter,
 * manifest, CURRENT) so the dispatcher reads a real DuckDB file. Returns the seqs.
 */
export async function publishSnapshot(dataDir: DataDir, events: readonly TestEvent[]): Promise<number[]> {
  const db = openControlDb(dataDir.controlDb);
  const first = events.length ? reserve(db, EVENT_SEQ_COUNTER, events.length) : null;
  const id = String(reserve(db, 'snapshot_id')).padStart(8, '0');
  db.close();
  const tmp = path.join(dataDir.snapshotsDir, `.tmp-${id}.duckdb`);
  const instance = await DuckDBInstance.create(tmp);
  const conn = await instance.connect();
  await conn.run(SCHEMA_SQL);
  const seqs = events.map((_, i) => (first ?? 0) + i);
  for (const [i, e] of events.entries()) {
    await conn.run('INSERT INTO outbox VALUES ($1, $2, $3, NULL, $4, $5)', [
      seqs[i] ?? 0,
      e.evento,
      e.campeonato_id,
      '2026-11-22T15:00:00.000Z',
      eventBody(e),
    ]);
  }
  await conn.run('CHECKPOINT');
  conn.closeSync();
  instance.closeSync();
  const manifest = {
    id,
    // Each snapshot descends from the current one, as an ingest's copy does: the dispatcher reads the line.
    parent_id: existsSync(dataDir.currentFile) ? readFileSync(dataDir.currentFile, 'utf8').trim() : null,
    criado_em: new Date().toISOString(),
    tamanho_bytes: 0,
    contagens: {},
    eventos: { total: events.length, seq_inicio: first, seq_fim: first === null ? null : first + events.length - 1 },
    entradas: [],
  };
  writeFileSync(path.join(dataDir.snapshotsDir, `${id}.json`), JSON.stringify(manifest));
  renameSync(tmp, path.join(dataDir.snapshotsDir, `${id}.duckdb`));
  writeFileSync(`${dataDir.currentFile}.tmp`, `${id}\n`);
  renameSync(`${dataDir.currentFile}.tmp`, dataDir.currentFile);
  return seqs;
}

export interface ReceivedRequest {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** Hold the response this long (real ms) — to exercise timeouts. */
  delayMs?: number;
  body?: string;
}

/** A real HTTP receiver on 127.0.0.1:0 that records every request and answers as `reply` says. */
export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  reply: (req: ReceivedRequest, index: number) => Reply = () => ({ status: 200 });
  private readonly server: http.Server;
  private waiters: { count: number; resolve: () => void }[] = [];

  constructor() {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        const index = this.requests.push(received) - 1;
        const r = this.reply(received, index);
        const answer = (): void => {
          if (!res.destroyed) res.writeHead(r.status, r.headers).end(r.body);
          this.waiters = this.waiters.filter((w) => (this.requests.length >= w.count ? (w.resolve(), false) : true));
        };
        if (r.delayMs) setTimeout(answer, r.delayMs);
        else answer();
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  /** Resolves once `count` requests have been answered. */
  waitFor(count: number): Promise<void> {
    if (this.requests.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A clock that moves only when told: hours of retry schedule in milliseconds. */
export class ManualClock implements Clock {
  private timers: { at: number; fn: () => void }[] = [];
  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  setTimer(fn: () => void, ms: number): () => void {
    const timer = { at: this.current + ms, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  advance(ms: number): void {
    this.current += ms;
    const due = this.timers.filter((t) => t.at <= this.current);
    this.timers = this.timers.filter((t) => t.at > this.current);
    for (const t of due) t.fn();
  }
}

/** Polls `predicate` (real time) until true; fails the test with `what` after `timeoutMs`. */
export async function until(predicate: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A long-running `svc` process (daemon, listener) with its output collected as it comes. */
export class SvcProcess {
  stdout = '';
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;

  /** `bin`: another install's svc (a newer release beside this one). */
  constructor(args: readonly string[], env: Record<string, string> = {}, bin = SVC_BIN) {
    this.child = spawn(process.execPath, [bin, ...args], {
      env: { ...process.env, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.setEncoding('utf8').on('data', (d: string) => (this.stdout += d));
    this.child.stderr?.setEncoding('utf8').on('data', (d: string) => (this.stderr += d));
    this.exited = new Promise((resolve) => this.child.on('exit', (code, signal) => resolve({ code, signal })));
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  /** Waits until stdout+stderr match `pattern`; returns the match. */
  async waitForOutput(pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> {
    let m: RegExpMatchArray | null = null;
    await until(() => (m = (this.stdout + this.stderr).match(pattern)) !== null, `output ${pattern}`, timeoutMs);
    return m as unknown as RegExpMatchArray;
  }

  kill(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }
}
