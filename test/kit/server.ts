/** An API server as `svc serve` wires it (startServer) over a temp data dir, with requests and keys for tests. */
import type { Server } from 'node:http';
import type { ApiApp, AppOptions } from '../../src/api/app.js';
import { startServer } from '../../src/api/server.js';
import type { Plano } from '../../src/domain/plans.js';
import type { AccountSettings, AccountsStore } from '../../src/control/accounts-store.js';
import { sqliteControlPlane, type ControlPlane } from '../../src/control/control-plane.js';
import { openControlDb, type ControlDb } from '../../src/control/database.js';
import type { PlansConfig } from '../../src/control/plans.js';
import type { CorsOrigins } from '../../src/api/middleware/cors.js';
import { resolveDataDir, type DataDir } from '../../src/data-dir.js';
import { tempDir } from './dirs.js';
import { copyDemoDataDir } from './ingest.js';
import { memoryLog } from './log.js';

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
  /** The data dir's SQLite control plane on `control` (the server's unless another was given). */
  controlPlane: ControlPlane;
  api: ApiApp;
  /** The HTTP server (for tests that need its events, e.g. a request arriving). */
  server: Server;
  accounts: AccountsStore;
  logs: Record<string, unknown>[];
  /** A new key on a new account with that plan. */
  key(plan: Plano, settings?: AccountSettings): Promise<string>;
  get(pathAndQuery: string, key?: string, headers?: Record<string, string>): Promise<Reply>;
  request(
    method: string,
    pathAndQuery: string,
    init?: { key?: string; headers?: Record<string, string>; body?: string },
  ): Promise<Reply>;
  /** `METHOD path` with `body` sent as JSON (none when undefined). */
  sendJson(method: string, pathAndQuery: string, key: string, body?: unknown): Promise<Reply>;
  /** Stops the server and app (usage flushed); the data dir stays until cleanup(). */
  stop(): Promise<void>;
  cleanup(): Promise<void>;
}

let accountSeq = 0;

/** The production server (startServer, port 0 on loopback) over a temp data dir, with the demo fixtures ingested. */
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
    /** Webhook URLs may point at loopback/private hosts (a test's receiver). */
    allowPrivateUrls?: boolean;
    /** The URL resolver of the webhook routes (DNS by default). */
    resolve?: NonNullable<AppOptions['webhooks']>['resolve'];
    /** The app's clock (quota days, usage history, tickets); default the system clock. */
    clock?: AppOptions['clock'];
  } = {},
): Promise<Harness> {
  const temp = o.dir ? null : tempDir('svc-api-');
  const dir = o.dir ?? temp!.dir;
  const dataDir = resolveDataDir(dir);
  if (o.ingestDemo !== false && !o.dir) await copyDemoDataDir(dir);
  const control = await openControlDb(dataDir.controlDb);
  const controlPlane = sqliteControlPlane(control);
  const { log, records: logs } = memoryLog();
  // Keys are re-checked on every request by default here, so revocation tests need not wait out the cache.
  const server = await startServer({
    dataDir,
    control: o.control ?? controlPlane,
    port: 0,
    host: '127.0.0.1',
    plans: o.plans,
    log,
    cacheMb: o.cacheMb,
    corsOrigins: o.corsOrigins,
    publicUrl: o.publicUrl,
    trustProxy: o.trustProxy,
    metricsToken: o.metricsToken,
    allowPrivateUrls: o.allowPrivateUrls,
    app: {
      usageFlushMs: o.usageFlushMs,
      authCacheMs: o.authCacheMs ?? 0,
      stream: o.stream,
      clock: o.clock,
      resolve: o.resolve,
    },
  });
  const { url, api } = server;
  const { accounts } = controlPlane;
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
    controlPlane,
    api,
    server: server.server,
    accounts,
    logs,
    async key(plan, settings) {
      const account = await accounts.createAccount(`conta-${process.pid}-${++accountSeq}`, plan, settings);
      return (await accounts.createKey(account.id, null)).key;
    },
    get: (p, key, headers) => request('GET', p, { key, headers }),
    request,
    sendJson: (method, p, key, body) =>
      request(method, p, {
        key,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.close();
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
