import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createApp, type ApiApp } from '../../src/api/app.js';
import { SqliteAccountsStore } from '../../src/control/accounts-store.js';
import { openControlDb, type ControlDb } from '../../src/control/database.js';
import { startDispatcher, type Dispatcher } from '../../src/webhooks/dispatcher.js';
import { verifyDelivery } from '../../src/webhooks/verify.js';
import { publishSnapshot, Receiver, testDataDir, until, type TestDataDir } from './helpers.js';
import { assertWebhookOpenApi } from './openapi.js';

/** The management API and the daemon together, as a customer sees them: test delivery, quota, history. */
describe('management API + daemon', () => {
  let dataDir: TestDataDir;
  let db: ControlDb;
  let api: ApiApp;
  let server: http.Server;
  let base: string;
  let key: string;
  let receiver: Receiver;
  let url: string;
  let dispatcher: Dispatcher;

  before(async () => {
    dataDir = testDataDir();
    db = openControlDb(dataDir.controlDb);
    const accounts = new SqliteAccountsStore(db);
    const conta = accounts.createAccount('acme', 'pro').id;
    key = accounts.createKey(conta, null).key;
    db.prepare('INSERT INTO webhook_contas (conta_id, limite_entregas_mes) VALUES (?, 1)').run(conta);
    api = createApp({ dataDir, control: db, log: () => {}, webhooks: { allowPrivateUrls: true } });
    server = http.createServer(api.app.callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    receiver = new Receiver();
    url = await receiver.start();
    dispatcher = await startDispatcher({ dataDir, allowPrivateUrls: true, mailer: null, pollMs: 50, log: () => {} });
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

  it('a test delivery reaches the receiver signed with the secret shown at creation, outside the quota; then the quota discards', async () => {
    const created = await call('POST', '/v1/webhooks', { nome: 'local', url });
    assert.equal(created.status, 201);
    const { id, secret } = created.body.data as { id: number; secret: string };

    const queued = await call('POST', `/v1/webhooks/${id}/testar`);
    assert.equal(queued.status, 202);
    await receiver.waitFor(1);
    const test = receiver.requests[0];
    assert.equal(test?.headers['x-svc-evento'], 'webhook.teste');
    assert.equal(test?.headers['x-svc-entrega'], queued.body.data.id);
    assert.deepEqual(verifyDelivery({ secret, body: test?.body ?? '', timestamp: String(test?.headers['x-svc-timestamp']), signature: String(test?.headers['x-svc-assinatura']) }), { ok: true });

    await publishSnapshot(dataDir, [{ evento: 'partida.gol', campeonato_id: 1 }, { evento: 'partida.encerrada', campeonato_id: 1 }]);
    dispatcher.poke();
    await until(() => (db.prepare(`SELECT count(*) AS n FROM entregas WHERE status IN ('entregue', 'descartada')`).get() as { n: number }).n === 3, 'settled');
    assert.equal(receiver.requests.length, 2, 'one automatic delivery sent, the second discarded without a POST');

    const list = await call('GET', '/v1/webhooks');
    assert.deepEqual(list.body.meta, { entregas_mes_usadas: 1, entregas_mes_limite: 1, entregas_referencia: new Date().toISOString().slice(0, 7).replace('-', '') });
    const history = await call('GET', `/v1/webhooks/${id}/entregas`);
    assert.deepEqual(
      (history.body.data as { origem: string; status: string }[]).map((d) => `${d.origem}:${d.status}`).sort(),
      ['automatica:descartada', 'automatica:entregue', 'teste:entregue'],
    );
    const discarded = await call('GET', `/v1/webhooks/${id}/entregas?status=descartada`);
    assert.equal(discarded.body.data.length, 1);
    assert.equal(discarded.body.data[0].ultimo_erro, 'Cota mensal de entregas excedida');
    assert.equal(discarded.body.data[0].tentativas, 0);
    const detail = await call('GET', `/v1/webhooks/${id}`);
    assert.notEqual(detail.body.data.ultimo_sucesso_em, null);
  });
});
