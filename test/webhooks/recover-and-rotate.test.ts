import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createApp, type ApiApp } from '../../src/api/app.js';
import { SqliteAccountsStore } from '../../src/control/accounts-store.js';
import { sqliteControlPlane } from '../../src/control/control-plane.js';
import { openControlDb, type ControlDb } from '../../src/control/database.js';
import { startDispatcher, type Dispatcher } from '../../src/webhooks/dispatcher.js';
import { verifyDelivery } from '../../src/webhooks/verify.js';
import { publishSnapshot, Receiver, testDataDir, until, type TestDataDir } from './helpers.js';
import { assertWebhookOpenApi } from './openapi.js';

/**
 * After a webhook is re-enabled, the customer recovers what failed while it was broken (same ids, signed anew);
 * a secret is rotated with an overlap during which both secrets sign.
 */
describe('recovering deliveries since a time; rotating a secret with an overlap', () => {
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
    key = accounts.createKey(accounts.createAccount('acme', 'pro').id, null).key;
    api = createApp({ dataDir, control: sqliteControlPlane(db), log: () => {}, webhooks: { allowPrivateUrls: true } });
    server = http.createServer(api.app.callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    receiver = new Receiver();
    url = await receiver.start();
    dispatcher = await startDispatcher({ dataDir, allowPrivateUrls: true, mailer: null, pollMs: 20, log: () => {} });
  });

  after(async () => {
    await dispatcher.stop();
    await receiver.stop();
    await new Promise<void>((r) => server.close(() => r()));
    await api.stop();
    db.close();
    dataDir.cleanup();
  });

  async function call(method: string, path: string, body?: unknown) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const parsed = text ? JSON.parse(text) : null;
    assertWebhookOpenApi(method, path, res.status, parsed);
    return { status: res.status, body: parsed };
  }

  it('queues again the failed event deliveries since a time, with the same delivery ids; refuses bad input', async () => {
    const created = await call('POST', '/v1/webhooks', { nome: 'r', url, eventos: ['partida.gol'] });
    assert.equal(created.status, 201);
    const id = created.body.data.id as number;
    const before = new Date(Date.now() - 1000).toISOString();
    receiver.reply = () => ({ status: 410 });
    await publishSnapshot(
      dataDir,
      [1, 2, 3].map(() => ({ evento: 'partida.gol', campeonato_id: 1 })),
    );
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
    assert.equal(
      (await call('POST', `/v1/webhooks/${id}/entregas/reenviar?desde=${encodeURIComponent(before)}`)).status,
      409,
    );
    assert.equal((await call('PATCH', `/v1/webhooks/${id}`, { ativo: true })).status, 200);

    // A time after the failures recovers nothing; one before them recovers all three.
    const none = await call(
      'POST',
      `/v1/webhooks/${id}/entregas/reenviar?desde=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    assert.equal(none.body.data.reenfileiradas, 0);
    receiver.reply = () => ({ status: 200 });
    const r = await call('POST', `/v1/webhooks/${id}/entregas/reenviar?desde=${encodeURIComponent(before)}`);
    assert.equal(r.status, 202);
    assert.equal(r.body.data.reenfileiradas, 3);
    dispatcher.poke();
    await until(() => receiver.requests.length === 6, 'three resent deliveries');
    const resent = receiver.requests
      .slice(3)
      .map((q) => q.headers['x-svc-entrega'])
      .sort();
    assert.deepEqual(resent, failed.map((d) => d.id).sort(), 'the same X-SVC-Entrega as the failed ones');
    await dispatcher.idle();
    const delivered = (await call('GET', `/v1/webhooks/${id}/entregas?status=entregue`)).body.data as unknown[];
    assert.equal(delivered.length, 3);
  });

  it('rotation with sobreposicao_segundos: deliveries carry the new signature and the old one, until the overlap ends', async () => {
    const created = await call('POST', '/v1/webhooks', { nome: 'rot', url, eventos: ['partida.gol'] });
    const id = created.body.data.id as number;
    const oldSecret = created.body.data.secret as string;
    const bad = await call('POST', `/v1/webhooks/${id}/rotacionar-segredo`, { sobreposicao_segundos: -1 });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.erro, 'Parâmetro inválido');
    assert.equal((await call('POST', `/v1/webhooks/${id}/rotacionar-segredo`, { outra: 1 })).status, 400);

    const rotated = await call('POST', `/v1/webhooks/${id}/rotacionar-segredo`, { sobreposicao_segundos: 3600 });
    assert.equal(rotated.status, 200);
    const newSecret = rotated.body.data.secret as string;
    assert.notEqual(newSecret, oldSecret);
    assert.ok(Date.parse(rotated.body.data.secret_anterior_valido_ate) > Date.now() + 3_500_000);
    const seen = receiver.requests.length;
    assert.equal((await call('POST', `/v1/webhooks/${id}/testar`)).status, 202);
    dispatcher.poke();
    await until(() => receiver.requests.length > seen, 'the test delivery');
    const req = receiver.requests[seen]!;
    const check = (secret: string, header: string) =>
      verifyDelivery({
        secret,
        body: req.body,
        timestamp: String(req.headers['x-svc-timestamp']),
        signature: String(req.headers[header]),
      });
    assert.deepEqual(check(newSecret, 'x-svc-assinatura'), { ok: true });
    assert.deepEqual(
      check(oldSecret, 'x-svc-assinatura-anterior'),
      { ok: true },
      'a receiver still on the old secret verifies',
    );

    // Without a body the rotation has no overlap, as the spec shows: one signature only.
    const plain = await call('POST', `/v1/webhooks/${id}/rotacionar-segredo`);
    assert.equal(plain.body.data.secret_anterior_valido_ate, null);
    const seen2 = receiver.requests.length;
    await call('POST', `/v1/webhooks/${id}/testar`);
    dispatcher.poke();
    await until(() => receiver.requests.length > seen2, 'the second test delivery');
    assert.equal(receiver.requests[seen2]!.headers['x-svc-assinatura-anterior'], undefined);
  });
});
