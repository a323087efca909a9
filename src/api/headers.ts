import type { ApiContext } from './state.js';

/**
 * Sets a response header on Node's response directly. Every API response carries six headers of its own
 * (request id, rate limit, ETag, Cache-Control); Koa's `ctx.set` adds a delegation and value checks to each
 * that these string values, always set before the body, do not need. Node still validates name and value.
 */
export function setHeader(ctx: ApiContext, name: string, value: string): void {
  ctx.res.setHeader(name, value);
}
