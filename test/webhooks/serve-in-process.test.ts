import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { DEMO_FIXTURES, FIXTURES_NOW, LIVE_DAY } from '../kit/fixtures.js';
import { runSvcInProcess, type SvcProcess, startServeProcess } from '../kit/svc.js';
import { Receiver } from '../kit/receiver.js';
import { testDataDir, type TestDataDir } from '../kit/dirs.js';
import { waitFor } from '../kit/wait.js';
import { createKey } from '../kit/keys.js';

/** `svc serve --webhooks`: one process serves the API and delivers, as an operator on a single VM runs it. */
let dataDir: TestDataDir;
let receiver: Receiver;
let serve: SvcProcess | undefined;

before(async () => {
  dataDir = testDataDir();
  receiver = new Receiver();
  const demo = await runSvcInProcess(['ingest', DEMO_FIXTURES, '--data-dir', dataDir.root]);
  assert.equal(demo.code, 0, demo.stderr);
});

after(async () => {
  serve?.kill('SIGKILL');
  await receiver.stop();
  dataDir.cleanup();
});

it('delivers the events of a new snapshot from inside svc serve, warns about private URLs, stops cleanly', async () => {
  const key = await createKey(dataDir.root, 'acme', 'pro');

  const started = await startServeProcess(dataDir.root, ['--webhooks', '--allow-private-urls']);
  serve = started.server;
  const base = started.url;
  assert.match(serve.stderr, /--allow-private-urls ATIVO/);

  const url = await receiver.start();
  const res = await fetch(`${base}/v1/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ nome: 'ao vivo', url, eventos: ['partida.ao_vivo'] }),
  });
  assert.equal(res.status, 201, await res.clone().text());

  const step = await runSvcInProcess([
    'ingest',
    path.join(LIVE_DAY, '01-pre-jogo.json'),
    path.join(LIVE_DAY, '02-inicio.json'),
    '--data-dir',
    dataDir.root,
    '--now',
    FIXTURES_NOW,
  ]);
  assert.equal(step.code, 0, step.stderr);
  await waitFor(() => receiver.requests.length >= 1, 'a delivery from svc serve --webhooks', 20_000);
  const first = receiver.requests[0];
  assert.ok(first);
  assert.equal(first.headers['x-svc-evento'], 'partida.ao_vivo');
  assert.equal((JSON.parse(first.body) as { evento: string }).evento, 'partida.ao_vivo');

  serve.kill('SIGTERM');
  const exit = await serve.exited;
  assert.equal(exit.code, 0, serve.stderr);
  serve = undefined;
});
