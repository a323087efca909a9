import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { runSvc, runSvcInProcess } from '../kit/svc.js';
import { closedPort } from '../kit/ports.js';
import { startDemoServer, type DemoServer } from './serve.js';

// What `svc tui` reports in the shell, before it takes over the terminal: in this process, except where the
// process's own terminal matters (runSvc's stdin is a pipe, not a TTY).

let server: DemoServer;

before(async () => {
  server = await startDemoServer();
});

after(async () => {
  await server?.stop();
});

test('svc tui without a key exits 2 with one line naming --key and SVC_API_KEY', async () => {
  const r = await runSvcInProcess(['tui', '--api', 'http://127.0.0.1:9'], { env: { SVC_API_KEY: '' } });
  assert.equal(r.code, 2);
  assert.equal(r.stderr, 'svc: falta a chave de API: use --key ou a variável SVC_API_KEY\n');
});

test('svc tui with a malformed --api exits 2 and says what is expected', async () => {
  const r = await runSvcInProcess(['tui', '--api', 'localhost:8080', '--key', 'k']);
  assert.equal(r.code, 2);
  assert.equal(r.stderr, 'svc: --api inválida: localhost:8080 (esperado http://host:porta ou https://…)\n');
});

test('svc tui against a port nobody listens on exits 4 with the address and the cause, no stack', async () => {
  const port = await closedPort();
  const r = await runSvcInProcess(['tui', '--api', `http://127.0.0.1:${port}`, '--key', 'k']);
  assert.equal(r.code, 4);
  assert.equal(r.stderr, `svc: servidor inacessível em http://127.0.0.1:${port} (ECONNREFUSED)\n`);
  assert.equal(r.stdout, '');
});

test('a key the server refuses exits 2 with the server 401 erro and mensagem', async () => {
  const r = await runSvcInProcess(['tui', '--api', server.url, '--key', 'svc_not_a_key']);
  assert.equal(r.code, 2);
  assert.equal(
    r.stderr,
    `svc: a API em ${server.url} recusou a chave: 401 Não autorizado: API Key inválida ou inativa\n`,
  );
});

test('a good key from SVC_API_KEY but stdin not a terminal exits 2 with one line', async () => {
  const r = await runSvc(['tui', '--api', server.url], { env: { SVC_API_KEY: server.key } });
  assert.equal(r.code, 2);
  assert.equal(r.stderr, 'svc: tui: stdin não é um terminal interativo (TTY); use --json para só testar a conexão\n');
  assert.equal(r.stdout, '');
});

test('--json checks the connection and key without a terminal and prints the result', async () => {
  const total = (
    (await (
      await fetch(`${server.url}/v1/campeonatos`, { headers: { authorization: `Bearer ${server.key}` } })
    ).json()) as {
      meta: { total: number };
    }
  ).meta.total;
  const r = await runSvcInProcess(['tui', '--api', `${server.url}/`, '--key', server.key, '--json']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(
    r.stdout,
    `${JSON.stringify({ ok: true, api: server.url, conectado: true, campeonatos: total })}\n`,
    'one line, one object',
  );
});
