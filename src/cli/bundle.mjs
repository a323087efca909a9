// Fast start for every command (plain JavaScript: it runs before any TypeScript loader exists).
//
// Registering tsx's loader and passing every module through its hooks costs ~0.3 s per start, which a cron
// `svc ingest` or an interactive `svc tui` pays every time. So bin/svc runs an esbuild bundle of
// src/cli/main.ts instead: code-split, so a command still loads only its own part; packages external (loaded
// by plain Node) except the few listed below; and `import.meta.url` set in each module to its source file's
// URL, so what the code reads beside itself (SQL, JSON, package.json) resolves as when run from the sources.
//
// The bundle lives in node_modules/.cache/svc/, one folder per build, named by `cli.json`, which also records
// the files esbuild built it from; it is rebuilt whenever one of them is newer than the build or gone, so it
// can be missing, never stale. A build never changes a folder a running process may still load chunks from:
// it writes a new one and then replaces `cli.json` atomically. Any problem returns false and bin/svc runs the
// sources through tsx, so this can only make start-up faster, never break it. `SVC_NO_BUNDLE=1` skips it.
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cacheDir = path.join(root, 'node_modules/.cache/svc');
const pointerFile = path.join(cacheDir, 'cli.json');
/** Older builds are removed after this long (a process started from one may still load its chunks). */
const KEEP_OLD_BUILDS_MS = 7 * 24 * 3600 * 1000;

function currentBuild() {
  try {
    const build = JSON.parse(readFileSync(pointerFile, 'utf8'));
    const fresh = build.inputs.every((file) => statSync(path.join(root, file)).mtimeMs <= build.builtAt);
    return fresh ? build : null;
  } catch {
    return null;
  }
}

/**
 * Packages bundled in (everything else stays external, loaded by Node): each is many small modules, and
 * resolving, reading and (for CommonJS) export-scanning them one by one at start-up cost more than running
 * them — Ink and React took longer than the rest of `svc tui`'s launch, DuckDB's JavaScript API ~0.14 s of
 * every `svc ingest`. Native bindings (`.node` files) and optional developer tools always stay external.
 */
const BUNDLED_PACKAGES = new Set(['ink', 'ink-spinner', 'react', '@duckdb/node-api']);
const ALWAYS_EXTERNAL = new Set(['react-devtools-core', '@duckdb/node-bindings']);
const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const name = packageName(args.path);
      if (ALWAYS_EXTERNAL.has(name)) return { path: args.path, external: true };
      // What a bundled package imports is bundled with it.
      if (args.importer.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      return BUNDLED_PACKAGES.has(name) ? undefined : { path: args.path, external: true };
    });
  },
};

const sourceImportMetaUrl = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.(ts|tsx|js|mjs)$/ }, async (args) => {
      const ext = path.extname(args.path).slice(1);
      const text = await readFile(args.path, 'utf8');
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: ext === 'mjs' ? 'js' : ext,
      };
    });
  },
};

async function build() {
  const { build: esbuild } = await import('esbuild');
  const builtAt = Date.now();
  const dir = `cli-${builtAt}-${process.pid}`;
  const result = await esbuild({
    absWorkingDir: root,
    entryPoints: [path.join(root, 'src/cli/run.ts')],
    outdir: path.join(cacheDir, dir),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [externalPackages, sourceImportMetaUrl],
    // CommonJS code bundled into ESM (React's, Ink's dependencies) requires Node's built-ins.
    banner: { js: "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);" },
    metafile: true,
    logLevel: 'silent',
  });
  // This file is an input too: a change to how the bundle is built rebuilds it.
  const build = { dir, builtAt, inputs: [...Object.keys(result.metafile.inputs), path.relative(root, fileURLToPath(import.meta.url))] };
  const tmp = `${pointerFile}.tmp-${process.pid}`;
  writeFileSync(tmp, JSON.stringify(build));
  renameSync(tmp, pointerFile);
  for (const old of readdirSync(cacheDir)) {
    const full = path.join(cacheDir, old);
    if (/^cli-\d+-\d+$/.test(old) && old !== dir && statSync(full).mtimeMs < builtAt - KEEP_OLD_BUILDS_MS) rmSync(full, { recursive: true, force: true });
  }
  return build;
}

/** Runs the CLI from the bundle; false when it cannot (the caller then runs the sources through tsx). */
export async function runBundle() {
  if (process.env.SVC_NO_BUNDLE === '1') return false;
  let bundle;
  try {
    bundle = currentBuild();
    if (!bundle) {
      mkdirSync(cacheDir, { recursive: true });
      bundle = await build();
    }
  } catch {
    return false;
  }
  await import(pathToFileURL(path.join(cacheDir, bundle.dir, 'run.js')).href);
  return true;
}
