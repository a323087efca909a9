import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
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

/** Built at install with the CLI (scripts/build.mjs, `npm run build`). */
const BUILT = fileURLToPath(new URL('../../dist/panel/', import.meta.url));
const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** The panel is missing from the build (run `npm run build`). */
export class PanelNotBuiltError extends Error {
  constructor() {
    super(`o painel não foi construído (${BUILT}): rode npm run build`);
    this.name = 'PanelNotBuiltError';
  }
}

/** Reads the built panel: its script and stylesheet, and the page that names them. */
export function readPanel(): Map<string, PanelFile> {
  let names: string[];
  try {
    names = readdirSync(BUILT);
  } catch {
    throw new PanelNotBuiltError();
  }
  const files = new Map<string, PanelFile>();
  for (const name of names) {
    const body = readFileSync(path.join(BUILT, name));
    files.set(name, {
      body,
      type: TYPES[path.extname(name)] ?? 'application/octet-stream',
      etag: etagOf(body),
      immutable: true,
    });
  }
  const asset = (ext: string) => names.find((name) => name.endsWith(ext));
  if (!asset('.js') || !asset('.css')) throw new PanelNotBuiltError();
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
