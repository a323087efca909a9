import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { resolveDataDir, type DataDir } from '../../src/data-dir.js';
import { ingestSqlite } from '../kit/ingest.js';
import { changesBetween } from '../../src/warehouse/snapshot-changes.js';
import { manifestFile, readManifest } from '../../src/warehouse/snapshot-store.js';
import { DEMO_FIXTURES, LIVE_DAY } from '../kit/fixtures.js';
import { tempDir } from '../kit/dirs.js';

const step = (name: string) => path.join(LIVE_DAY, name);

async function publish(dataDir: DataDir, input: string): Promise<string> {
  const summary = await ingestSqlite({ dataDir, inputs: [input] });
  assert.ok(summary.snapshot_id);
  return summary.snapshot_id;
}

describe('alteracoes: what an ingest touched, in its manifest', () => {
  const temp = tempDir('svc-touched-');
  const dataDir = resolveDataDir(temp.dir);
  let first = '';
  let goal = '';
  let lineups = '';
  before(async () => {
    first = await publish(dataDir, DEMO_FIXTURES);
    goal = await publish(dataDir, step('03-gol.json'));
    lineups = await publish(dataDir, step('06-substituicao.json'));
  });
  after(() => temp.cleanup());

  it('a first build is a complete change and lists no ids', () => {
    assert.deepEqual(readManifest(dataDir, first)?.alteracoes, {
      completo: true,
      campeonatos: [],
      partidas: [],
      times: [],
      jogadores: [],
      rodadas: [],
      fases: [],
    });
  });

  it('a live goal names its match, round, championship and scorer, nothing else', () => {
    assert.deepEqual(readManifest(dataDir, goal)?.alteracoes, {
      completo: false,
      campeonatos: [1],
      partidas: [339],
      times: [],
      jogadores: [9],
      rodadas: [34],
      fases: [],
    });
  });

  it('changes between two snapshots are the union along parent_id; a link without them is a gap', () => {
    const union = changesBetween(dataDir, first, lineups);
    assert.ok(union && !union.completo);
    const own = readManifest(dataDir, lineups)!.alteracoes!;
    assert.deepEqual(
      union.partidas,
      [...new Set([339, ...own.partidas])].sort((a, b) => a - b),
    );
    assert.equal(changesBetween(dataDir, lineups, first), null, 'a rollback does not reach the served snapshot');
    const manifest = JSON.parse(readFileSync(manifestFile(dataDir, goal), 'utf8'));
    delete manifest.alteracoes;
    writeFileSync(manifestFile(dataDir, goal), JSON.stringify(manifest));
    assert.equal(changesBetween(dataDir, first, lineups), null);
    assert.ok(changesBetween(dataDir, goal, lineups), 'the links after the gap still count');
  });
});
