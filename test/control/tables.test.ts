import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { tempDir } from '../kit/dirs.js';
import { controlTablesSource } from '../kit/control-tables.js';

it('src/control/sql/tables.ts matches the schema the migrations build (regenerate: scripts/control-tables.ts)', async () => {
  const t = tempDir('svc-tables-');
  try {
    const expected = await controlTablesSource(path.join(t.dir, 'control.db'));
    assert.equal(readFileSync('src/control/sql/tables.ts', 'utf8'), expected);
  } finally {
    t.cleanup();
  }
});
