import type { Middleware } from 'koa';
import { addHeader } from '../headers.js';
import type { ApiRouter, ApiState } from '../state.js';

/** Allowed browser origins: any (`*`), or an exact list (`https://app.example`, compared as sent). */
export type CorsOrigins = '*' | readonly string[];

const ALLOW_HEADERS = 'Authorization, If-None-Match, Content-Type, Last-Event-ID';
const EXPOSE_HEADERS =
  'ETag, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Request-Id, X-Snapshot';
/** Browsers cap this themselves (Chromium at 2 h); 10 min keeps a changed policy from lingering. */
const MAX_AGE = '600';

/**
 * CORS for the API. Any origin by default: a key travels in the `Authorization` header, never in a cookie,
 * so a page on another origin gains nothing it could not do with the key itself. A preflight (`OPTIONS`
 * with `Access-Control-Request-Method`) for a route that accepts the requested method is answered 204 here,
 * before any key check (browsers send preflights without credentials); one for an unknown path or method
 * goes on to the router's 404/405.
 */
export function cors(router: ApiRouter, origins: CorsOrigins = '*'): Middleware<ApiState> {
  const allowed = origins === '*' ? null : new Set(origins);
  return (ctx, next) => {
    const origin = ctx.get('Origin');
    if (allowed !== null) addHeader(ctx, 'Vary', 'Origin');
    if (origin === '' || (allowed !== null && !allowed.has(origin))) return next();
    addHeader(ctx, 'Access-Control-Allow-Origin', allowed === null ? '*' : origin);
    const requested = ctx.get('Access-Control-Request-Method');
    if (ctx.method !== 'OPTIONS' || requested === '') {
      addHeader(ctx, 'Access-Control-Expose-Headers', EXPOSE_HEADERS);
      return next();
    }
    if (!router.match(ctx.path, requested.toUpperCase()).route) return next();
    addHeader(ctx, 'Access-Control-Allow-Methods', 'GET, HEAD, POST, PATCH, DELETE');
    addHeader(ctx, 'Access-Control-Allow-Headers', ALLOW_HEADERS);
    addHeader(ctx, 'Access-Control-Max-Age', MAX_AGE);
    ctx.status = 204;
    return Promise.resolve();
  };
}
