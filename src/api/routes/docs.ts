import type Router from '@koa/router';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DOCS_CSS, renderDocsPage, type DocsExamples } from '../openapi/docs-page.js';
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

/** Public: `/v1/openapi.json` and `/docs`, both built once at startup. */
export function registerDocs(router: Router<ApiState>): void {
  const doc = buildOpenApi();
  const examples = JSON.parse(
    readFileSync(new URL('../openapi/examples.json', import.meta.url), 'utf8'),
  ) as DocsExamples;
  const json = prepared(Buffer.from(JSON.stringify(doc, null, 2)), 'application/json; charset=utf-8');
  // The page is self-contained: no scripts, nothing loaded from anywhere, only its own stylesheet (by hash).
  const styleHash = createHash('sha256').update(DOCS_CSS).digest('base64');
  const csp = `default-src 'none'; style-src 'sha256-${styleHash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
  const html = prepared(Buffer.from(renderDocsPage(doc, examples, ERROR_RESPONSES)), 'text/html; charset=utf-8', [
    'Content-Security-Policy',
    csp,
  ]);
  router.get('/v1/openapi.json', (ctx) => sendCached(ctx, json));
  router.get('/docs', (ctx) => sendCached(ctx, html));
}
