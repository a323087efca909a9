/**
 * One DuckDB engine per process writes every snapshot (publish-engine.ts): publishes in a row, each on its
 * own attached file, and again after the engine was closed (it is created anew). A publish that fails,
 * before or inside its transaction, leaves the engine usable and nothing attached.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { resolveDataDir } from '../../src/data-dir.js';
import { ingestSqlite } from '../kit/ingest.js';
import { closePublishEngine, openForPublish } from '../../src/warehouse/publish-engine.js';
import { DEMO_FIXTURES, FIXTURES_NOW, LIVE_DAY } from '../kit/fixtures.js';
import { tempDir } from '../kit/dirs.js';

/** Attaches a probe file: besides the engine's own in-memory database, it must be the only one attached. */
async function assertOnlyProbeAttached(probe: string): Promise<void> {
  const { conn, close } = await openForPublish(probe, true);
  try {
    const rows = (
      await conn.runAndReadAll('SELECT database_name, path FROM duckdb_databases() WHERE NOT internal ORDER BY 1')
    ).getRowObjectsJson();
    assert.deepEqual(
      rows.map((r) => r.path ?? null),
      [null, probe],
    );
  } finally {
    await close();
  }
}

it('publishes in a row, after feeds rejected before and inside the transaction, and after the engine was closed', async () => {
  const { dir, cleanup } = tempDir('svc-engine-');
  try {
    const dataDir = resolveDataDir(path.join(dir, 'data'));
    assert.equal((await ingestSqlite({ dataDir, inputs: [DEMO_FIXTURES] })).snapshot_id, '00000001');
    assert.equal(
      (await ingestSqlite({ dataDir, inputs: [path.join(LIVE_DAY, '01-pre-jogo.json')] })).snapshot_id,
      '00000002',
    );
    // Rejected before the transaction (an unknown reference), then inside it (a team still in use can't be
    // removed: the load has written, so the DETACH needs the transaction rolled back first).
    const unknown = path.join(dir, 'unknown.json');
    writeFileSync(
      unknown,
      JSON.stringify({
        formato: 'svc-feed/1',
        fonte: 'demo',
        eventos: [{ id: 'x', partida: 'nao-existe', tipo: 'gol', minuto: 1, time: 'fla' }],
      }),
    );
    await assert.rejects(ingestSqlite({ dataDir, inputs: [unknown] }), /desconhecid/);
    const inUse = path.join(dir, 'in-use.json');
    writeFileSync(
      inUse,
      JSON.stringify({ formato: 'svc-feed/1', fonte: 'demo', remocoes: [{ entidade: 'time', id: 'fla' }] }),
    );
    await assert.rejects(ingestSqlite({ dataDir, inputs: [inUse] }), /ainda referenciado/);
    await assertOnlyProbeAttached(path.join(dir, 'probe-1.duckdb'));
    await closePublishEngine();
    const s5 = await ingestSqlite({
      dataDir,
      inputs: [path.join(LIVE_DAY, '02-inicio.json')],
      now: new Date(FIXTURES_NOW),
    });
    // A rejected feed consumes no snapshot number (it is reserved only once there is something to publish).
    assert.equal(s5.snapshot_id, '00000003');
    assert.ok(s5.eventos.total > 0);
    await assertOnlyProbeAttached(path.join(dir, 'probe-2.duckdb'));
  } finally {
    await closePublishEngine();
    cleanup();
  }
});
