import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { nowDate, systemClock, type Clock } from '../clock.js';
import { createLogger, errorText, type Logger } from '../log.js';
import type { DataDir } from '../data-dir.js';
import type { AccountsStore } from '../control/accounts-store.js';
import type { ControlPlane } from '../control/control-plane.js';
import { DEFAULT_PLANS, type PlansConfig } from '../control/plans.js';
import { systemResolver, type Resolver } from '../webhooks/url-guard.js';
import { createDispatch, type Endpoint } from './dispatch.js';
import { PathRouter } from './http/router.js';
import { ApiMetrics, type QuotaRefusal } from './metrics.js';
import type { RequestCheck } from './middleware/admission.js';
import { authenticate } from './middleware/auth.js';
import { cors, type CorsOrigins } from './middleware/cors.js';
import { ticketOrKey } from './middleware/ticket-auth.js';
import { planAccess } from './middleware/plan-access.js';
import { enforceQuota } from './middleware/quota.js';
import { RateLimiter } from './rate-limiter.js';
import { docsPages } from './routes/docs.js';
import { metricsPage } from './routes/metrics.js';
import { panelPages } from './routes/painel.js';
import { SnapshotHolder } from './snapshot/snapshot-holder.js';
import { StreamHub, type StreamHubOptions } from './stream/stream-hub.js';
import { StreamKeyWatch } from './stream/key-watch.js';
import { StreamTickets } from './stream/tickets.js';
import type { ApiContext } from './state.js';
import { endpoint } from './table/mount.js';
import type { Route } from './table/route.js';
import { ROUTES } from './table/routes.js';
import { UsageMeter } from './usage-meter.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

export interface AppOptions {
  /** Opens `GET /metrics` to `Authorization: Bearer <token>` (SVC_METRICS_TOKEN); absent = a 404 saying how. */
  metricsToken?: string;
  dataDir: DataDir;
  /** Keys, usage and webhooks (SQLite or PostgreSQL); its owner opens and closes it. */
  control: ControlPlane;
  plans?: PlansConfig;
  /** The access log (one line per request) and the app's events; JSON lines on stdout by default. */
  log?: Logger;
  /** How often usage counts are written to the control plane. */
  usageFlushMs?: number;
  /** How long a verified key is remembered (revocation takes effect within this); default 1 s. */
  authCacheMs?: number;
  /** Options of the webhook management routes (private URLs for local development, DNS resolver). */
  webhooks?: { allowPrivateUrls?: boolean; allowLoopbackUrls?: boolean; resolve?: Resolver };
  /** Browser origins allowed to call the API (CORS); default any. */
  corsOrigins?: CorsOrigins;
  /** Base of the absolute URLs the API hands out (the stream ticket's); default each request's scheme and host. */
  publicUrl?: string;
  /** Believe `X-Forwarded-Proto`/`-Host`/`-For`: only behind a proxy that sets them, else any client could. */
  trustProxy?: boolean;
  /** Live stream settings (resume window, heartbeat period). */
  stream?: Pick<StreamHubOptions, 'windowEvents' | 'heartbeatMs'>;
  /** Bound of the serve cache (championship partitions and responses), MiB; default DEFAULT_CACHE_MB. */
  cacheMb?: number;
  /** Time for quotas' days, key caching, tickets and webhook schedules; default the system clock. */
  clock?: Clock;
}

export interface ApiApp {
  /** Answers one request (`http.createServer(api.handle)`). */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** What is routed: every route of the table, then the pages beside it (`/docs`, `/painel`, …). */
  routed: readonly { method: string; template: string }[];
  holder: SnapshotHolder;
  usage: UsageMeter;
  accounts: AccountsStore;
  stream: StreamHub;
  /** Loads the current snapshot (and the stream's resume window), starts watching CURRENT and the usage flush timer. */
  start(): Promise<void>;
  /** Ends the open event streams: call before closing the HTTP server, which waits for every response to end. */
  endStreams(): void;
  /** Stops the watchers, writes pending usage and gives back unused quota (the HTTP server is closed first). */
  stop(): Promise<void>;
}

/** The snapshot holder's and the stream's failures (`snapshot_falhou`, `stream_falhou`) are errors; the rest info. */
const failed = (event: string): boolean => event.endsWith('_falhou');

/**
 * The API of `svc serve`, served from `node:http` (docs/decisions/api.md, "The route table, served from
 * node:http"): one router over the route table (`table/routes.ts`) and the pages beside it; each route's checks
 * by its `access` (API key or stream ticket → rate limit and quota → plan resource), its body and parameters, its
 * handler. The request cycle (request id, CORS, 404/405 before any key check, errors, access log, usage,
 * metrics) is `dispatch.ts`.
 */
export function createApp(o: AppOptions): ApiApp {
  const plans = o.plans ?? DEFAULT_PLANS;
  const log = o.log ?? createLogger();
  const clock = o.clock ?? systemClock;
  const accounts = o.control.accounts;
  const usageStore = o.control.usage;
  const usage = new UsageMeter(
    usageStore,
    o.usageFlushMs,
    (err) => log.error({ event: 'uso_nao_gravado', err: errorText(err) }),
    clock,
  );
  const metrics = new ApiMetrics(
    () => holder.current,
    (now) => o.control.deliveryStats(now),
    clock,
  );
  const holder = new SnapshotHolder(
    o.dataDir,
    (event, fields) => {
      if (event === 'snapshot_carregado' && typeof fields.ms === 'number') metrics.snapshotSwapped(fields.ms);
      log[failed(event) ? 'error' : 'info']({ event, ...fields });
    },
    { cacheMb: o.cacheMb, clock },
  );
  const tickets = new StreamTickets(clock);
  const stream = new StreamHub(o.dataDir, {
    ...o.stream,
    log: (event, fields) => log[failed(event) ? 'error' : 'info']({ event, ...fields }),
  });
  holder.onSwap((next) => void stream.snapshotSwapped(next.id));
  // A cache of 0 (every request checks its key) still reads the streams' keys at most 10 times a second.
  const keyWatch = new StreamKeyWatch(stream, accounts, plans, Math.max(o.authCacheMs ?? 1_000, 100), (event, fields) =>
    log.info({ event, ...fields }),
  );

  const byKey = authenticate(accounts, plans, o.authCacheMs, clock);
  const limiter = new RateLimiter(clock);
  const refused = (motivo: QuotaRefusal) => metrics.quotaRefused(motivo);
  const identify: Record<NonNullable<Route['access']>, readonly RequestCheck[]> = {
    key: [byKey, enforceQuota(usage, limiter, true, refused)],
    // The key's own profile and usage answer even at quota and do not count against it.
    inspect: [byKey, enforceQuota(usage, limiter, false, refused)],
    ticket: [ticketOrKey(tickets, byKey, accounts, plans), enforceQuota(usage, limiter, true, refused)],
  };
  const checks = (r: Route): readonly RequestCheck[] =>
    r.recurso === undefined ? [] : [...identify[r.access ?? 'key'], planAccess(plans, r.recurso)];
  const deps = {
    holder,
    control: o.control,
    usage,
    usageStore,
    plans,
    clock,
    hub: stream,
    tickets,
    publicUrl: o.publicUrl,
    version: pkg.version,
    startedAt: nowDate(clock),
    webhookUrls: {
      allowPrivate: o.webhooks?.allowPrivateUrls ?? false,
      allowLoopback: o.webhooks?.allowLoopbackUrls ?? false,
      resolve: o.webhooks?.resolve ?? systemResolver,
    },
  };

  const router = new PathRouter<Endpoint>();
  const routed: { method: string; template: string }[] = [];
  const add = (method: string, template: string, e: Endpoint) => {
    router.add(method, template, e);
    routed.push({ method: method.toUpperCase(), template });
  };
  for (const r of ROUTES) add(r.method, r.path, endpoint(r, checks, deps));
  // Pages for people and operators, outside the table: public, not API operations.
  const pages: Record<string, (ctx: ApiContext) => void | Promise<void>> = {
    ...docsPages({ plans, publicUrl: o.publicUrl }),
    '/metrics': metricsPage(metrics, o.metricsToken),
    ...panelPages(),
  };
  for (const [template, run] of Object.entries(pages)) add('get', template, { template, run });

  const handle = createDispatch({
    router,
    cors: cors(o.corsOrigins),
    log,
    usage,
    metrics,
    proxy: o.trustProxy === true,
    clock,
  });

  return {
    handle,
    routed,
    holder,
    usage,
    accounts,
    stream,
    async start() {
      await holder.start();
      // A client reconnecting right after a restart resumes from the window only once it is filled.
      await stream.settled();
      usage.start();
      keyWatch.start();
    },
    endStreams() {
      stream.close();
    },
    async stop() {
      keyWatch.stop();
      stream.close();
      holder.stop();
      await usage.stop();
    },
  };
}
