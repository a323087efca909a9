import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient, ApiRequestError } from '../../src/tui/api-client.js';
import { createKey } from '../kit/keys.js';
import { startDemoServer, type DemoServer } from './serve.js';

// The TUI's API client against a real server: the rate-limit answers it waits out and the ones it reports.

let server: DemoServer;

before(async () => {
  server = await startDemoServer();
});

after(async () => {
  await server?.stop();
});

test('a burst over a per-second limit is waited out: every request of the burst succeeds', async () => {
  const key = await createKey(server.dataDir, 'slow', 'enterprise', 'all', ['--rate', '1']);
  const client = new ApiClient({ baseUrl: server.url, key });
  const raw = await Promise.all(
    [1, 2, 3].map(() => fetch(`${server?.url}/v1/campeonatos`, { headers: { authorization: `Bearer ${key}` } })),
  );
  assert.ok(
    raw.some((r) => r.status === 429),
    'the burst does exceed the limit',
  );
  const results = await Promise.all([client.campeonatos(), client.aoVivo(), client.campeonatos()]);
  assert.equal(results.length, 3);
  assert.ok(results.every((r) => Array.isArray(r.data)));
});

test('an exhausted daily quota is reported with the server erro and mensagem, not waited for', async () => {
  const key = await createKey(server.dataDir, 'quota', 'enterprise', 'all', ['--quota', '1']);
  const client = new ApiClient({ baseUrl: server.url, key });
  await client.campeonatos();
  const err = await client.campeonatos().then(
    () => assert.fail('the second request of a 1-request quota must fail'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof ApiRequestError);
  assert.equal(err.status, 429);
  assert.equal(err.erro, 'Limite de requisições');
  assert.equal(err.message, `429 Limite de requisições: ${err.mensagem}`);
  assert.match(err.mensagem ?? '', /\S/);
});
