import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createApp, type ApiApp } from '../../src/api/app.js';
import { SqliteAccountsStore } from '../../src/control/accounts-store.js';
import { openControlDb, type ControlDb } from '../../src/control/database.js';
import { startDispatcher, type Dispatcher } from '../../src/webhooks/dispatcher.js';
import { publishSnapshot, Receiver, testDataDir, until, type TestDataDir } from './helpers.js';
import { assertWebhookOpenApi } from './openapi.js';

/** After a webhook is re-enabled, the customer recovers what failed while it was broken: same ids, signed anew. */
describe('POST /v1/webhooks/{id}/entregas/reenviar?desde=', () => {
  let dataDir: TestDataDir;
  let db: ControlDb;
  let api: ApiApp;
  let server: http.Server;
  let base: string;
  let key: string;
  let receiver: Receiver;
  let dispatcher: Dispatcher;

  before(async () => {
    dataDir = testDataDir();
    db = openControlDb(dataDir.controlDb);
    const accounts = new SqliteAccountsStore(db);
    key = accounts.createKey(accounts.createAccount('acme', 'pro').id, null).key;
    api = createApp({ dataDir, control: db, log: () => {}, webhooks: { allowPrivateUrls: true } });
    server = http.createServer(api.app.callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    receiver = new Receiver();
    dispatcher = await startDispatcher({ dataDir, allowPrivateUrls: true, mailer: null, pollMs: 20, log: () => {} });
  });

  after(async () => {
    await dispatcher.stop();
    await receiver.stop();
    await new Promise<void>((r) => server.close(() => r()));
    api.stop();
    db.close();
    dataDir.cleanup();
  });

  async function call(method: string, path: string, body?: unknown) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const parsed = text ? JSON.parse(text) : null;
    assertWebhookOpenApi(method, path, res.status, parsed);
    return { status: res.status, body: parsed };
  }

  it('queues again the failed event deliveries since a time, with the same delivery ids; refuses bad input', async () => {
    const url = await receiver.start();
    const created = await call('POST', '/v1/webhooks', { nome: 'r', url, eventos: ['partida.gol'] });
    assert.equal(created.status, 201);
    const id = created.body.data.id as number;
    const before = new Date(Date.now() - 1000).toISOString();
    receiver.reply = () => ({ status: 410 });
    await publishSnapshot(dataDir, [1, 2, 3].map(() => ({ evento: 'partida.gol', campeonato_id: 1 })));
    dispatcher.poke();
    await dispatcher.idle();
    const failed = (await call('GET', `/v1/webhooks/${id}/entregas?status=falhou`)).body.data as { id: string }[];
    assert.equal(failed.length, 3);
    assert.equal(receiver.requests.length, 3);

    assert.deepEqual((await call('POST', `/v1/webhooks/${id}/entregas/reenviar`)).body, {
      erro: 'Parâmetro obrigatório',
      mensagem: 'Informe o parâmetro desde (data e hora ISO 8601 com fuso, ex. 2026-11-25T12:00:00Z).',
    });
    const bad = await call('POST', `/v1/webhooks/${id}/entregas/reenviar?desde=ontem`);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.erro, 'Parâmetro inválido');
    assert.equal((await call('POST', `/v1/webhooks/999/entregas/reenviar?desde=${before}`)).status, 404);
    assert.equal((await call('PATCH', `/v1/webhooks/${id}`, { ativo: false })).status, 200);
    assert.equal((await call('POST', `/v1/webhooks/${id}/entregas/reenviar?desde=${encodeURIComponent(before)}`)).status, 409);
    assert.equal((await call('PATCH', `/v1/webhooks/${id}`, { ativo: true })).status, 200);

    // A time after the failures recovers nothing; one before them recovers all three.
    const none = await call('POST', `/v1/webhooks/${id}/entregas/reenviar?desde=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    assert.equal(none.body.data.reenfileiradas, 0);
    receiver.reply = () => ({ status: 200 });
    const r = await call('POST', `/v1/webhooks/${id}/entregas/reenviar?desde=${encodeURIComponent(before)}`);
    assert.equal(r.status, 202);
    assert.equal(r.body.data.reenfileiradas, 3);
    dispatcher.poke();
    await until(() => receiver.requests.length === 6, 'three resent deliveries');
    const resent = receiver.requests.slice(3).map((q) => q.headers['x-svc-entrega']).sort();
    assert.deepEqual(resent, failed.map((d) => d.id).sort(), 'the same X-SVC-Entrega as the failed ones');
    await dispatcher.idle();
    const delivered = (await call('GET', `/v1/webhooks/${id}/entregas?status=entregue`)).body.data as unknown[];
    assert.equal(delivered.length, 3);
  });
});
