import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { resolveDataDir, type DataDir } from '../../src/data-dir.js';
import { changesBetween } from '../../src/warehouse/snapshot-changes.js';
import { manifestFile, readManifest } from '../../src/warehouse/snapshot-store.js';
import { copyDemoDataDir, ingestSqlite } from '../kit/ingest.js';
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

describe('alteracoes: a goal credited to another player', () => {
  const temp = tempDir('svc-touched-scorer-');
  const dataDir = resolveDataDir(temp.dir);
  after(() => temp.cleanup());

  it('names the scorer it was credited to before as well as the new one (both goal totals change)', async () => {
    await copyDemoDataDir(temp.dir);
    await publish(dataDir, step('03-gol.json'));
    const goal = JSON.parse(readFileSync(step('03-gol.json'), 'utf8'));
    // Only the event, sent again with its scorer corrected: the stored rows alone know who scored before.
    const corrected = path.join(temp.dir, 'correcao.json');
    writeFileSync(
      corrected,
      JSON.stringify({
        formato: 'svc-feed/1',
        fonte: 'demo',
        eventos: [{ ...goal.eventos[0], jogador: 'Renan Soares', jogador_id: 'fla-10' }],
      }),
    );
    const alteracoes = readManifest(dataDir, await publish(dataDir, corrected))?.alteracoes;
    assert.deepEqual(alteracoes?.jogadores, [9, 10]);
    assert.deepEqual(alteracoes?.partidas, [339]);
  });
});
