// The esbuild plugins both bundles use: the CLI's (scripts/build.mjs) and the test suite's (scripts/test-suite.mjs).
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Packages bundled in (everything else stays external, loaded by Node): each is many small modules, and
 * resolving, reading and (for CommonJS) export-scanning them one by one at start-up cost more than running
 * them — Ink and React took longer than the rest of `svc tui`'s launch, DuckDB's JavaScript API ~0.14 s of
 * every `svc ingest`, Kysely's few hundred ES modules ~0.2 s of every command that opens the control plane;
 * Commander's 7 CommonJS files and smol-toml's 9 ES modules at every start (each command loads both: the program,
 * the config).
 * Native bindings (`.node` files) and optional developer tools always stay external.
 */
export const BUNDLED_PACKAGES = [
  'ink',
  'ink-spinner',
  'react',
  '@duckdb/node-api',
  'kysely',
  'ajv',
  'ajv-formats',
  'commander',
  'smol-toml',
];
const ALWAYS_EXTERNAL = new Set(['react-devtools-core', '@duckdb/node-bindings']);
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Leaves every package external but those of `bundled` (and what they import). */
export const externalPackages = (bundled) => ({
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const name = packageName(args.path);
      if (ALWAYS_EXTERNAL.has(name)) return { path: args.path, external: true };
      // What a bundled package imports is bundled with it.
      if (args.importer.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      return bundled.includes(name) ? undefined : { path: args.path, external: true };
    });
  },
});

/** CommonJS code bundled into ESM (React's, Ink's dependencies, ajv) requires Node's built-ins. */
export const requireBanner = {
  js: "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);",
};

/**
 * `import.meta.url` in each module names its source file (as `urlOf(file)` writes it), so what the code reads
 * beside itself (SQL, JSON, fixtures, package.json) resolves from the sources wherever the bundle lands.
 */
export function sourceImportMetaUrl(urlOf) {
  return {
    name: 'source-import-meta-url',
    setup(b) {
      b.onLoad({ filter: /\.(ts|tsx|js|mjs)$/ }, async (args) => {
        const ext = path.extname(args.path).slice(1);
        const text = await readFile(args.path, 'utf8');
        return {
          contents: text.replaceAll('import.meta.url', urlOf(args.path)),
          loader: ext === 'mjs' ? 'js' : ext,
        };
      });
    },
  };
}
