import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import { createApp, type ApiApp, type AppOptions } from '../../src/api/app.js';
import type { Plano } from '../../src/domain/plans.js';
import { SqliteAccountsStore, type AccountSettings } from '../../src/control/accounts-store.js';
import { sqliteControlPlane, type ControlPlane } from '../../src/control/control-plane.js';
import { openControlDb, type ControlDb } from '../../src/control/database.js';
import type { PlansConfig } from '../../src/control/plans.js';
import type { CorsOrigins } from '../../src/api/middleware/cors.js';
import { resolveDataDir, type DataDir } from '../../src/data-dir.js';
import { ingestSqlite } from '../helpers/ingest.js';
import { REPO_ROOT, tempDir } from '../helpers/cli.js';
import { memoryLog } from '../helpers/log.js';

export const DEMO_FIXTURES = path.join(REPO_ROOT, 'fixtures/demo');
export const LIVE_DAY = path.join(REPO_ROOT, 'fixtures/live-day');

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body (null for an empty body). */
  json: any;
}

export interface Harness {
  url: string;
  dir: string;
  dataDir: DataDir;
  control: ControlDb;
  api: ApiApp;
  accounts: SqliteAccountsStore;
  logs: Record<string, unknown>[];
  /** A new key on a new account with that plan. */
  key(plan: Plano, settings?: AccountSettings): string;
  get(pathAndQuery: string, key?: string, headers?: Record<string, string>): Promise<Reply>;
  request(
    method: string,
    pathAndQuery: string,
    init?: { key?: string; headers?: Record<string, string>; body?: string },
  ): Promise<Reply>;
  /** Stops the server and app (usage flushed); the data dir stays until cleanup(). */
  stop(): Promise<void>;
  cleanup(): Promise<void>;
}

export async function ingestInto(dataDir: DataDir, inputs: readonly string[]): Promise<string> {
  const summary = await ingestSqlite({ dataDir, inputs });
  if (!summary.snapshot_id) throw new Error('ingest published nothing');
  return summary.snapshot_id;
}

let accountSeq = 0;

/** A real app on a real HTTP server (port 0) over a temp data dir, with the demo fixtures ingested. */
export async function startHarness(
  o: {
    dir?: string;
    ingestDemo?: boolean;
    plans?: PlansConfig;
    usageFlushMs?: number;
    authCacheMs?: number;
    cacheMb?: number;
    metricsToken?: string;
    corsOrigins?: CorsOrigins;
    publicUrl?: string;
    trustProxy?: boolean;
    stream?: AppOptions['stream'];
    /** Another control plane than the data dir's SQLite (the keys `key()` makes stay in the SQLite one). */
    control?: ControlPlane;
    webhooks?: AppOptions['webhooks'];
    /** The app's clock (quota days, usage history, tickets); default the system clock. */
    clock?: AppOptions['clock'];
  } = {},
): Promise<Harness> {
  const temp = o.dir ? null : tempDir('svc-api-');
  const dir = o.dir ?? temp!.dir;
  const dataDir = resolveDataDir(dir);
  if (o.ingestDemo !== false && !o.dir) await ingestInto(dataDir, [DEMO_FIXTURES]);
  const control = openControlDb(dataDir.controlDb);
  const { log, records: logs } = memoryLog();
  // Keys are re-checked on every request by default here, so revocation tests need not wait out the cache.
  const api = createApp({
    dataDir,
    control: o.control ?? sqliteControlPlane(control),
    plans: o.plans,
    log,
    usageFlushMs: o.usageFlushMs,
    authCacheMs: o.authCacheMs ?? 0,
    cacheMb: o.cacheMb,
    corsOrigins: o.corsOrigins,
    publicUrl: o.publicUrl,
    trustProxy: o.trustProxy,
    stream: o.stream,
    webhooks: o.webhooks,
    metricsToken: o.metricsToken,
    clock: o.clock,
  });
  await api.start();
  const server: Server = api.app.listen(0, '127.0.0.1');
  await new Promise<void>((r) => server.once('listening', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new SqliteAccountsStore(control);
  let stopped = false;
  const request: Harness['request'] = async (method, pathAndQuery, init = {}) => {
    // fetch asks for gzip and br and decodes them unseen; tests read the bytes as sent unless they ask otherwise.
    const headers: Record<string, string> = {
      'accept-encoding': 'identity',
      ...(init.key ? { authorization: `Bearer ${init.key}` } : {}),
      ...init.headers,
    };
    const res = await fetch(`${url}${pathAndQuery}`, { method, headers, body: init.body });
    const text = await res.text();
    let json: unknown = null;
    if (text && (res.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(text);
    return { status: res.status, headers: res.headers, text, json };
  };
  const h: Harness = {
    url,
    dir,
    dataDir,
    control,
    api,
    accounts,
    logs,
    key(plan, settings) {
      const account = accounts.createAccount(`conta-${process.pid}-${++accountSeq}`, plan, settings);
      return accounts.createKey(account.id, null).key;
    },
    get: (p, key, headers) => request('GET', p, { key, headers }),
    request,
    async stop() {
      if (stopped) return;
      stopped = true;
      await new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      });
      await api.stop();
      control.close();
    },
    async cleanup() {
      try {
        await h.stop();
      } finally {
        temp?.cleanup();
      }
    },
  };
  return h;
}
