import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { systemClock, type Clock } from '../clock.js';
import { errorText, type Logger } from '../log.js';
import { controlPlaneFull, controlPlaneUnreachable } from '../control/control-plane.js';
import { isoWithOffset } from '../time.js';
import { ApiError, ClientAbortedError } from './errors.js';
import { RequestContext } from './http/context.js';
import type { PathRouter } from './http/router.js';
import type { ApiMetrics } from './metrics.js';
import type { UsageMeter } from './usage-meter.js';
import type { ApiContext } from './state.js';

/** What the router finds for a method and path: a route of the table or a page, by its template. */
export interface Endpoint {
  /** The template (`/v1/campeonatos/{campeonatoId}/tabela`): the usage record's `rota` and the metrics label. */
  template: string;
  run(ctx: ApiContext): void | Promise<void>;
}

export interface DispatchOptions {
  router: PathRouter<Endpoint>;
  /** CORS headers, and the answer to a preflight (true when it answered). */
  cors: (ctx: ApiContext, routed: (method: string) => boolean) => boolean;
  log: Logger;
  usage: UsageMeter;
  metrics: ApiMetrics;
  /** Believe `X-Forwarded-*` (`--trust-proxy`). */
  proxy: boolean;
  clock?: Clock;
}

const INSTANCE = randomBytes(4).toString('hex');
let sequence = 0;

/**
 * The request cycle of `svc serve`: a request id (`X-Request-Id`), CORS, the route (404 for an unknown path,
 * 405 with `Allow` for a known path and another method, both before any key check), the route's checks and
 * handler; every error becomes the API's `{erro, mensagem}` (500 "Erro interno" with no internals for anything
 * unexpected); then the access log line, the key's usage record and the metrics. Synchronous from end to end
 * when nothing waits (a cached key and response).
 */
export function createDispatch(o: DispatchOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const clock = o.clock ?? systemClock;
  const found = (ctx: ApiContext) => (method: string) => 'value' in o.router.find(method, ctx.path);

  function serve(ctx: ApiContext): void | Promise<void> {
    // An absolute-form or `*` request target names no path of ours.
    if (!ctx.path.startsWith('/'))
      throw new ApiError(400, 'Requisição inválida', 'A requisição não pôde ser interpretada.');
    const hit = o.router.find(ctx.method, ctx.path);
    if (o.cors(ctx, found(ctx))) return;
    if (!('value' in hit)) {
      if (hit.allowed.length === 0) throw new ApiError(404, 'Não encontrado', 'Rota não encontrada.');
      const allow = hit.allowed.join(', ');
      throw new ApiError(405, 'Método não permitido', `Métodos aceitos nesta rota: ${allow}.`, { Allow: allow });
    }
    ctx.route = hit.value.template;
    ctx.params = hit.params;
    return hit.value.run(ctx);
  }

  function fail(ctx: ApiContext, err: unknown): void {
    if (err instanceof ClientAbortedError) {
      // Nobody to answer: record what happened, write nothing.
      ctx.res.statusCode = ClientAbortedError.STATUS;
      return;
    }
    const e = err instanceof ApiError ? err : internalError(err, ctx.state.requestId, o.log);
    if (ctx.res.headersSent) {
      // A response under way (an event stream) cannot turn into an error: end it.
      ctx.res.end();
      return;
    }
    ctx.json(e.status, e.body(), Object.entries(e.headers).flat());
  }

  function finish(ctx: ApiContext, started: number): void {
    if (!ctx.res.headersSent && ctx.res.statusCode !== ClientAbortedError.STATUS)
      fail(ctx, new Error(`${ctx.method} ${ctx.route ?? ctx.path}: the handler sent no response`));
    const ms = Math.round((performance.now() - started) * 100) / 100;
    const { path, method, status } = ctx;
    const auth = ctx.state.auth;
    if (auth) {
      const at = clock.now();
      usage(auth.keyId, ctx, status, ms, at);
    }
    o.metrics.observe(ctx.route ?? 'nenhuma', method, status, ms / 1000);
    // The key's prefix, never the key.
    o.log.info({ req: ctx.state.requestId, method, path, status, ms, key: auth?.keyPrefix ?? null });
  }

  function usage(chaveId: number, ctx: ApiContext, status: number, ms: number, at: number): void {
    o.usage.record(
      {
        chaveId,
        endpoint: ctx.path,
        // Authenticated requests always matched a route.
        rota: ctx.route ?? ctx.path,
        metodo: ctx.method,
        status_code: status,
        tempo_resposta_ms: ms,
        data_hora: isoWithOffset(at),
      },
      at,
    );
  }

  return (req, res) => {
    const started = performance.now();
    const ctx = new RequestContext(req, res, o.proxy, `${INSTANCE}-${(++sequence).toString(36)}`);
    let pending: void | Promise<void> | undefined;
    try {
      pending = serve(ctx);
    } catch (err) {
      fail(ctx, err);
    }
    if (!pending) return finish(ctx, started);
    pending.then(
      () => finish(ctx, started),
      (err: unknown) => {
        fail(ctx, err);
        finish(ctx, started);
      },
    );
  };
}

/** The control plane is briefly out of reach (a PostgreSQL restart): the client should retry, not report a bug. */
const CONTROL_PLANE_DOWN = new ApiError(
  503,
  'Serviço indisponível',
  'O plano de controle não respondeu; tente novamente em instantes.',
  { 'Retry-After': '1' },
);

/** The control plane's disk is full: the request is fine, the operator must free space. */
const CONTROL_PLANE_FULL = new ApiError(
  503,
  'Serviço indisponível',
  'O plano de controle não consegue gravar agora; tente novamente mais tarde.',
  { 'Retry-After': '30' },
);

function internalError(err: unknown, requestId: string, log: Logger): ApiError {
  if (controlPlaneUnreachable(err)) {
    log.warn({ req: requestId, event: 'plano_de_controle_indisponivel', err: errorText(err) });
    return CONTROL_PLANE_DOWN;
  }
  if (controlPlaneFull(err)) {
    log.error({ req: requestId, event: 'plano_de_controle_cheio', err: errorText(err) });
    return CONTROL_PLANE_FULL;
  }
  log.error({
    req: requestId,
    event: 'erro_interno',
    err: err instanceof Error ? (err.stack ?? err.message) : String(err),
  });
  return new ApiError(
    500,
    'Erro interno',
    `Ocorreu um erro inesperado. Informe o identificador ${requestId} ao suporte.`,
  );
}
