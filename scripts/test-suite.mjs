// `npm run test:suite [-- FILE…]`: every test file (or those named), bundled, then run by `node --test` two at a
// time, longest first (scripts/test-files.mjs).
//
// Under tsx each test process resolves, reads and links its few hundred TypeScript modules one by one through
// a loader thread: 0.25–1.8 s of CPU per file, 17 % of eight files' CPU measured in pairs. Bundled as the CLI is
// (scripts/build.mjs; the same packages bundled in but React's, the rest external) a file is a handful of
// modules. Same esbuild transform as tsx; `import.meta.url` in each module still names its source file, so what a
// module reads beside itself (SQL, fixtures, JSON) resolves as under tsx, and source maps point failures at the .ts
// lines. One file under tsx: `node --import tsx --test FILE`, as before.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { BUNDLED_PACKAGES, externalPackages, requireBanner, sourceImportMetaUrl } from './bundle-plugins.mjs';
import { testFiles } from './test-files.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Under node_modules: packages left external resolve from there, and git and Biome ignore it.
const out = path.join(root, 'node_modules/.cache/svc-tests');

// Ink and React stay external: ink-testing-library (external) brings them from node_modules, and a second, bundled
// copy of React beside that one breaks every hook ("Invalid hook call").
const packages = BUNDLED_PACKAGES.filter((p) => !['ink', 'ink-spinner', 'react'].includes(p));
// Test files named on the command line run alone (still bundled, as in the suite); other arguments go to node --test.
const args = process.argv.slice(2);
const isTestFile = (a) => /\.test\.tsx?$/.test(a);
const named = args.filter(isTestFile).map((a) => path.relative(root, path.resolve(a)));
const files = testFiles().filter((f) => named.length === 0 || named.includes(f));
// node --test sorts the files it is given by path: a rank before each path makes that order ours.
const order = (file, i) => `${String(i).padStart(3, '0')}/${file.replace(/\.tsx?$/, '')}`;
rmSync(out, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(files.map((f, i) => [order(f, i), f])),
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [externalPackages(packages), sourceImportMetaUrl((file) => JSON.stringify(pathToFileURL(file).href))],
  banner: requireBanner,
  sourcemap: 'inline',
  logLevel: 'warning',
});
const bundled = files.map((f, i) => path.join(out, `${order(f, i)}.js`));
// NODE_EXTRA_CA_CERTS (on this machine kind, the system's CA bundle) costs each Node process ~50 ms at start, and a
// suite starts ~600 of them; none checks a public certificate (tests reach only loopback and local services). The
// suite runs without it; the commands that may reach a registry get it back (test/kit/client-package.ts).
const env = { ...process.env };
// Data dirs the suite's files build once and copy (test/kit/ingest.ts copyBuilt), kept for this run only: the next
// run removes `out`, and with it builds made by older code.
env.SVC_TEST_BUILT_DIRS = path.join(out, 'built');
mkdirSync(env.SVC_TEST_BUILT_DIRS, { recursive: true });
if (env.NODE_EXTRA_CA_CERTS !== undefined) {
  env.SVC_TEST_EXTRA_CA_CERTS = env.NODE_EXTRA_CA_CERTS;
  delete env.NODE_EXTRA_CA_CERTS;
}
const run = spawnSync(
  process.execPath,
  ['--enable-source-maps', '--test', '--test-concurrency=2', ...args.filter((a) => !isTestFile(a)), ...bundled],
  { cwd: root, stdio: 'inherit', env },
);
process.exitCode = run.status ?? 1;
