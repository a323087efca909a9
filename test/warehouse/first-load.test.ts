/**
 * The first load into a data dir appends straight into the snapshot's tables; every later one goes through
 * the stage twins and upsert.sql. Both must store the same thing: the demo fixtures loaded in one run, and
 * loaded as a first feed (teams) then the rest on top, give identical tables, derived ones included.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { resolveDataDir } from '../../src/data-dir.js';
import { ingestSqlite } from '../kit/ingest.js';
import { readCurrentId, snapshotFile } from '../../src/warehouse/snapshot-store.js';
import { DEMO_FIXTURES } from '../kit/fixtures.js';
import { tempDir } from '../kit/dirs.js';

const NOW = new Date('2026-05-10T12:00:00Z');
/** Per-snapshot bookkeeping, not data: differs by construction. */
const SKIPPED = new Set(['snapshot_meta', 'outbox']);

async function tables(dataDirPath: string): Promise<Map<string, string>> {
  const dataDir = resolveDataDir(dataDirPath);
  const instance = await DuckDBInstance.create(snapshotFile(dataDir, readCurrentId(dataDir) ?? ''), {
    access_mode: 'READ_ONLY',
  });
  const conn = await instance.connect();
  try {
    const names = (
      await (await conn.runAndReadAll('SELECT table_name FROM duckdb_tables() ORDER BY 1')).getRowObjectsJson()
    ).map((r) => String(r.table_name));
    const out = new Map<string, string>();
    for (const name of names.filter((n) => !SKIPPED.has(n))) {
      out.set(
        name,
        JSON.stringify((await conn.runAndReadAll(`SELECT * FROM ${name} ORDER BY ALL`)).getRowObjectsJson()),
      );
    }
    return out;
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

it('a first load written directly stores what the staged upsert path stores', async () => {
  const { dir, cleanup } = tempDir('svc-first-load-');
  try {
    const files = readdirSync(DEMO_FIXTURES)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => path.join(DEMO_FIXTURES, f));
    const [teams = '', ...rest] = files;
    assert.ok(teams.endsWith('01-times.json') && rest.length > 0, 'the demo fixtures start with the teams feed');

    const direct = path.join(dir, 'direct');
    await ingestSqlite({ dataDir: resolveDataDir(direct), inputs: files, now: NOW });
    const staged = path.join(dir, 'staged');
    await ingestSqlite({ dataDir: resolveDataDir(staged), inputs: [teams], now: NOW });
    await ingestSqlite({ dataDir: resolveDataDir(staged), inputs: rest, now: NOW, backfill: true });

    const a = await tables(direct);
    const b = await tables(staged);
    assert.deepEqual([...a.keys()], [...b.keys()]);
    assert.ok(
      (a.get('partidas')?.length ?? 0) > 1000 && (a.get('classificacao')?.length ?? 0) > 1000,
      'the demo data was loaded and derived',
    );
    for (const [name, rows] of a) assert.equal(rows, b.get(name), `table ${name} differs`);
  } finally {
    cleanup();
  }
});
