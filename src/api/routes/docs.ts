import type Router from '@koa/router';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PlansConfig } from '../../control/plans.js';
import { BASE_URL_TOKEN, DOCS_CSS, DOCS_SCRIPT, esc, renderDocsPage, type DocsExamples } from '../openapi/docs-page.js';
import { buildOpenApi, ERROR_RESPONSES } from '../openapi/document.js';
import type { CachedResponse } from '../snapshot/served-snapshot.js';
import type { ApiState } from '../state.js';
import { sendCached } from './respond.js';

/** A static response prepared like a snapshot's: strong ETag, 304, compressed once per coding. */
function prepared(body: Buffer, type: string, extra: readonly string[] = []): CachedResponse {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const notModifiedHeaders = ['ETag', etag, 'Cache-Control', 'public, max-age=3600', ...extra];
  return {
    body,
    etag,
    notModifiedHeaders,
    headers: [...notModifiedHeaders, 'Content-Type', type, 'Content-Length', String(body.length)],
  };
}

/** Pages kept per address the docs were reached at; more (a client inventing Host headers) are built uncached. */
const MAX_CACHED_BASES = 16;

/**
 * Public: `/v1/openapi.json` and `/docs`, built once at startup; the page's examples point at `publicUrl`, else at
 * the scheme and host each request came to (`X-Forwarded-*` only behind `--trust-proxy`, as Koa's `proxy`).
 */
export function registerDocs(router: Router<ApiState>, o: { plans: PlansConfig; publicUrl?: string }): void {
  const doc = buildOpenApi();
  const examples = JSON.parse(
    readFileSync(new URL('../openapi/examples.json', import.meta.url), 'utf8'),
  ) as DocsExamples;
  const json = prepared(Buffer.from(JSON.stringify(doc, null, 2)), 'application/json; charset=utf-8');
  // The page is self-contained: no scripts, nothing loaded from anywhere, only its own stylesheet (by hash).
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const csp = `default-src 'none'; style-src ${hash(DOCS_CSS)}; script-src ${hash(DOCS_SCRIPT)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
  const plans = Object.entries(o.plans).map(([nome, p]) => ({ nome, ...p }));
  const page = renderDocsPage(doc, examples, ERROR_RESPONSES, plans);
  const pages = new Map<string, CachedResponse>();
  const pageFor = (base: string): CachedResponse => {
    const cached = pages.get(base);
    if (cached) return cached;
    // The base comes from the Host header: escaped like any text of the page.
    const html = page.replaceAll(BASE_URL_TOKEN, esc(base));
    const built = prepared(Buffer.from(html), 'text/html; charset=utf-8', ['Content-Security-Policy', csp]);
    if (pages.size < MAX_CACHED_BASES) pages.set(base, built);
    return built;
  };
  router.get('/v1/openapi.json', (ctx) => sendCached(ctx, json));
  router.get('/docs', (ctx) => sendCached(ctx, pageFor(o.publicUrl ?? `${ctx.protocol}://${ctx.host}`)));
}
