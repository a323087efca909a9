import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PUBLISH_STEPS, type PublishStep } from '../../src/warehouse/publish.js';
import { baseFeed, currentId, query, seeded, startSvc, workspace, type Workspace } from './helpers.js';

/**
 * Crash safety: an ingest is SIGKILLed at each named stage of publishing (the internal `--pause-at` flag makes it
 * wait there). Afterwards the current snapshot opens with consistent data, and the next ingest succeeds and
 * leaves no debris.
 */
describe('an ingest killed while publishing leaves the data dir usable', () => {
  let ws: Workspace;
  let placar = 0;
  before(async () => {
    ws = workspace();
    await seeded(ws);
  });
  after(() => ws.cleanup());

  function liveFeed(): string {
    placar += 1;
    const m = baseFeed().partidas![1]!;
    return ws.write(`live-${placar}.json`, {
      formato: 'svc-feed/1',
      fonte: 'teste',
      partidas: [{ ...m, status: 'ao_vivo', placar_mandante: placar, placar_visitante: 0 }],
    });
  }

  async function storedScore(): Promise<number | null> {
    const [row] = await query<{ p: number | null }>(
      ws.dataDir,
      `SELECT placar_mandante AS p FROM partidas WHERE id = 2`,
    );
    return row?.p ?? null;
  }

  const stages: { stage: PublishStep; published: boolean }[] = [
    { stage: 'locked', published: false },
    { stage: 'copied', published: false },
    { stage: 'loading', published: false },
    { stage: 'loaded', published: false },
    { stage: 'checkpointed', published: false },
    { stage: 'manifest', published: false },
    { stage: 'renamed', published: false },
    { stage: 'current', published: true },
  ];

  it('covers every publish step', () =>
    assert.deepEqual(
      stages.map((s) => s.stage),
      [...PUBLISH_STEPS],
    ));

  for (const { stage, published } of stages) {
    it(`killed at "${stage}"`, async () => {
      const currentBefore = currentId(ws.dataDir);
      const scoreBefore = await storedScore();
      const feed = liveFeed();
      const run = startSvc(['ingest', feed, '--data-dir', ws.dataDir, '--pause-at', stage], {});
      await run.waitFor(`svc: pausado em ${stage}`);
      run.kill('SIGKILL');
      const killed = await run.done;
      assert.equal(killed.signal, 'SIGKILL');

      if (published) {
        assert.notEqual(currentId(ws.dataDir), currentBefore);
        assert.equal(await storedScore(), placar);
      } else {
        assert.equal(currentId(ws.dataDir), currentBefore);
        assert.equal(await storedScore(), scoreBefore);
      }
      const list = await ws.svc(['snapshots', '--json']);
      assert.equal(list.code, 0, list.stderr);

      const next = await ws.svc(['ingest', feed, '--json']);
      assert.equal(next.code, 0, next.stderr);
      const summary = JSON.parse(next.stdout) as { snapshot_id: string };
      assert.equal(currentId(ws.dataDir), summary.snapshot_id);
      assert.equal(await storedScore(), placar);
      const files = readdirSync(path.join(ws.dataDir, 'snapshots'));
      assert.deepEqual(
        files.filter((f) => !/^\d{8}\.(duckdb|json)$/.test(f)),
        [],
        'no temp files left',
      );
      for (const f of files.filter((f) => f.endsWith('.json')))
        assert.ok(files.includes(f.replace('.json', '.duckdb')), `${f} has its snapshot`);
      assert.ok(!existsSync(path.join(ws.dataDir, 'ingest.lock')));
    });
  }
});
