/**
 * The follower's copy made ahead (candidate-file.ts CopyAhead): a publish builds on it only while it is a copy of the
 * snapshot still current, in its own file; otherwise the publish copies afresh and the result is the same.
 */
import assert from 'node:assert/strict';
import { closeSync, copyFileSync, existsSync, openSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { resolveDataDir, type DataDir } from '../../src/data-dir.js';
import { candidateFile, CopyAhead } from '../../src/warehouse/candidate-file.js';
import { removeLeftovers } from '../../src/warehouse/publish.js';
import { readCurrentId, snapshotFile } from '../../src/warehouse/snapshot-store.js';
import { DuckDBInstance } from '@duckdb/node-api';
import { LIVE_DAY } from '../kit/fixtures.js';
import { copyDemoDataDir, ingestSqlite } from '../kit/ingest.js';
import { tempDir } from '../kit/dirs.js';
import { runSvc } from '../kit/svc.js';

async function withDemo(run: (dataDir: DataDir) => Promise<void>): Promise<void> {
  const { dir, cleanup } = tempDir('svc-ahead-');
  try {
    await copyDemoDataDir(dir);
    await run(resolveDataDir(dir));
  } finally {
    cleanup();
  }
}

/** The live matches' scores in the current snapshot, opened read-only as every reader does. */
async function scores(dataDir: DataDir): Promise<unknown[]> {
  const file = snapshotFile(dataDir, readCurrentId(dataDir) ?? '');
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  const conn = await instance.connect();
  try {
    const sql = "SELECT id, placar_mandante, placar_visitante FROM partidas WHERE status = 'ao_vivo' ORDER BY id";
    return (await conn.runAndReadAll(sql)).getRowsJson();
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

const step = (file: string) => path.join(LIVE_DAY, file);

describe('the copy made ahead of a publish', () => {
  it('is a copy of the current snapshot in the candidate file, and the next publish builds on it', async () =>
    withDemo(async (dataDir) => {
      const ahead = new CopyAhead(dataDir);
      await ingestSqlite({ dataDir, inputs: [step('02-inicio.json')] });
      await ahead.prepare();
      const file = candidateFile(dataDir);
      assert.ok(existsSync(file), 'the copy is made between rounds');
      const ino = statSync(file).ino;
      // Held open here, so that a fresh copy could not be given the same inode number.
      const fd = openSync(file, 'r');
      const summary = await ingestSqlite({ dataDir, inputs: [step('03-gol.json')], ahead }).finally(() =>
        closeSync(fd),
      );
      assert.deepEqual(summary.eventos.por_tipo, { 'partida.placar_atualizado': 1, 'partida.gol': 1 });
      // The published snapshot is that very file, renamed: not a fresh copy.
      assert.equal(statSync(snapshotFile(dataDir, summary.snapshot_id ?? '')).ino, ino);
      assert.equal(await ahead.take(readCurrentId(dataDir)), null, 'taken once');
    }));

  it('is not used once another ingest made another snapshot current, nor after it removed the file', async () =>
    withDemo(async (dataDir) => {
      await ingestSqlite({ dataDir, inputs: [step('02-inicio.json')] });
      const expected = tempDir('svc-ahead-expected-');
      try {
        // What the same two steps give without any copy ahead.
        await copyDemoDataDir(expected.dir);
        const plain = resolveDataDir(expected.dir);
        await ingestSqlite({ dataDir: plain, inputs: [step('02-inicio.json')] });
        await ingestSqlite({ dataDir: plain, inputs: [step('03-gol.json')] });
        const plainSummary = await ingestSqlite({ dataDir: plain, inputs: [step('04-gol-contra.json')] });

        const ahead = new CopyAhead(dataDir);
        await ahead.prepare();
        // Another process's one-shot ingest publishes 03 (and, as every publish does, removes `.tmp-` files).
        assert.equal((await runSvc(['ingest', step('03-gol.json'), '--data-dir', dataDir.root])).code, 0);
        assert.equal(existsSync(candidateFile(dataDir)), false);
        const summary = await ingestSqlite({ dataDir, inputs: [step('04-gol-contra.json')], ahead });
        assert.deepEqual(summary.eventos.por_tipo, plainSummary.eventos.por_tipo);
        assert.deepEqual(await scores(dataDir), await scores(plain));
      } finally {
        expected.cleanup();
      }
    }));

  it('is dropped when it no longer is the current snapshot, even with its file intact', async () =>
    withDemo(async (dataDir) => {
      await ingestSqlite({ dataDir, inputs: [step('02-inicio.json')] });
      const ahead = new CopyAhead(dataDir);
      await ahead.prepare();
      const first = readCurrentId(dataDir);
      assert.equal(await ahead.take('99999999'), null);
      assert.equal(existsSync(candidateFile(dataDir)), false, 'closed and removed');
      await ahead.prepare();
      assert.notEqual(await ahead.take(first), null);
    }));

  it('leaves alone another file found at its path, and a publish keeps the copy it holds', async () =>
    withDemo(async (dataDir) => {
      await ingestSqlite({ dataDir, inputs: [step('02-inicio.json')] });
      const ahead = new CopyAhead(dataDir);
      await ahead.prepare();
      const file = candidateFile(dataDir);
      // A publish's own debris sweep spares the copy it was told about, and only that.
      const debris = path.join(dataDir.snapshotsDir, '.tmp-1.duckdb');
      writeFileSync(debris, 'x');
      removeLeftovers(dataDir, file);
      assert.deepEqual([existsSync(file), existsSync(debris)], [true, false]);
      // Replaced at its path by another file: not this copy, and not this copy's to remove.
      renameSync(file, `${file}.moved`);
      writeFileSync(file, 'someone else');
      assert.equal(await ahead.take(readCurrentId(dataDir)), null);
      assert.equal(existsSync(file), true);
      rmSync(`${file}.moved`);
      rmSync(file);
    }));

  it('is not made from a file that is not the snapshot it was copied for', async () =>
    withDemo(async (dataDir) => {
      const before = readCurrentId(dataDir) ?? '';
      await ingestSqlite({ dataDir, inputs: [step('02-inicio.json')] });
      // The current snapshot's file is another snapshot's bytes: what an ATTACH of a file removed under it would
      // give too (an empty database there), a file that does not say it is the snapshot current.
      copyFileSync(snapshotFile(dataDir, before), snapshotFile(dataDir, readCurrentId(dataDir) ?? ''));
      const ahead = new CopyAhead(dataDir);
      await ahead.prepare();
      assert.equal(existsSync(candidateFile(dataDir)), false);
      assert.equal(await ahead.take(readCurrentId(dataDir)), null);
    }));

  it('over an empty store holds nothing', async () => {
    const { dir, cleanup } = tempDir('svc-ahead-empty-');
    try {
      const ahead = new CopyAhead(resolveDataDir(dir));
      await ahead.prepare();
      assert.equal(await ahead.take(null), null);
    } finally {
      cleanup();
    }
  });
});
