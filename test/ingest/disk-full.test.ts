import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EXIT } from '../../src/cli/exit-codes.js';
import { runSvc } from '../kit/svc.js';
import { baseFeed, currentId, dataDirState, seeded, workspace, type Workspace } from './helpers.js';

/**
 * A disk that fills up during an ingest: the real bin/svc under `prlimit --fsize` (runSvc `fileSizeLimit`), so
 * the write that crosses the limit fails with EFBIG as one on a full disk fails with ENOSPC. One line, exit 7
 * (`nao_pronto`: the data dir does not allow it now), nothing published, nothing left behind, and the same
 * ingest goes through once there is room.
 */
describe('svc ingest on a full disk', () => {
  let ws: Workspace;
  before(() => {
    ws = workspace();
  });
  after(() => ws.cleanup());

  const snapshotsDir = () => path.join(ws.dataDir, 'snapshots');
  const message = (reason: string) =>
    `svc: sem espaço em disco para gravar o snapshot em ${snapshotsDir()} (${reason}): libere espaço e rode o ingest de novo\n  nada foi publicado\n`;

  it('the first snapshot: DuckDB cannot write it; no CURRENT, no file', async () => {
    // The control plane first, with room: the limit then meets the snapshot's own writes.
    assert.equal((await ws.svc(['keys', 'create', '--account', 'a', '--plan', 'free'])).code, 0);
    const feed = ws.write('base.json', baseFeed());
    const r = await runSvc(['ingest', feed, '--data-dir', ws.dataDir], { fileSizeLimit: 256 * 1024 });
    assert.equal(r.stderr, message('File too large'));
    assert.equal(r.code, EXIT.notReady);
    assert.equal(currentId(ws.dataDir), null);
    assert.deepEqual(readdirSync(snapshotsDir()), []);
  });

  it('a later snapshot: the copy of the current one fails; the current snapshot is untouched', async () => {
    await seeded(ws);
    const current = currentId(ws.dataDir)!;
    const size = statSync(path.join(snapshotsDir(), `${current}.duckdb`)).size;
    const changed = baseFeed();
    changed.partidas![1]!.status = 'ao_vivo';
    const feed = ws.write('changed.json', changed);
    const before = await dataDirState(ws.dataDir);
    const r = await runSvc(['ingest', feed, '--data-dir', ws.dataDir], { fileSizeLimit: Math.floor(size / 2) });
    assert.equal(r.stderr, message('File too large'));
    assert.equal(r.code, EXIT.notReady);
    assert.deepEqual(await dataDirState(ws.dataDir), before);

    const retried = await runSvc(['ingest', feed, '--data-dir', ws.dataDir]);
    assert.equal(retried.code, 0, retried.stderr);
    assert.notEqual(currentId(ws.dataDir), current);
  });
});
