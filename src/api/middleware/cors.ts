import type { ApiContext } from '../state.js';

/** Allowed browser origins: any (`*`), or an exact list (`https://app.example`, compared as sent). */
export type CorsOrigins = '*' | readonly string[];

const ALLOW_HEADERS = 'Authorization, If-None-Match, Content-Type, Last-Event-ID';
const EXPOSE_HEADERS =
  'ETag, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Request-Id, X-Snapshot';
/** Browsers cap this themselves (Chromium at 2 h); 10 min keeps a changed policy from lingering. */
const MAX_AGE = '600';

/**
 * CORS for the API. Any origin by default: a key travels in the `Authorization` header, never in a cookie,
 * so a page on another origin gains nothing it could not do with the key itself. Adds the CORS headers to the
 * request's response; a preflight (`OPTIONS` with `Access-Control-Request-Method`) for a route that accepts the
 * requested method (`routed`) is answered 204 here, before any key check (browsers send preflights without
 * credentials), and the check returns true; one for an unknown path or method goes on to the 404/405.
 */
export function cors(origins: CorsOrigins = '*'): (ctx: ApiContext, routed: (method: string) => boolean) => boolean {
  const allowed = origins === '*' ? null : new Set(origins);
  return (ctx, routed) => {
    const origin = ctx.get('origin');
    if (allowed !== null) ctx.addHeader('Vary', 'Origin');
    if (origin === '' || (allowed !== null && !allowed.has(origin))) return false;
    ctx.addHeader('Access-Control-Allow-Origin', allowed === null ? '*' : origin);
    const requested = ctx.get('access-control-request-method');
    if (ctx.method !== 'OPTIONS' || requested === '') {
      ctx.addHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS);
      return false;
    }
    if (!routed(requested.toUpperCase())) return false;
    ctx.addHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PATCH, DELETE');
    ctx.addHeader('Access-Control-Allow-Headers', ALLOW_HEADERS);
    ctx.addHeader('Access-Control-Max-Age', MAX_AGE);
    ctx.send(204, []);
    return true;
  };
}
