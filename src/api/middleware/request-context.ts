import { systemClock, type Clock } from '../../clock.js';
import { controlPlaneFull, controlPlaneUnreachable } from '../../control/control-plane.js';
import type { Middleware } from 'koa';
import { randomBytes } from 'node:crypto';
import { ApiError, ClientAbortedError } from '../errors.js';
import { applyHeaders } from '../headers.js';
import type { ApiState } from '../state.js';
import type { UsageMeter } from '../usage-meter.js';
import { isoWithOffset } from '../../time.js';

export type AccessLog = (line: Record<string, unknown>) => void;

/** One request's line: t, req, method, path, status, ms, key, in that order. */
interface AccessLine {
  t: string;
  req: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  key: string | null;
}

/** Marks a record as an AccessLine (a symbol: invisible to JSON.stringify, Object.keys and other sinks). */
const ACCESS_LINE = Symbol('access line');

/** A request's log record, marked so that the stdout sink formats it by hand. */
export function accessLine(
  t: string,
  req: string,
  method: string,
  path: string,
  status: number,
  ms: number,
  key: string | null,
): Record<string, unknown> {
  return { t, req, method, path, status, ms, key, [ACCESS_LINE]: true };
}

/**
 * The JSON.stringify text of an access line, written by hand: it runs for every request, and stringify
 * scanned (and first flattened) every string for characters to escape. Only the path and the key can
 * hold such characters; the time, request id and method are built from safe characters.
 */
function accessJson(l: AccessLine): string {
  return `{"t":"${l.t}","req":"${l.req}","method":"${l.method}","path":${JSON.stringify(l.path)},"status":${l.status},"ms":${l.ms},"key":${l.key === null ? 'null' : JSON.stringify(l.key)}}`;
}

let buffered = '';
let scheduled = false;

function flushLog(): void {
  scheduled = false;
  if (buffered === '') return;
  const chunk = buffered;
  buffered = '';
  process.stdout.write(chunk);
}

process.on('exit', flushLog);

/**
 * Writes one JSON line per request on stdout, batched per event-loop turn: one write syscall for many
 * requests instead of one each (stdout to a pipe or file is synchronous).
 */
export const stdoutLog: AccessLog = (line) => {
  const access = (line as { [ACCESS_LINE]?: true })[ACCESS_LINE] === true;
  buffered += `${access ? accessJson(line as unknown as AccessLine) : JSON.stringify(line)}\n`;
  if (!scheduled) {
    scheduled = true;
    setImmediate(flushLog);
  }
};

const INSTANCE = randomBytes(4).toString('hex');
let sequence = 0;

/**
 * Outermost middleware: gives each request an id (`X-Request-Id`), turns every error into the API's
 * `{erro, mensagem}` body (500 "Erro interno" with no internals for anything unexpected), writes the access
 * log line and records the request in the key's usage.
 */
export function requestContext(log: AccessLog, usage: UsageMeter, clock: Clock = systemClock): Middleware<ApiState> {
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
        const e = err instanceof ApiError ? err : internalError(err, requestId, log, clock);
        ctx.status = e.status;
        for (const [k, v] of Object.entries(e.headers)) ctx.set(k, v);
        ctx.body = e.body();
      }
    }
    // A prepared response has gone out with these already; any other is written by Koa after this.
    if (ctx.respond !== false) applyHeaders(ctx);
    const ms = Math.round((performance.now() - started) * 100) / 100;
    const at = clock.now();
    const now = isoWithOffset(at);
    const { path, method, status } = ctx;
    const auth = ctx.state.auth;
    if (auth)
      usage.record(
        {
          chaveId: auth.keyId,
          endpoint: path,
          rota: routeTemplate(ctx),
          metodo: method,
          status_code: status,
          tempo_resposta_ms: ms,
          data_hora: now,
        },
        at,
      );
    log(accessLine(now, requestId, method, path, status, ms, auth?.keyPrefix ?? null));
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

function internalError(err: unknown, requestId: string, log: AccessLog, clock: Clock): ApiError {
  // Koa's own HTTP errors (e.g. a malformed URL) carry an expose-safe status; keep those.
  const status =
    typeof err === 'object' && err !== null && 'status' in err ? Number((err as { status: unknown }).status) : 500;
  if (status >= 400 && status < 500)
    return new ApiError(status, 'Requisição inválida', 'A requisição não pôde ser interpretada.');
  if (controlPlaneUnreachable(err)) {
    log({
      t: new Date(clock.now()).toISOString(),
      req: requestId,
      level: 'warn',
      erro: `plano de controle: ${String(err)}`,
    });
    return CONTROL_PLANE_DOWN;
  }
  if (controlPlaneFull(err)) {
    log({
      t: new Date(clock.now()).toISOString(),
      req: requestId,
      level: 'error',
      erro: `plano de controle: ${String(err)}`,
    });
    return CONTROL_PLANE_FULL;
  }
  log({
    t: new Date(clock.now()).toISOString(),
    req: requestId,
    level: 'error',
    erro: err instanceof Error ? (err.stack ?? err.message) : String(err),
  });
  return new ApiError(
    500,
    'Erro interno',
    `Ocorreu um erro inesperado. Informe o identificador ${requestId} ao suporte.`,
  );
}
