/**
 * One migration history that cannot be rewritten: each applied migration's sha256 is recorded beside its name, a
 * control plane whose recorded text differs from this version's file is refused before anything starts (exit 7 from
 * the CLI), and one applied before checksums existed gets its checksum recorded on the next start.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import pg from 'pg';
import { openControlDb } from '../../src/control/database.js';
import { openPgControl } from '../../src/control/postgres/pg-control.js';
import { historyOf, MigrationChangedError, migrationChecksum } from '../../src/control/schema-version.js';
import { tempDir } from '../kit/dirs.js';
import { createTestDatabase, postgresSkip } from '../kit/postgres.js';
import { runSvc } from '../kit/svc.js';

const [sqliteFirst, pgFirst] = [historyOf('sqlite')[0]!, historyOf('postgres')[0]!];

describe('migration checksums', () => {
  it('SQLite: recorded on apply, a changed one refused (exit 7 from the CLI), a missing one recorded', async () => {
    const { dir, cleanup } = tempDir('svc-checksums-');
    try {
      const file = path.join(dir, 'control.db');
      const first = sqliteFirst.name;
      let db = await openControlDb(file);
      const recorded = db.prepare('SELECT checksum FROM schema_migrations WHERE nome = ?').get(first) as {
        checksum: string;
      };
      assert.equal(recorded.checksum, migrationChecksum(readFileSync(sqliteFirst.file, 'utf8')));
      db.prepare("UPDATE schema_migrations SET checksum = 'outro' WHERE nome = ?").run(first);
      db.close();

      await assert.rejects(openControlDb(file), MigrationChangedError);
      const cli = await runSvc(['keys', 'list', '--data-dir', dir]);
      assert.equal(cli.code, 7, cli.stderr);
      assert.match(
        cli.stderr,
        new RegExp(`^svc: a migração ${first} do plano de controle .+control\\.db foi alterada depois de aplicada`),
      );

      // Applied before checksums were recorded: taken as applied on the next start.
      const raw = new (await import('libsql')).default(file);
      raw.prepare('UPDATE schema_migrations SET checksum = NULL').run();
      raw.close();
      db = await openControlDb(file);
      const nulls = db.prepare('SELECT count(*) AS n FROM schema_migrations WHERE checksum IS NULL').get() as {
        n: number;
      };
      assert.equal(nulls.n, 0);
      db.close();
    } finally {
      cleanup();
    }
  });

  it('PostgreSQL: the same', { skip: postgresSkip ?? false }, async () => {
    const database = await createTestDatabase();
    const key = { secretKeys: [Buffer.alloc(32, 3)] };
    try {
      await (await openPgControl(database.url, key)).close();
      const first = pgFirst.name;
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query('SELECT checksum FROM schema_migrations WHERE nome = $1', [first]);
        assert.equal(rows[0].checksum, migrationChecksum(readFileSync(pgFirst.file, 'utf8')));
        await client.query("UPDATE schema_migrations SET checksum = 'outro' WHERE nome = $1", [first]);
        await assert.rejects(openPgControl(database.url, key), MigrationChangedError);
        await client.query('UPDATE schema_migrations SET checksum = NULL');
        await (await openPgControl(database.url, key)).close();
        const nulls = await client.query('SELECT count(*)::int AS n FROM schema_migrations WHERE checksum IS NULL');
        assert.equal(nulls.rows[0].n, 0);
      } finally {
        await client.end();
      }
    } finally {
      await database.drop();
    }
  });
});
