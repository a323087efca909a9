import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runSvc } from '../helpers/cli.js';
import { closedPort } from './serve.js';

// The errors `svc tui` reports before it takes over the terminal (the ones needing a server are in tui-cli.test.ts).

test('svc tui without a key exits 2 with one line naming --key and SVC_API_KEY', async () => {
  const r = await runSvc(['tui', '--api', 'http://127.0.0.1:9'], { env: { SVC_API_KEY: '' } });
  assert.equal(r.code, 2);
  assert.equal(r.stderr, 'svc: falta a chave de API: use --key ou a variável SVC_API_KEY\n');
});

test('svc tui with a malformed --api exits 2 and says what is expected', async () => {
  const r = await runSvc(['tui', '--api', 'localhost:8080', '--key', 'k']);
  assert.equal(r.code, 2);
  assert.equal(r.stderr, 'svc: --api inválida: localhost:8080 (esperado http://host:porta ou https://…)\n');
});

test('svc tui against a port nobody listens on exits 4 with the address and the cause, no stack', async () => {
  const port = await closedPort();
  const r = await runSvc(['tui', '--api', `http://127.0.0.1:${port}`, '--key', 'k']);
  assert.equal(r.code, 4);
  assert.equal(r.stderr, `svc: servidor inacessível em http://127.0.0.1:${port} (ECONNREFUSED)\n`);
  assert.equal(r.stdout, '');
});
