import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { resolveDataDir } from '../../src/data-dir.js';
import { readManifest } from '../../src/warehouse/snapshot-store.js';
import { tempDir } from '../kit/dirs.js';
import { DEMO_FIXTURES, LIVE_DAY } from '../kit/fixtures.js';
import { runSvcInProcess } from '../kit/svc.js';

describe('the servable check (a snapshot loaded as a server loads it before it is published)', () => {
  const { dir, cleanup } = tempDir('svc-servable-');
  after(cleanup);
  const dataDir = resolveDataDir(dir);
  const ingest = async (input: string) => {
    const r = await runSvcInProcess(['ingest', input, '--data-dir', dir]);
    assert.equal(r.code, 0, r.stderr);
  };

  it('loads a first snapshot, and a live step that grows it by little rides on that check', async () => {
    await ingest(DEMO_FIXTURES);
    const first = readManifest(dataDir, '00000001')!;
    assert.equal(first.servivel?.snapshot, '00000001');
    await ingest(path.join(LIVE_DAY, '01-pre-jogo.json'));
    // Not loaded again (~0.5 s at 10× history for a few rows): the record of the last check passes down.
    assert.deepEqual(readManifest(dataDir, '00000002')!.servivel, first.servivel);
  });

  it('loads it again once it grew by more than a tenth of its rows since the last check', async () => {
    const linhas = readManifest(dataDir, '00000002')!.servivel!.linhas;
    const jogadores = Array.from({ length: Math.ceil(linhas / 10) + 1 }, (_, i) => ({
      id: `extra-${i}`,
      time: 'fla',
      nome: `Jogador Extra ${i}`,
      nome_popular: `Extra ${i}`,
    }));
    const feed = path.join(dir, 'elenco.json');
    writeFileSync(feed, JSON.stringify({ formato: 'svc-feed/1', fonte: 'demo', jogadores }));
    await ingest(feed);
    assert.equal(readManifest(dataDir, '00000003')!.servivel?.snapshot, '00000003');
  });
});
