import type Router from '@koa/router';
import { createHash } from 'node:crypto';
import { renderDocsPage } from '../openapi/docs-page.js';
import { buildOpenApi } from '../openapi/document.js';
import type { ApiState } from '../state.js';

/** Public: `/v1/openapi.json` and `/docs`, both built once at startup. */
export function registerDocs(router: Router<ApiState>): void {
  const doc = buildOpenApi();
  const json = Buffer.from(JSON.stringify(doc, null, 2));
  const html = Buffer.from(renderDocsPage(doc));
  const etag = (b: Buffer) => `"${createHash('sha256').update(b).digest('base64url').slice(0, 27)}"`;
  const jsonTag = etag(json);
  const htmlTag = etag(html);

  router.get('/v1/openapi.json', (ctx) => {
    ctx.set('ETag', jsonTag);
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = json;
  });
  router.get('/docs', (ctx) => {
    ctx.set('ETag', htmlTag);
    ctx.set('Cache-Control', 'public, max-age=3600');
    // The page is self-contained: forbid every external load.
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = html;
  });
}
