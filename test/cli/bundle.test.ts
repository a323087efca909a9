import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT, runSvc, tempDir } from '../helpers/cli.js';

const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };

describe('bin/svc start-up paths', () => {
  it('runs from the bundle, built from the whole CLI, and records what it was built from', async () => {
    const r = await runSvc(['--version']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.trim(), pkg.version);
    const build = JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules/.cache/svc/cli.json'), 'utf8')) as { dir: string; inputs: string[] };
    assert.ok(existsSync(path.join(REPO_ROOT, 'node_modules/.cache/svc', build.dir, 'main.js')));
    for (const f of ['src/cli/main.ts', 'src/warehouse/publish.ts', 'src/api/app.ts', 'src/tui/app.tsx']) {
      assert.ok(build.inputs.includes(f), `${f} is in the bundle`);
    }
  });

  it('ingests through both paths alike (files read beside the code resolve from the sources either way)', async () => {
    const { dir, cleanup } = tempDir('svc-bundle-');
    try {
      for (const [name, env] of [['bundle', {}], ['tsx', { SVC_NO_BUNDLE: '1' }]] as const) {
        const r = await runSvc(['ingest', path.join(REPO_ROOT, 'fixtures/demo'), '--data-dir', path.join(dir, name), '--json'], { env });
        assert.equal(r.code, 0, `${name}: ${r.stderr}`);
        const summary = JSON.parse(r.stdout) as { snapshot_id: string; contagens: Record<string, number> };
        assert.equal(summary.snapshot_id, '00000001', name);
        assert.ok((summary.contagens.partidas ?? 0) > 0, name);
      }
    } finally {
      cleanup();
    }
  });
});
