import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import { createTestDatabase, postgresSkip } from '../kit/postgres.js';

describe("the test kit's PostgreSQL databases", { skip: postgresSkip ?? false }, () => {
  it('drop() ends a connection a test left open (after its wait for the connections) and removes the database', async () => {
    const db = await createTestDatabase();
    const name = new URL(db.url).pathname.slice(1);
    const left = new pg.Client({ connectionString: db.url });
    const ended = new Promise<Error>((resolve) => left.on('error', resolve));
    await left.connect();
    try {
      await db.drop();
      assert.match((await ended).message, /terminat/i);
    } finally {
      // A drop that failed leaves the connection open: ended here, the test reports instead of hanging.
      await left.end().catch(() => undefined);
    }
    const admin = new pg.Client({
      connectionString: Object.assign(new URL(db.url), { pathname: '/postgres' }).toString(),
    });
    await admin.connect();
    try {
      const { rows } = await admin.query('SELECT count(*)::INTEGER AS n FROM pg_database WHERE datname = $1', [name]);
      assert.equal(rows[0].n, 0);
    } finally {
      await admin.end();
    }
  });
});
