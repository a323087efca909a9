import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { verifyDelivery } from '../../src/webhooks/verify.js';
import { publishSnapshot } from './helpers.js';
import type { Receiver } from '../kit/receiver.js';
import { waitFor } from '../kit/wait.js';
import type { TestDataDir } from '../kit/dirs.js';
import { startDeliveryStack, type DeliveryStack } from './delivery-stack.js';

/**
 * After a webhook is re-enabled, the customer recovers what failed while it was broken (same ids, signed anew);
 * a secret is rotated with an overlap during which both secrets sign.
 */
describe('recovering deliveries since a time; rotating a secret with an overlap', () => {
  let stack: DeliveryStack;
  let dataDir: TestDataDir;
  let receiver: Receiver;
  let url: string;
  let dispatcher: Dispatcher;
  let call: DeliveryStack['call'];

  before(async () => {
    stack = await startDeliveryStack({ pollMs: 20 });
    ({ dataDir, receiver, url, dispatcher, call } = stack);
  });

  after(() => stack.stop());

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
    await waitFor(() => receiver.requests.length === 6, 'three resent deliveries');
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
    await waitFor(() => receiver.requests.length > seen, 'the test delivery');
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
    await dispatcher.idle(); // the first test's outcome recorded: one test at a time per webhook
    assert.equal((await call('POST', `/v1/webhooks/${id}/testar`)).status, 202);
    dispatcher.poke();
    await waitFor(() => receiver.requests.length > seen2, 'the second test delivery');
    assert.equal(receiver.requests[seen2]!.headers['x-svc-assinatura-anterior'], undefined);
  });
});
