// Builds the CLI into dist/ (run by `npm install` through the `prepare` script, or `npm run build`).
//
// bin/svc runs only this build: starting from TypeScript through tsx's loader costs ~0.3 s per start, which a
// cron `svc ingest` or an interactive `svc tui` would pay every time (docs/decisions.md, "One way to run").
// The bundle is code-split, so a command still loads only its own part; packages stay external (loaded by
// plain Node) except those scripts/bundle-plugins.mjs lists; and `import.meta.url` in each module points at its source file,
// relative to dist/, so what the code reads beside itself (SQL, JSON, package.json) resolves from the sources
// wherever the checkout lives. dist/build.json lists the inputs, so bin/svc can refuse a build older than them.
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { BUNDLED_PACKAGES, externalPackages, requireBanner, sourceImportMetaUrl } from './bundle-plugins.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

// Every chunk lands directly in dist/, so one relative path from there reaches each source file.
const fromDist = (file) =>
  `new URL(${JSON.stringify(path.relative(dist, file).split(path.sep).join('/'))}, import.meta.url).href`;

const out = `${dist}.tmp-${process.pid}`;
const result = await build({
  absWorkingDir: root,
  // validate-schema: only for the build itself, to generate the feed validators below.
  entryPoints: {
    run: path.join(root, 'src/cli/run.ts'),
    'validate-schema': path.join(root, 'src/feeds/validate-schema.ts'),
  },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [externalPackages(BUNDLED_PACKAGES), sourceImportMetaUrl(fromDist)],
  banner: requireBanner,
  metafile: true,
  logLevel: 'warning',
});
// This script and the lock file are inputs too: a change to how the CLI is built, or to a bundled
// package's version, makes the build stale (packages' own files are not listed: too many to check per start).
const inputs = [
  ...Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('node_modules/')),
  path.relative(root, fileURLToPath(import.meta.url)),
  'scripts/bundle-plugins.mjs',
  'package-lock.json',
];
// The control panel's browser app (src/panel/web), served by `svc serve` at /painel: one script and one
// stylesheet named by content hash, minified; src/panel/files.ts reads them and writes the page around them.
const panel = await build({
  absWorkingDir: root,
  entryPoints: { app: path.join(root, 'src/panel/web/main.tsx') },
  outdir: path.join(out, 'panel'),
  entryNames: '[name]-[hash]',
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: ['chrome111', 'firefox115', 'safari16.4'],
  jsx: 'automatic',
  // React's production build: esbuild defines NODE_ENV as "production" for a minified browser bundle.
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
inputs.push(...Object.keys(panel.metafile.inputs).filter((f) => !f.startsWith('node_modules/')));
// The feed's JSON Schema validators as code (ajv standalone): a fresh `svc ingest` loads them instead of
// compiling the schema (src/feeds/validate-schema.ts checks they were made from the schema it reads), and V8's
// code cache of that code, so that it loads without being parsed and compiled again. What the code requires of ajv
// (its formats, a runtime helper) is bundled in: nothing is resolved and loaded beside it at run time.
const { feedValidatorsCache, feedValidatorsSource } = await import(
  pathToFileURL(path.join(out, 'validate-schema.js')).href
);
const bundled = await build({
  absWorkingDir: root,
  stdin: { contents: feedValidatorsSource(), resolveDir: root, loader: 'js' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // Generated code nobody reads: a smaller file to read and for V8 to check against its cache.
  minifyWhitespace: true,
  write: false,
  logLevel: 'warning',
});
const validators = bundled.outputFiles[0].text;
writeFileSync(path.join(out, 'feed-validators.cjs'), validators);
writeFileSync(path.join(out, 'feed-validators.cache'), feedValidatorsCache(validators));
writeFileSync(path.join(out, 'build.json'), `${JSON.stringify({ builtAt: Date.now(), inputs })}\n`);
if (existsSync(dist)) rmSync(dist, { recursive: true, force: true });
renameSync(out, dist);
