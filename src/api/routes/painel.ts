import { PANEL_PATH, readPanel, type PanelFile } from '../../panel/files.js';
import { ApiError } from '../errors.js';
import type { ApiContext, ApiRouter } from '../state.js';

/**
 * The page may load only its own files and call only this origin; no inline code, no framing. `data:`
 * images only for the empty favicon (which spares the browser a request for /favicon.ico).
 */
export const PANEL_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Public: the control panel at `/painel` (ARCHITECTURE §8: a client of the public `/v1` API like any other).
 * Built at install with the CLI; read on the first request, so a server nobody opens the panel on never reads it.
 */
export function registerPainel(router: ApiRouter): void {
  let built: Map<string, PanelFile> | null = null;
  const files = () => (built ??= readPanel());

  function send(ctx: ApiContext, name: string): void {
    const file = files().get(name);
    if (!file) throw new ApiError(404, 'Não encontrado', 'Arquivo do painel não encontrado.');
    ctx.set('Content-Security-Policy', PANEL_CSP);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cache-Control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.set('ETag', file.etag);
    ctx.type = file.type;
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = file.body;
  }

  router.get(PANEL_PATH, (ctx) => send(ctx, 'index.html'));
  router.get(`${PANEL_PATH}/`, (ctx) => send(ctx, 'index.html'));
  router.get(`${PANEL_PATH}/:file`, (ctx) => send(ctx, String(ctx.params.file)));
}
