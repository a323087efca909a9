/**
 * Writes src/control/sql/tables.ts, the control plane's tables as Kysely types, from the schema the migrations
 * build (a fresh SQLite control plane). Run after adding a migration: `node --import tsx scripts/control-tables.ts`;
 * test/control/tables.test.ts fails while the file is stale.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { controlTablesSource } from '../test/kit/control-tables.js';

const target = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'control', 'sql', 'tables.ts');
const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-tables-'));
try {
  writeFileSync(target, await controlTablesSource(path.join(dir, 'control.db')));
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
