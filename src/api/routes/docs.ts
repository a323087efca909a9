import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PlansConfig } from '../../control/plans.js';
import type { Plano } from '../../domain/plans.js';
import { DEFAULT_WEBHOOK_LIMITS } from '../../domain/webhooks.js';
import { esc } from '../openapi/docs-html.js';
import { BASE_URL_TOKEN, DOCS_CSS, renderDocsPage, type DocsExamples } from '../openapi/docs-page.js';
import { DOCS_SCRIPT } from '../openapi/docs-page-script.js';
import { buildOpenApi } from '../openapi/document.js';
import type { CachedResponse } from '../snapshot/served-snapshot.js';
import type { ApiContext } from '../state.js';
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
 * the scheme and host each request came to (`X-Forwarded-*` only behind `--trust-proxy`).
 */
export function docsPages(o: {
  plans: PlansConfig;
  publicUrl?: string;
}): Record<'/v1/openapi.json' | '/docs', (ctx: ApiContext) => void> {
  const doc = buildOpenApi();
  const examples = JSON.parse(
    readFileSync(new URL('../openapi/examples.json', import.meta.url), 'utf8'),
  ) as DocsExamples;
  const json = prepared(Buffer.from(JSON.stringify(doc, null, 2)), 'application/json; charset=utf-8');
  // The page is self-contained: nothing loaded from anywhere, its own stylesheet and script (by hash); its try-it
  // forms may call this origin and no other.
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const csp = `default-src 'none'; style-src ${hash(DOCS_CSS)}; script-src ${hash(DOCS_SCRIPT)}; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
  const plans = Object.entries(o.plans).map(([nome, p]) => ({
    nome,
    ...p,
    webhooks_ativos: DEFAULT_WEBHOOK_LIMITS[nome as Plano].webhooksAtivos,
    entregas_mes: DEFAULT_WEBHOOK_LIMITS[nome as Plano].entregasMes,
  }));
  const page = renderDocsPage(doc, examples, plans, BASE_URL_TOKEN);
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
  return {
    '/v1/openapi.json': (ctx) => sendCached(ctx, json),
    '/docs': (ctx) => sendCached(ctx, pageFor(o.publicUrl ?? `${ctx.protocol}://${ctx.host}`)),
  };
}
