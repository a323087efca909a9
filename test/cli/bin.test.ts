import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { KNOWN_MIGRATIONS, migrationVersion } from '../../src/control/schema-version.js';
import { DEMO_FIXTURES, REPO_ROOT } from '../kit/fixtures.js';
import { runSvc, SVC_BIN } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';

const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };

describe('bin/svc runs the build made at install, and only that', () => {
  let dir: string;
  let cleanup: () => void;
  before(() => ({ dir, cleanup } = tempDir('svc-bin-')));
  after(() => cleanup());

  it("keeps V8's compiled code of its modules in the temp dir's compile cache (Node ≥ 22.1)", {
    skip: (module as { enableCompileCache?: unknown }).enableCompileCache === undefined && 'Node 20 has none',
  }, async () => {
    const tmp = path.join(dir, 'tmp');
    mkdirSync(tmp);
    // NODE_COMPILE_CACHE would turn the cache on by itself: only bin/svc's own call puts it under TMPDIR.
    const r = await runSvc(['--version'], { env: { TMPDIR: tmp, NODE_COMPILE_CACHE: '' } });
    assert.equal(r.code, 0, r.stderr);
    const cached = readdirSync(path.join(tmp, 'node-compile-cache'), { recursive: true });
    assert.ok(cached.length > 1, `compile cache entries: ${cached.join(', ')}`);
  });

  it('runs dist/, built from the whole CLI; files read beside the code resolve from the sources', async () => {
    const r = await runSvc(['--version']);
    assert.equal(r.code, 0, r.stderr);
    // The versions come from beside the code (the migration folders), resolved from the sources.
    assert.deepEqual(r.stdout.split('\n').slice(0, 3), [
      `svc ${pkg.version}`,
      'formato de snapshot: 1',
      // The last migration of each history as the sources hold it (the dist/ build must find the same folders).
      `esquema do plano de controle: ${migrationVersion(KNOWN_MIGRATIONS.sqlite.at(-1)!)} (SQLite), ${migrationVersion(KNOWN_MIGRATIONS.postgres.at(-1)!)} (PostgreSQL)`,
    ]);
    const build = JSON.parse(readFileSync(path.join(REPO_ROOT, 'dist/build.json'), 'utf8')) as { inputs: string[] };
    for (const f of [
      'src/cli/run.ts',
      'src/warehouse/publish.ts',
      'src/api/app.ts',
      'src/tui/app.tsx',
      'package-lock.json',
    ]) {
      assert.ok(build.inputs.includes(f), `${f} is an input of the build`);
    }
    const ingest = await runSvc(['ingest', DEMO_FIXTURES, '--data-dir', path.join(dir, 'data'), '--json']);
    assert.equal(ingest.code, 0, ingest.stderr);
    assert.equal((JSON.parse(ingest.stdout) as { snapshot_id: string }).snapshot_id, '00000001');
  });

  /** bin/svc in a checkout of its own, with the given dist/build.json (or none). */
  function binWith(name: string, build?: object): string {
    const root = path.join(dir, name);
    mkdirSync(path.join(root, 'bin'), { recursive: true });
    copyFileSync(SVC_BIN, path.join(root, 'bin/svc'));
    writeFileSync(path.join(root, 'input.ts'), '');
    if (build) {
      mkdirSync(path.join(root, 'dist'));
      writeFileSync(path.join(root, 'dist/build.json'), JSON.stringify(build));
    }
    return path.join(root, 'bin/svc');
  }

  it('a missing build is one line and exit 1, not a slower second way', () => {
    const r = spawnSync(process.execPath, [binWith('none'), '--version'], { encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.equal(r.stderr, 'svc: o CLI não foi compilado (falta dist/): rode npm run build (ou npm install)\n');
    assert.equal(r.stdout, '');
  });

  it('a build older than a source it was made from is one line and exit 1', () => {
    const r = spawnSync(process.execPath, [binWith('stale', { builtAt: 0, inputs: ['input.ts'] }), '--version'], {
      encoding: 'utf8',
    });
    assert.equal(r.status, 1);
    assert.equal(
      r.stderr,
      'svc: dist/ está desatualizado (input.ts mudou depois da compilação): rode npm run build (ou npm install)\n',
    );
  });
});
