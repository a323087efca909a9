import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One file of the built panel, ready to serve. */
export interface PanelFile {
  body: Buffer;
  type: string;
  etag: string;
  /** Named by its content hash: cacheable forever. */
  immutable: boolean;
}

/** Where the panel is served; its asset URLs are absolute under it. */
export const PANEL_PATH = '/painel';

const ENTRY = fileURLToPath(new URL('./web/main.tsx', import.meta.url));
const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * Builds the React app of the control panel with esbuild, in memory (~0.3 s): the page plus one script and
 * one stylesheet named by content hash. Nothing is written to disk, so there is no build step to run after
 * an install or a change, and no output that could be stale or missing.
 */
export async function buildPanel(): Promise<Map<string, PanelFile>> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: { app: ENTRY },
    outdir: PANEL_PATH,
    entryNames: '[name]-[hash]',
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: ['chrome111', 'firefox115', 'safari16.4'],
    jsx: 'automatic',
    // React's production build: esbuild defines NODE_ENV as "production" for a minified browser bundle.
    legalComments: 'none',
    logLevel: 'silent',
  });
  const files = new Map<string, PanelFile>();
  for (const out of result.outputFiles) {
    const body = Buffer.from(out.contents);
    files.set(path.basename(out.path), { body, type: TYPES[path.extname(out.path)] ?? 'application/octet-stream', etag: etagOf(body), immutable: true });
  }
  const asset = (ext: string) => [...files.keys()].find((name) => name.endsWith(ext));
  // No inline script or style anywhere: the page only names its two files (the CSP forbids anything else).
  const html = Buffer.from(`<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Painel · svc</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${PANEL_PATH}/${asset('.css')}">
<script type="module" src="${PANEL_PATH}/${asset('.js')}"></script>
</head>
<body><div id="raiz"></div><noscript>O painel precisa de JavaScript.</noscript></body>
</html>
`);
  files.set('index.html', { body: html, type: 'text/html; charset=utf-8', etag: etagOf(html), immutable: false });
  return files;
}
