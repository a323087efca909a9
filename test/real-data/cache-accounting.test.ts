/**
 * The serve cache charges a championship's partition and match details what they hold on the heap (issue #30:
 * "the LRU's byte accounting matches what the objects cost"): real data, the Brasileirão CSV family ingested
 * through the real CLI, loaded as `svc serve` loads it, against V8's own count of the heap they keep alive.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { after, before, describe, it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { GlobalPart } from '../../src/api/snapshot/global-part.js';
import { MatchDetails } from '../../src/api/snapshot/match-details.js';
import { Partition } from '../../src/api/snapshot/partition.js';
import { SERVE_ENGINE_SETTINGS, SnapshotDb } from '../../src/api/snapshot/snapshot-db.js';
import { tempDir } from '../kit/dirs.js';
import { CSV_DIR, firstIngest, SKIP } from './real-data.js';

// A full collection on demand: what is left on the heap after it is what is alive.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const liveHeap = (): number => {
  gc();
  gc();
  return v8.getHeapStatistics().used_heap_size;
};

/** Counted within ±25 % of the heap they keep alive (issue #30's bound). */
const TOLERANCE = 0.25;

describe('serve cache accounting on real data', { skip: SKIP }, () => {
  const { dir, cleanup } = tempDir('svc-cache-accounting-');
  let engine: DuckDBInstance;
  let db: SnapshotDb;
  let championships: number[];
  before(async () => {
    await firstIngest(dir, [CSV_DIR]);
    const id = readFileSync(path.join(dir, 'CURRENT'), 'utf8').trim();
    engine = await DuckDBInstance.create(':memory:', SERVE_ENGINE_SETTINGS);
    db = await SnapshotDb.attach(engine, path.join(dir, 'snapshots', `${id}.duckdb`));
    championships = [...new Set((await GlobalPart.load(db)).partidaCampeonato.values())];
  });
  after(async () => {
    db.retire();
    await db.detached();
    engine.closeSync();
    cleanup();
  });

  for (const [name, load] of [
    ['partitions', Partition.load],
    ['match details', MatchDetails.load],
  ] as const)
    it(`counts the ${name} of every championship at what they hold on the heap`, async (t) => {
      await load(db, championships[0]!); // the code paths warm, before the heap is measured
      const held: { bytes: number }[] = [];
      const before = liveHeap();
      for (const id of championships) held.push(await load(db, id));
      const measured = liveHeap() - before;
      const counted = held.reduce((sum, p) => sum + p.bytes, 0);
      const ratio = counted / measured;
      const figures = `${held.length} ${name}: counted ${(counted / 1e6).toFixed(2)} MB, heap ${(measured / 1e6).toFixed(2)} MB (${ratio.toFixed(2)}×)`;
      t.diagnostic(figures);
      assert.ok(Math.abs(ratio - 1) <= TOLERANCE, figures);
    });
});
