/**
 * upsert.sql updates stored matches in place, naming every column: a column added to the schema and not
 * to that list would keep its old value on every update. This holds the list to the schema.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { REPO_ROOT } from '../kit/fixtures.js';
import { openWarehouseDb } from './warehouse-db.js';

it('the in-place update of partidas sets every column but the key', async () => {
  const upsert = readFileSync(path.join(REPO_ROOT, 'src/warehouse/load/upsert.sql'), 'utf8');
  const set = /UPDATE partidas t SET([\s\S]*?)FROM stage_partidas/.exec(upsert)?.[1] ?? '';
  const assigned = [...set.matchAll(/(\w+) = s\.(\w+)/g)].map((m) => {
    assert.equal(m[1], m[2], `${m[1] ?? ''} is set from another column`);
    return m[1];
  });
  const db = await openWarehouseDb();
  try {
    const columns = (
      await db.all(
        `SELECT column_name FROM duckdb_columns() WHERE table_name = 'partidas' AND column_name <> 'id' ORDER BY column_index`,
      )
    ).map((r) => r.column_name);
    assert.deepEqual(assigned, columns);
  } finally {
    db.close();
  }
});
