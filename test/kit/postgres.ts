import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { waitFor } from './wait.js';

/** The machine's PostgreSQL (`.ci/run` starts it); SVC_TEST_POSTGRES_URL points the tests elsewhere. */
const ADMIN_URL = process.env.SVC_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Why the PostgreSQL tests cannot run here, or null when the server answers. Printed once by each skipped suite. */
export const postgresSkip: string | null = await (async () => {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (err) {
    return `PostgreSQL unreachable at ${ADMIN_URL} (${(err as Error).message}): PostgreSQL tests skipped`;
  } finally {
    await client.end().catch(() => undefined);
  }
})();

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A database of its own for one test (`svc_test_<random>`); `drop` removes it, ending any connection left. */
export async function createTestDatabase(): Promise<{
  url: string;
  drop(): Promise<void>;
  /**
   * Ends every connection to the database as a server restart does (`terminating connection due to administrator
   * command`), without restarting the server other tests share; returns how many it ended.
   */
  terminateConnections(): Promise<number>;
}> {
  const name = `svc_test_${randomBytes(6).toString('hex')}`;
  // template0 accepts no connections, so databases created at once by parallel test files never collide on it.
  await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE template0`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      admin(async (c) => {
        // pg's pool.end() resolves before its connections have closed. Forced at once, the drop could end one still
        // closing, whose "terminating connection due to administrator command" then reaches a pool with no error
        // listener and fails the test (1 run in 60 here). So the connections get a moment to close first.
        const noConnections = async () => {
          const { rows } = await c.query<{ n: number }>(
            'SELECT count(*)::INTEGER AS n FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          return rows[0]?.n === 0;
        };
        // Past the deadline the forced drop ends whatever a test left open.
        await waitFor(noConnections, `the connections to ${name} to close`, 2_000).catch(() => undefined);
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
    terminateConnections: () =>
      admin(async (c) => {
        const { rows } = await c.query<{ ended: boolean }>(
          'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        return rows.filter((r) => r.ended).length;
      }),
  };
}
