// Fast start for `svc tui` (plain JavaScript: it runs before any TypeScript loader exists).
//
// Through tsx, every module Ink and React load passes the TypeScript loader's hooks, which roughly doubles the
// time to the first frame. So `svc tui` runs an esbuild bundle of src/cli/tui-main.ts instead, with every package
// left external (loaded by plain Node) and code splitting, so Ink still loads lazily after the command has set
// up the process. The bundle lives in node_modules/.cache/svc/tui/ and is rebuilt whenever one of the source
// files it was built from (recorded by esbuild) is newer: it can be missing, never stale. Any problem returns
// false and bin/svc takes the ordinary path, so this can only make start-up faster, never break it.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cacheDir = path.join(root, 'node_modules/.cache/svc');
const outDir = path.join(cacheDir, 'tui');
const inputsFile = path.join(outDir, 'inputs.json');
const entry = path.join(root, 'src/cli/tui-main.ts');

function isFresh() {
  try {
    const built = statSync(inputsFile).mtimeMs;
    const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
    return inputs.every((file) => statSync(path.join(root, file)).mtimeMs <= built);
  } catch {
    return false;
  }
}

async function build() {
  const { build: esbuild } = await import('esbuild');
  // Build beside the final folder and rename, so two launches building at once never see half a bundle.
  const tmp = `${outDir}.tmp-${process.pid}`;
  const result = await esbuild({
    absWorkingDir: root,
    entryPoints: [entry],
    outdir: tmp,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    metafile: true,
    logLevel: 'silent',
  });
  writeFileSync(path.join(tmp, 'inputs.json'), JSON.stringify(Object.keys(result.metafile.inputs)));
  rmSync(outDir, { recursive: true, force: true });
  renameSync(tmp, outDir);
}

/** Runs `svc tui` from the bundle; false when it cannot (the caller then runs the sources through tsx). */
export async function runTuiBundle() {
  try {
    if (!isFresh()) {
      mkdirSync(cacheDir, { recursive: true });
      await build();
    }
  } catch {
    return false;
  }
  await import(pathToFileURL(path.join(outDir, 'tui-main.js')).href);
  return true;
}
