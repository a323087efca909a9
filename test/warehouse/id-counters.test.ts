import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { openSqliteControlPlane } from '../../src/control/control-plane.js';
import { IdCounters } from '../../src/warehouse/counter-guard.js';
import { tempDir } from '../kit/dirs.js';

async function withCounters(
  fn: (counters: Awaited<ReturnType<typeof openSqliteControlPlane>>['counters']) => Promise<void>,
) {
  const { dir, cleanup } = tempDir('svc-id-counters-');
  const control = await openSqliteControlPlane(path.join(dir, 'control.db'));
  try {
    await fn(control.counters);
  } finally {
    await control.close();
    cleanup();
  }
}

describe('IdCounters: internal ids in memory, the control plane advanced once', () => {
  it('allocates past the counters and the bounds; commit advances only what moved', () =>
    withCounters(async (counters) => {
      await counters.reserve('id_time', 4);
      await counters.reserve('id_partida', 2);
      // The parent snapshot holds players up to 9 (a control plane restored from an old backup).
      const ids = await IdCounters.open(counters, { jogador: 9, time: 3 });
      assert.equal(ids.allocate('time', 2), 5);
      assert.equal(ids.allocate('time', 1), 7);
      assert.equal(ids.allocate('jogador', 1), 10);
      assert.equal(ids.allocate('evento', 3), 1);
      assert.equal(await counters.lastValue('id_time'), 4, 'nothing reaches the control plane before commit');
      assert.deepEqual(await ids.commit(), { time: 7, partida: 2, jogador: 10, evento: 3 });
      assert.deepEqual(await counters.lastValues('id_'), { time: 7, partida: 2, jogador: 10, evento: 3 });
    }));

  it('refuses to commit ids a counter handed out meanwhile (outside the ingest lock)', () =>
    withCounters(async (counters) => {
      const ids = await IdCounters.open(counters, {});
      assert.equal(ids.allocate('time', 2), 1);
      await counters.reserve('id_time', 1);
      await assert.rejects(ids.commit(), /o contador id_time avançou durante o ingest \(0 → 1\)/);
    }));
});
