import Router from '@koa/router';
import Koa from 'koa';
import { readFileSync } from 'node:fs';
import { nowDate, systemClock, type Clock } from '../clock.js';
import { createLogger, errorText, type Logger } from '../log.js';
import type { DataDir } from '../data-dir.js';
import type { AccountsStore } from '../control/accounts-store.js';
import type { ControlPlane } from '../control/control-plane.js';
import { DEFAULT_PLANS, type PlansConfig } from '../control/plans.js';
import { ApiMetrics, type QuotaRefusal } from './metrics.js';
import { guarded, type Guard } from './middleware/admission.js';
import { authenticate } from './middleware/auth.js';
import { cors, type CorsOrigins } from './middleware/cors.js';
import { ticketOrKey } from './middleware/ticket-auth.js';
import { planAccess } from './middleware/plan-access.js';
import { enforceQuota } from './middleware/quota.js';
import { requestContext } from './middleware/request-context.js';
import { routeFallback } from './middleware/route-fallback.js';
import { RateLimiter } from './rate-limiter.js';
import { registerCampeonatos } from './routes/campeonatos.js';
import { registerConta } from './routes/conta.js';
import { registerDocs } from './routes/docs.js';
import { registerMetrics } from './routes/metrics.js';
import { registerPainel } from './routes/painel.js';
import { registerPartidas } from './routes/partidas.js';
import { registerStatus } from './routes/status.js';
import { registerStream } from './routes/stream.js';
import { registerTimes } from './routes/times.js';
import { withSnapshots } from './routes/respond.js';
import { registerWebhookRoutes, type WebhookRoutesOptions } from './routes/webhooks.js';
import { SnapshotHolder } from './snapshot/snapshot-holder.js';
import { StreamHub, type StreamHubOptions } from './stream/stream-hub.js';
import { StreamKeyWatch } from './stream/key-watch.js';
import { StreamTickets } from './stream/tickets.js';
import type { ApiRouter, ApiState } from './state.js';
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
  webhooks?: Pick<WebhookRoutesOptions, 'allowPrivateUrls' | 'allowLoopbackUrls' | 'resolve'>;
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
  app: Koa<ApiState>;
  /** The app's router: public status and docs routes, then the authenticated `/v1` routes. */
  router: ApiRouter;
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
 * The Koa app of `svc serve`. Middleware order: request id + errors + access log → CORS (a preflight is
 * answered here, before any key check) → router (public status, docs and panel routes; then API key → rate
 * limit and quota → plan check → JSON body, on the routes that take
 * one → `/v1` route) → 404/405 for requests no route matched (before any key check).
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
    { cacheMb: o.cacheMb },
  );

  // One router, so a request is matched once: the public status and docs routes, then every authenticated
  // route with its key, quota and plan checks in front of its handler (`guard`). A request that matches no
  // route reaches routeFallback (404/405) without any key check.
  const router: ApiRouter = new Router<ApiState>();
  registerStatus(router, { holder, control: o.control, version: pkg.version, startedAt: nowDate(clock), clock });
  registerDocs(router, { plans, publicUrl: o.publicUrl });
  registerMetrics(router, metrics, o.metricsToken);
  registerPainel(router);
  const byKey = authenticate(accounts, plans, o.authCacheMs, clock);
  const limiter = new RateLimiter(clock);
  const refused = (motivo: QuotaRefusal) => metrics.quotaRefused(motivo);
  const quota = enforceQuota(usage, limiter, true, refused);
  const guard: Guard = (recurso, handler) => guarded([byKey, quota, planAccess(plans, recurso)], handler);
  // The key's own profile and usage answer even at quota and do not count against it.
  const inspect: Guard = (recurso, handler) =>
    guarded([byKey, enforceQuota(usage, limiter, false, refused), planAccess(plans, recurso)], handler);
  const tickets = new StreamTickets(clock);
  const ticketGuard: Guard = (recurso, handler) =>
    guarded([ticketOrKey(tickets, byKey, accounts, plans), quota, planAccess(plans, recurso)], handler);
  const stream = new StreamHub(o.dataDir, {
    ...o.stream,
    log: (event, fields) => log[failed(event) ? 'error' : 'info']({ event, ...fields }),
  });
  holder.onSwap((next) => void stream.snapshotSwapped(next.id));
  // A cache of 0 (every request checks its key) still reads the streams' keys at most 10 times a second.
  const keyWatch = new StreamKeyWatch(stream, accounts, plans, Math.max(o.authCacheMs ?? 1_000, 100), (event, fields) =>
    log.info({ event, ...fields }),
  );
  // The data routes read as of a retained snapshot on `?snapshot=ID`.
  const dataGuard = withSnapshots(guard, holder);
  registerCampeonatos(router, holder, dataGuard, clock);
  registerPartidas(router, holder, dataGuard);
  registerTimes(router, holder, dataGuard);
  registerConta(router, inspect, usage, usageStore, clock);
  registerWebhookRoutes(router, { control: o.control, guard, clock, ...o.webhooks });
  registerStream(router, { hub: stream, tickets, plans, guard, ticketGuard, publicUrl: o.publicUrl });

  const app = new Koa<ApiState>();
  app.proxy = o.trustProxy === true;
  app.silent = true;
  app.use(requestContext(log, usage, clock));
  app.use(metrics.middleware());
  app.use(cors(router, o.corsOrigins));
  app.use(router.routes());
  app.use(routeFallback());

  return {
    app,
    router,
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
