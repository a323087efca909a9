import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DataDir } from '../data-dir.js';
import type { ControlPlane } from '../control/control-plane.js';
import type { PlansConfig } from '../control/plans.js';
import { createApp, type ApiApp, type AppOptions } from './app.js';
import type { CorsOrigins } from './middleware/cors.js';
import type { Logger } from '../log.js';

export interface ServerOptions {
  dataDir: DataDir;
  /** Opened and closed by the caller (a dispatcher in the same process may share it). */
  control: ControlPlane;
  port: number;
  host?: string;
  plans?: PlansConfig;
  log?: Logger;
  /** Webhook URLs may point at private/loopback hosts (local development only). */
  allowPrivateUrls?: boolean;
  /** Webhook URLs may point at this machine, over plain HTTP (`svc demo`'s sandbox). */
  allowLoopbackUrls?: boolean;
  /** Bound of the serve cache, MiB (`--cache-mb`). */
  cacheMb?: number;
  /** `GET /metrics` to this bearer token (SVC_METRICS_TOKEN); absent = no /metrics route. */
  metricsToken?: string;
  /** Browser origins allowed to call the API; default any. */
  corsOrigins?: CorsOrigins;
  /** Base of the absolute URLs the API hands out (`--public-url`); default each request's scheme and host. */
  publicUrl?: string;
  /** Believe `X-Forwarded-*` (`--trust-proxy`). */
  trustProxy?: boolean;
  /** The app's timings, clock and webhook URL resolver where not createApp's defaults (the tests' server). */
  app?: Pick<AppOptions, 'usageFlushMs' | 'authCacheMs' | 'stream' | 'clock'> & {
    resolve?: NonNullable<AppOptions['webhooks']>['resolve'];
  };
}

export interface RunningServer {
  api: ApiApp;
  server: Server;
  url: string;
  /** Stops accepting, lets in-flight requests finish, then flushes usage and closes everything. */
  close(): Promise<void>;
}

/**
 * Listens, then loads the current snapshot. Listening first makes a port in use
 * fail at once, not after the load; requests meanwhile are answered like before the first ingest (503).
 */
export async function startServer(o: ServerOptions): Promise<RunningServer> {
  const { resolve, ...app } = o.app ?? {};
  const api = createApp({
    ...app,
    dataDir: o.dataDir,
    control: o.control,
    plans: o.plans,
    log: o.log,
    cacheMb: o.cacheMb,
    corsOrigins: o.corsOrigins,
    publicUrl: o.publicUrl,
    trustProxy: o.trustProxy,
    metricsToken: o.metricsToken,
    webhooks: { allowPrivateUrls: o.allowPrivateUrls, allowLoopbackUrls: o.allowLoopbackUrls, resolve },
  });
  const server = createServer(api.handle).listen({ port: o.port, host: o.host });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    await api.start();
  } catch (err) {
    server.close();
    throw err;
  }
  server.keepAliveTimeout = 5_000;
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  let closing: Promise<void> | null = null;
  return {
    api,
    server,
    url: `http://${host === '[::]' || host === '0.0.0.0' ? 'localhost' : host}:${addr.port}`,
    close() {
      closing ??= (async () => {
        const drained = new Promise<void>((resolve) => server.close(() => resolve()));
        // Idle keep-alive sockets would hold close() open; busy ones finish their request first; event
        // streams never finish by themselves, so they are ended here.
        server.closeIdleConnections();
        api.endStreams();
        await drained;
        await api.stop();
      })();
      return closing;
    },
  };
}
