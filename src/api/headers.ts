import type { ApiContext } from './state.js';

/**
 * The API's own response headers (request id, rate limit) are collected as name/value pairs on
 * `ctx.state.headers` and go out one of two ways: with a memoised response in a single `writeHead`
 * (`sendPrepared`, the hot path), or set on Node's response before Koa writes any other response
 * (`applyHeaders`, called once by the outermost middleware).
 */
export function addHeader(ctx: ApiContext, name: string, value: string): void {
  ctx.state.headers.push(name, value);
}

export function applyHeaders(ctx: ApiContext): void {
  const h = ctx.state.headers;
  for (let i = 0; i < h.length; i += 2) ctx.res.setHeader(h[i] as string, h[i + 1] as string);
}

/**
 * Writes a prepared response itself (Koa's documented `ctx.respond = false`): the collected headers and
 * `headers` in one `writeHead`, then the body. Through Koa each header was a `setHeader` (validation, a
 * lower-cased copy of its name, a store into Node's header map) and the body went through Koa's setters
 * and `respond`: a bare Koa route with our six headers served 21.7k requests/s, the same route writing them
 * this way 31.9k (docs/decisions.md, "Prepared responses").
 * Node still validates every header here, and drops the body of a HEAD request or a 304.
 */
export function sendPrepared(ctx: ApiContext, status: number, headers: readonly string[], body?: Buffer): void {
  ctx.respond = false;
  // writeHead sets the status Koa reads back (ctx.status is res.statusCode), e.g. for the access log.
  ctx.res.writeHead(status, ctx.state.headers.concat(headers));
  ctx.res.end(body);
}
