import { systemClock, type Clock } from '../../clock.js';
import { errorText, type Logger } from '../../log.js';
import { controlPlaneFull, controlPlaneUnreachable } from '../../control/control-plane.js';
import type { Middleware } from 'koa';
import { randomBytes } from 'node:crypto';
import { ApiError, ClientAbortedError } from '../errors.js';
import { applyHeaders } from '../headers.js';
import type { ApiState } from '../state.js';
import type { UsageMeter } from '../usage-meter.js';
import { isoWithOffset } from '../../time.js';

const INSTANCE = randomBytes(4).toString('hex');
let sequence = 0;

/**
 * Outermost middleware: gives each request an id (`X-Request-Id`), turns every error into the API's
 * `{erro, mensagem}` body (500 "Erro interno" with no internals for anything unexpected), writes the access
 * log line and records the request in the key's usage.
 */
export function requestContext(log: Logger, usage: UsageMeter, clock: Clock = systemClock): Middleware<ApiState> {
  return async (ctx, next) => {
    const started = performance.now();
    const requestId = `${INSTANCE}-${(++sequence).toString(36)}`;
    ctx.state.requestId = requestId;
    ctx.state.headers = ['X-Request-Id', requestId];
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw new ApiError(404, 'Não encontrado', 'Rota não encontrada.');
      }
    } catch (err) {
      if (err instanceof ClientAbortedError) {
        // Nobody to answer: record what happened, write nothing.
        ctx.status = ClientAbortedError.STATUS;
        ctx.respond = false;
      } else {
        const e = err instanceof ApiError ? err : internalError(err, requestId, log);
        ctx.status = e.status;
        for (const [k, v] of Object.entries(e.headers)) ctx.set(k, v);
        ctx.body = e.body();
      }
    }
    // A prepared response has gone out with these already; any other is written by Koa after this.
    if (ctx.respond !== false) applyHeaders(ctx);
    const ms = Math.round((performance.now() - started) * 100) / 100;
    const { path, method, status } = ctx;
    const auth = ctx.state.auth;
    if (auth) {
      const at = clock.now();
      usage.record(
        {
          chaveId: auth.keyId,
          endpoint: path,
          rota: routeTemplate(ctx),
          metodo: method,
          status_code: status,
          tempo_resposta_ms: ms,
          data_hora: isoWithOffset(at),
        },
        at,
      );
    }
    // The key's prefix, never the key.
    log.info({ req: requestId, method, path, status, ms, key: auth?.keyPrefix ?? null });
  };
}

/** The matched route as the OpenAPI writes it (`/v1/campeonatos/{id}/tabela`); authenticated requests always matched one. */
function routeTemplate(ctx: { _matchedRoute?: string | RegExp; path: string }): string {
  const route = ctx._matchedRoute;
  return typeof route === 'string' ? route.replace(/:(\w+)/g, '{$1}') : ctx.path;
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
  // Koa's own HTTP errors (e.g. a malformed URL) carry an expose-safe status; keep those.
  const status =
    typeof err === 'object' && err !== null && 'status' in err ? Number((err as { status: unknown }).status) : 500;
  if (status >= 400 && status < 500)
    return new ApiError(status, 'Requisição inválida', 'A requisição não pôde ser interpretada.');
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
