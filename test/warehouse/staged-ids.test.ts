import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stagedIdsMacro } from '../../src/warehouse/load/staged-ids.js';
import { openWarehouseDb } from './warehouse-db.js';

describe('stagedIdsMacro', () => {
  // Both forms (literal ids up to 1000, the stage table beyond) pick exactly the staged rows, also inside
  // a subquery and in a DELETE, as upsert.sql uses them.
  for (const staged of [[2, 5], Array.from({ length: 1500 }, (_, i) => i * 2)]) {
    it(`names exactly the staged ids (${staged.length} staged: ${staged.length <= 1000 ? 'literal ids' : 'the stage table'})`, async () => {
      const db = await openWarehouseDb();
      try {
        await db.insert('times', ...[1, 2, 3, 4, 5].map((id) => ({ id })));
        await db.conn.run(`CREATE TEMP TABLE stage_times AS SELECT unnest([${staged.join(', ')}]) AS id`);
        await db.conn.run(stagedIdsMacro('times', staged));
        assert.match(stagedIdsMacro('times', staged), staged.length <= 1000 ? /IN \(2, 5\)/ : /FROM stage_times/);
        const inStage = [1, 2, 3, 4, 5].filter((id) => staged.includes(id));
        assert.deepEqual(
          await db.all('SELECT id FROM times WHERE em_stage_times(id) ORDER BY id'),
          inStage.map((id) => ({ id })),
        );
        assert.deepEqual(
          await db.all(
            'SELECT count(*)::INTEGER AS n FROM times t WHERE EXISTS (SELECT 1 FROM times u WHERE em_stage_times(u.id) AND u.id = t.id)',
          ),
          [{ n: inStage.length }],
        );
        await db.conn.run('DELETE FROM times WHERE em_stage_times(id)');
        assert.deepEqual(
          await db.all('SELECT id FROM times ORDER BY id'),
          [1, 2, 3, 4, 5].filter((id) => !staged.includes(id)).map((id) => ({ id })),
        );
      } finally {
        db.close();
      }
    });
  }
});
