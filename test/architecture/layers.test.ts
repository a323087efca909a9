import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { REPO_ROOT } from '../kit/fixtures.js';

/**
 * The layers of src/, bottom first (docs/internals.md "Layers"): a module may import its own layer and the
 * ones below, never one above. A folder or root module not listed here fails the test until it is placed.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['domain', 'slug', 'time', 'clock', 'log', 'data-dir'],
  ['feeds'],
  ['control'],
  ['warehouse'],
  ['webhooks'],
  ['panel'],
  ['api'],
  ['tui'],
  ['config'],
  ['cli'],
];

const SRC = path.join(REPO_ROOT, 'src');

function layerOf(file: string): number {
  // A root module counts by its name: `data-dir.ts` and its import specifier `data-dir.js` alike.
  const top = (path.relative(SRC, file).split(path.sep)[0] ?? '').replace(/\.(ts|tsx|js)$/, '');
  const layer = LAYERS.findIndex((names) => names.includes(top));
  assert.notEqual(layer, -1, `src/${top} is in no layer: add it to LAYERS and docs/internals.md`);
  return layer;
}

/** Relative module specifiers of static imports, re-exports and dynamic imports. */
function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)'(\.{1,2}\/[^']+)'/gm)].map((m) => m[1] as string);
}

export function layerViolations(files: readonly string[], read: (file: string) => string): string[] {
  const violations: string[] = [];
  for (const file of files) {
    const own = layerOf(file);
    for (const spec of importsOf(read(file))) {
      const target = path.resolve(path.dirname(file), spec);
      if (!target.startsWith(SRC + path.sep)) continue;
      if (layerOf(target) > own) violations.push(`${path.relative(SRC, file)} imports ${path.relative(SRC, target)}`);
    }
  }
  return violations;
}

function sources(): string[] {
  return readdirSync(SRC, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

it('no module of src/ imports from a layer above its own', () => {
  assert.deepEqual(
    layerViolations(sources(), (f) => readFileSync(f, 'utf8')),
    [],
  );
});

it('the check sees static, type-only and dynamic imports that go up', () => {
  const control = path.join(SRC, 'control/x.ts');
  const text = [
    "import type { Plano } from '../api/auth-context.js';",
    "import { EVENTOS } from '../domain/events.js';",
    "const m = await import('../webhooks/dispatcher.js');",
    "export { y } from './y.js';",
  ].join('\n');
  assert.deepEqual(
    layerViolations([control], () => text),
    ['control/x.ts imports api/auth-context.js', 'control/x.ts imports webhooks/dispatcher.js'],
  );
});
