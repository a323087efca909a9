import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { openControlDb } from '../../src/control/database.js';
import { resolveDataDir } from '../../src/data-dir.js';
import { ingestSqlite } from '../kit/ingest.js';
import { REPO_ROOT, DEMO_FIXTURES } from '../kit/fixtures.js';
import { tempDir } from '../kit/dirs.js';

const mode = (file: string) => statSync(file).mode & 0o777;

describe('data dir permissions', () => {
  it('a new data dir is 0700 and control.db with its WAL and SHM files 0600', async () => {
    const { dir, cleanup } = tempDir('svc-modes-');
    try {
      const dataDir = resolveDataDir(path.join(dir, 'data'));
      await ingestSqlite({ dataDir, inputs: [DEMO_FIXTURES] });
      assert.equal(mode(dataDir.root), 0o700);
      assert.equal(mode(dataDir.snapshotsDir), 0o700);
      const db = await openControlDb(dataDir.controlDb);
      try {
        db.exec("INSERT INTO schema_migrations (nome, aplicada_em) VALUES ('x', 'y')");
        for (const file of [dataDir.controlDb, `${dataDir.controlDb}-wal`, `${dataDir.controlDb}-shm`]) {
          assert.ok(existsSync(file), file);
          assert.equal(mode(file), 0o600, file);
        }
      } finally {
        db.close();
      }
    } finally {
      cleanup();
    }
  });

  it('an older world-readable control.db is tightened to 0600 when opened', async () => {
    const { dir, cleanup } = tempDir('svc-modes-');
    try {
      const file = path.join(dir, 'control.db');
      writeFileSync(file, '');
      chmodSync(file, 0o644);
      (await openControlDb(file)).close();
      assert.equal(mode(file), 0o600);
    } finally {
      cleanup();
    }
  });

  it("a second connection in one process keeps the first one's writes visible to other processes", async () => {
    // serve + its webhook daemon hold two connections; opening the second must not drop the first one's
    // locks, or another process closing the database deletes the WAL under it and later writes are lost.
    const { dir, cleanup } = tempDir('svc-modes-');
    const file = path.join(dir, 'control.db');
    const a = await openControlDb(file);
    const b = await openControlDb(file);
    const insert = (nome: string) =>
      a
        .prepare(
          "INSERT INTO contas (nome, plano, campeonatos, criada_em, atualizada_em) VALUES (?, 'pro', NULL, 'x', 'x')",
        )
        .run(nome);
    const countElsewhere = () =>
      Number(
        execFileSync(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `import Database from 'libsql'; const d = new Database(${JSON.stringify(file)}); process.stdout.write(String(d.prepare('SELECT count(*) AS n FROM contas').get().n)); d.close();`,
          ],
          { cwd: REPO_ROOT },
        ).toString(),
      );
    try {
      insert('um');
      assert.equal(countElsewhere(), 1);
      insert('dois');
      assert.equal(countElsewhere(), 2, 'a write after another process closed the database is still there');
    } finally {
      b.close();
      a.close();
      cleanup();
    }
  });
});
