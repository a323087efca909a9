import { PANEL_PATH, readPanel, type PanelFile } from '../../panel/files.js';
import { ApiError } from '../errors.js';
import type { ApiContext } from '../state.js';
import { notModified } from './respond.js';

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
 * Public: the control panel at `/painel` (a client of the public `/v1` API like any other, docs/painel.md).
 * Built at install with the CLI; read on the first request, so a server nobody opens the panel on never reads it.
 */
export function panelPages(): Record<string, (ctx: ApiContext) => void> {
  let built: Map<string, PanelFile> | null = null;
  const files = () => (built ??= readPanel());

  function send(ctx: ApiContext, name: string): void {
    const file = files().get(name);
    if (!file) throw new ApiError(404, 'Não encontrado', 'Arquivo do painel não encontrado.');
    const headers = [
      'Content-Security-Policy',
      PANEL_CSP,
      'X-Content-Type-Options',
      'nosniff',
      'Referrer-Policy',
      'no-referrer',
      'Cache-Control',
      file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'ETag',
      file.etag,
    ];
    if (notModified(ctx, file.etag)) ctx.send(304, headers);
    else ctx.send(200, [...headers, 'Content-Type', file.type, 'Content-Length', String(file.body.length)], file.body);
  }

  return {
    [PANEL_PATH]: (ctx) => send(ctx, 'index.html'),
    [`${PANEL_PATH}/`]: (ctx) => send(ctx, 'index.html'),
    [`${PANEL_PATH}/{file}`]: (ctx) => send(ctx, String(ctx.params.file)),
  };
}
