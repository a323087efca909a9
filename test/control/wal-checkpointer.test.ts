import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { openSqliteControlPlane } from '../../src/control/control-plane.js';
import { openControlDb, type ControlDb } from '../../src/control/database.js';
import { startWalCheckpointer } from '../../src/control/wal-checkpointer.js';
import { tempDir } from '../kit/dirs.js';
import { waitFor } from '../kit/wait.js';

/** ~6 MB through the WAL in 60 commits (1,500 pages of 4 KiB): past SQLite's checkpoint threshold of 1,000. */
function writeMegabytes(db: ControlDb): void {
  db.exec('CREATE TABLE IF NOT EXISTS lastro (b BLOB)');
  for (let i = 0; i < 60; i++) db.exec('INSERT INTO lastro SELECT randomblob(1000) FROM generate_series(1, 100)');
}

const size = (file: string) => statSync(file).size;
/** The handle's own checkpoint threshold in pages (0: none at its commits). */
const autocheckpoint = (db: ControlDb) =>
  (db.pragma('wal_autocheckpoint') as [{ wal_autocheckpoint: number }])[0].wal_autocheckpoint;

describe('control plane checkpoints off the event loop', () => {
  it('a serving control plane commits without checkpointing; its worker copies the WAL into control.db', async () => {
    const { dir, cleanup } = tempDir('svc-wal-');
    const file = path.join(dir, 'control.db');
    const control = await openSqliteControlPlane(file, { serving: true });
    try {
      assert.equal(autocheckpoint(control.db), 0, 'the handle leaves them to the worker');
      const before = size(file);
      writeMegabytes(control.db);
      await waitFor(
        () => size(file) > before + 2_000_000,
        () => `control.db to grow (${size(file)} bytes)`,
      );
    } finally {
      await control.close();
      cleanup();
    }
  });

  it('when the worker ends, the handle checkpoints at its own commits again', async () => {
    const { dir, cleanup } = tempDir('svc-wal-');
    const file = path.join(dir, 'control.db');
    const db = await openControlDb(file);
    try {
      const checkpointer = startWalCheckpointer(db, file);
      const exited = new Promise((resolve) => checkpointer.worker.once('exit', resolve));
      checkpointer.worker.ref();
      await checkpointer.worker.terminate();
      await exited;
      assert.equal(autocheckpoint(db), 1000);
      // Synchronous: the commit that crosses 1000 pages copies them into the file before it returns.
      const before = size(file);
      writeMegabytes(db);
      assert.ok(size(file) > before + 2_000_000, `control.db grew by ${size(file) - before} bytes`);
    } finally {
      db.close();
      cleanup();
    }
  });

  it('closing the control plane ends the worker first', async () => {
    const { dir, cleanup } = tempDir('svc-wal-');
    const file = path.join(dir, 'control.db');
    const db = await openControlDb(file);
    try {
      const checkpointer = startWalCheckpointer(db, file);
      let exitCode: number | null = null;
      checkpointer.worker.once('exit', (code) => {
        exitCode = code;
      });
      await checkpointer.stop();
      assert.equal(exitCode, 0, 'the worker closed its connection and ended on its own');
      assert.equal(autocheckpoint(db), 1000);
    } finally {
      db.close();
      cleanup();
    }
  });
});
