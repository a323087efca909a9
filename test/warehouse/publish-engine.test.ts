/**
 * One DuckDB engine per process writes every snapshot (publish-engine.ts): publishes in a row, each on its
 * own attached file, and again after the engine was closed (it is created anew). A publish that fails
 * leaves the engine usable and nothing attached.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { resolveDataDir } from '../../src/data-dir.js';
import { ingest } from '../../src/warehouse/ingest.js';
import { closePublishEngine, openForPublish } from '../../src/warehouse/publish-engine.js';
import { REPO_ROOT, tempDir } from '../helpers/cli.js';

const LIVE_DAY = path.join(REPO_ROOT, 'fixtures/live-day');

it('publishes in a row, after a rejected feed, and after the engine was closed', async () => {
  const { dir, cleanup } = tempDir('svc-engine-');
  try {
    const dataDir = resolveDataDir(path.join(dir, 'data'));
    assert.equal((await ingest({ dataDir, inputs: [path.join(REPO_ROOT, 'fixtures/demo')] })).snapshot_id, '00000001');
    assert.equal((await ingest({ dataDir, inputs: [path.join(LIVE_DAY, '01-pre-jogo.json')] })).snapshot_id, '00000002');
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ formato: 'svc-feed/1', fonte: 'demo', eventos: [{ id: 'x', partida: 'nao-existe', tipo: 'gol', minuto: 1, time: 'fla' }] }));
    await assert.rejects(ingest({ dataDir, inputs: [bad] }), /desconhecid/);
    await closePublishEngine();
    const s3 = await ingest({ dataDir, inputs: [path.join(LIVE_DAY, '02-inicio.json')] });
    assert.equal(s3.snapshot_id, '00000004');
    assert.ok(s3.eventos.total > 0);
    // Nothing stays attached: the engine holds only its own in-memory database.
    const { conn, close } = await openForPublish(path.join(dir, 'probe.duckdb'), true);
    try {
      const attached = (await conn.runAndReadAll('SELECT database_name FROM duckdb_databases() WHERE NOT internal ORDER BY 1')).getRowObjectsJson();
      assert.deepEqual(attached.map((r) => r.database_name), ['memory', 'publicacao_5']);
    } finally {
      await close();
    }
  } finally {
    await closePublishEngine();
    cleanup();
  }
});
