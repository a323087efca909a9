import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ControlDb } from '../../src/control/database.js';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { examplePayload } from '../../src/api/openapi/event-examples.js';
import { EVENTOS, type EventName } from '../../src/domain/events.js';
import { verifyDelivery } from '../../src/webhooks/verify.js';
import { runSvcInProcess } from '../kit/svc.js';
import { publishSnapshot } from './helpers.js';
import type { Receiver } from '../kit/receiver.js';
import { waitFor } from '../kit/wait.js';
import type { TestDataDir } from '../kit/dirs.js';
import { startDeliveryStack, type DeliveryStack } from './delivery-stack.js';

/** The management API and the daemon together, as a customer sees them: test delivery, quota, history. */
describe('management API + daemon', () => {
  let stack: DeliveryStack;
  let dataDir: TestDataDir;
  let db: ControlDb;
  let receiver: Receiver;
  let url: string;
  let dispatcher: Dispatcher;
  let call: DeliveryStack['call'];

  before(async () => {
    stack = await startDeliveryStack({
      pollMs: 50,
      before: (db, conta) =>
        db.prepare('INSERT INTO webhook_contas (conta_id, limite_entregas_mes) VALUES (?, 1)').run(conta),
    });
    ({ dataDir, db, receiver, url, dispatcher, call } = stack);
  });

  after(() => stack.stop());

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
    assert.deepEqual(
      verifyDelivery({
        secret,
        body: test?.body ?? '',
        timestamp: String(test?.headers['x-svc-timestamp']),
        signature: String(test?.headers['x-svc-assinatura']),
      }),
      { ok: true },
    );

    await publishSnapshot(dataDir, [
      { evento: 'partida.gol', campeonato_id: 1 },
      { evento: 'partida.encerrada', campeonato_id: 1 },
    ]);
    dispatcher.poke();
    await waitFor(
      () =>
        (
          db.prepare(`SELECT count(*) AS n FROM entregas WHERE status IN ('entregue', 'descartada')`).get() as {
            n: number;
          }
        ).n === 3,
      'settled',
    );
    assert.equal(receiver.requests.length, 2, 'one automatic delivery sent, the second discarded without a POST');

    const list = await call('GET', '/v1/webhooks');
    assert.deepEqual(list.body.meta, {
      entregas_mes_usadas: 1,
      entregas_mes_limite: 1,
      entregas_referencia: new Date().toISOString().slice(0, 7).replace('-', ''),
    });
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
    hook = { id, testId: queued.body.data.id, testBody: test?.body ?? '' };
  });

  let hook: { id: number; testId: string; testBody: string } | undefined;

  it('a test send can carry any of the eight events with the example payload of the docs; another name is a 400', async () => {
    const created = await call('POST', '/v1/webhooks', { nome: 'exemplos', url, eventos: ['partida.gol'] });
    const { id } = created.body.data as { id: number };
    const before = receiver.requests.length;
    // One pending test per webhook: each is sent before the next is asked for.
    for (const [i, evento] of EVENTOS.entries()) {
      const queued = await call('POST', `/v1/webhooks/${id}/testar`, { evento });
      assert.equal(queued.status, 202);
      assert.deepEqual([queued.body.data.evento, queued.body.data.origem], [evento, 'teste']);
      await receiver.waitFor(before + i + 1);
      // Recorded as settled (the receiver has it, its outcome lands a moment later).
      const entrega = `/v1/webhooks/${id}/entregas/${queued.body.data.id}`;
      await waitFor(async () => (await call('GET', entrega)).body.data.status !== 'pendente', `${entrega} settled`);
    }
    const sent = receiver.requests.slice(before);
    assert.deepEqual(sent.map((r) => r.headers['x-svc-evento']).sort(), [...EVENTOS].sort());
    for (const r of sent) {
      const body = JSON.parse(r.body) as { evento: EventName; dados: unknown };
      assert.equal(body.evento, r.headers['x-svc-evento']);
      assert.deepEqual(body.dados, examplePayload(body.evento).dados);
    }
    const bad = await call('POST', `/v1/webhooks/${id}/testar`, { evento: 'gol' });
    assert.equal(bad.status, 400);
    assert.match(bad.body.mensagem, /^O campo evento deve ser um destes: partida\.criada, /);
    assert.equal((await call('POST', `/v1/webhooks/${id}/testar`, { tipo: 'x' })).status, 400);
    await call('DELETE', `/v1/webhooks/${id}`);
  });

  it('resends one delivery: same X-SVC-Entrega and body, signed afresh with the current secret, counted like any delivery', async () => {
    assert.ok(hook, 'runs after the test above');
    const { id, testId, testBody } = hook;
    const shown = await call('GET', `/v1/webhooks/${id}/entregas/${testId}`);
    assert.equal(shown.status, 200);
    assert.equal(shown.body.data.corpo, testBody, 'the signed body, as text');
    const { secret } = (await call('POST', `/v1/webhooks/${id}/rotacionar-segredo`)).body.data as { secret: string };

    const before = receiver.requests.length;
    const resent = await call('POST', `/v1/webhooks/${id}/entregas/${testId}/reenviar`);
    assert.equal(resent.status, 202);
    assert.equal(resent.body.data.id, testId);
    assert.equal(resent.body.data.status, 'pendente');
    assert.match(resent.body.mensagem, /mesmo X-SVC-Entrega/);
    await receiver.waitFor(before + 1);
    const again = receiver.requests[before];
    assert.equal(again?.headers['x-svc-entrega'], testId);
    assert.equal(again?.headers['x-svc-tentativa'], '2');
    assert.equal(again?.body, testBody);
    assert.deepEqual(
      verifyDelivery({
        secret,
        body: again?.body ?? '',
        timestamp: String(again?.headers['x-svc-timestamp']),
        signature: String(again?.headers['x-svc-assinatura']),
      }),
      { ok: true },
    );
    await waitFor(
      () =>
        (db.prepare('SELECT status FROM entregas WHERE id = ?').get(testId) as { status: string }).status ===
        'entregue',
      'resent test delivered',
    );

    // The account's monthly quota (1) is used up: a resent event delivery is discarded, as any would be.
    const automatic = (await call('GET', `/v1/webhooks/${id}/entregas?status=entregue`)).body.data.find(
      (d: { origem: string }) => d.origem === 'automatica',
    );
    assert.equal((await call('POST', `/v1/webhooks/${id}/entregas/${automatic.id}/reenviar`)).status, 202);
    await waitFor(
      () =>
        (db.prepare('SELECT status FROM entregas WHERE id = ?').get(automatic.id) as { status: string }).status ===
        'descartada',
      'discarded by the quota',
    );
    assert.equal(receiver.requests.length, before + 1, 'no POST for a delivery beyond the quota');

    // Still pending: 409. Unknown, or another webhook's: 404. Event deliveries of a deactivated webhook: 409.
    db.prepare(`UPDATE entregas SET status = 'pendente', proxima_tentativa_em = ? WHERE id = ?`).run(
      Date.now() + 3_600_000,
      automatic.id,
    );
    const pending = await call('POST', `/v1/webhooks/${id}/entregas/${automatic.id}/reenviar`);
    assert.deepEqual([pending.status, pending.body.erro], [409, 'Conflito']);
    const unknown = await call('POST', `/v1/webhooks/${id}/entregas/nao-existe/reenviar`);
    assert.deepEqual(
      [unknown.status, unknown.body],
      [404, { erro: 'Não encontrado', mensagem: 'Entrega não encontrada' }],
    );
    const otherHook = (await call('POST', '/v1/webhooks', { nome: 'outro', url })).body.data.id as number;
    assert.equal((await call('GET', `/v1/webhooks/${otherHook}/entregas/${testId}`)).status, 404);
    db.prepare(`UPDATE entregas SET status = 'falhou' WHERE id = ?`).run(automatic.id);
    await call('PATCH', `/v1/webhooks/${id}`, { ativo: false });
    const inactive = await call('POST', `/v1/webhooks/${id}/entregas/${automatic.id}/reenviar`);
    assert.equal(inactive.status, 409);
    assert.match(inactive.body.mensagem, /desativado/);
  });
  it('every attempt (test, CLI replay by prefix, API resend, replay again) has its own number and origin; the detail shows the timeline', async () => {
    const { id } = (await call('POST', '/v1/webhooks', { nome: 'historico', url })).body.data as { id: number };
    const before = receiver.requests.length;
    receiver.reply = (_req, i) => ({ status: i === before + 1 ? 503 : 200, body: `resposta ${i - before + 1}` });
    const entrega = (await call('POST', `/v1/webhooks/${id}/testar`)).body.data.id as string;
    await waitFor(() => receiver.requests.length === before + 1, 'the test delivery');
    const replay = () =>
      runSvcInProcess(['replay', entrega.slice(0, 8), '--allow-private-urls', '--data-dir', dataDir.root]);
    const settled = () =>
      (db.prepare('SELECT status FROM entregas WHERE id = ?').get(entrega) as { status: string }).status === 'entregue';
    await waitFor(settled, 'recorded');
    assert.equal((await replay()).code, 4, 'the receiver answered 503');
    assert.equal((await call('POST', `/v1/webhooks/${id}/entregas/${entrega}/reenviar`)).status, 202);
    await waitFor(() => receiver.requests.length === before + 3, 'the resend');
    await waitFor(settled, 'resent');
    assert.equal((await replay()).code, 0);
    assert.deepEqual(
      receiver.requests.slice(before).map((r) => r.headers['x-svc-tentativa']),
      ['1', '2', '3', '4'],
    );
    const detail = (await call('GET', `/v1/webhooks/${id}/entregas/${entrega}`)).body.data;
    assert.equal(detail.tentativas, 4);
    assert.deepEqual(
      (detail.historico as { numero: number; origem: string; status_code: number; resposta: string }[]).map((a) => [
        a.numero,
        a.origem,
        a.status_code,
        a.resposta,
      ]),
      [
        [1, 'teste', 200, 'resposta 1'],
        [2, 'replay', 503, 'resposta 2'],
        [3, 'reenvio', 200, 'resposta 3'],
        [4, 'replay', 200, 'resposta 4'],
      ],
    );
    // Each attempt keeps the request headers it went out with: the ones the receiver saw, signature included.
    const sent = receiver.requests.slice(before);
    for (const [i, a] of (detail.historico as { cabecalhos: Record<string, string> }[]).entries()) {
      for (const name of ['x-svc-tentativa', 'x-svc-timestamp', 'x-svc-assinatura', 'x-svc-entrega', 'content-length'])
        assert.equal(a.cabecalhos[name], sent[i]?.headers[name], `${name} of attempt ${i + 1}`);
    }
    receiver.reply = () => ({ status: 200 });
    await call('DELETE', `/v1/webhooks/${id}`);
  });

  it('the history narrows by event and by a start of the id, and pages (meta as the spec pages matches)', async () => {
    const { id } = (await call('POST', '/v1/webhooks', { nome: 'paginas', url })).body.data as { id: number };
    const trigger = (evento: string) =>
      runSvcInProcess([
        'webhooks',
        'trigger',
        evento,
        '--webhook',
        String(id),
        '--allow-private-urls',
        '--data-dir',
        dataDir.root,
      ]);
    for (const evento of ['partida.gol', 'partida.encerrada', 'partida.gol'])
      assert.equal((await trigger(evento)).code, 0);
    const list = async (query: string) => (await call('GET', `/v1/webhooks/${id}/entregas?${query}`)).body;

    const gols = await list('evento=partida.gol');
    assert.deepEqual(
      gols.data.map((d: { evento: string }) => d.evento),
      ['partida.gol', 'partida.gol'],
    );
    assert.deepEqual(gols.meta, { webhook_id: id, total: 2, por_pagina: 50, pagina_atual: 1, ultima_pagina: 1 });

    const all = (await list('')).data as { id: string }[];
    const second = await list('por_pagina=1&pagina=2');
    assert.deepEqual(
      second.data.map((d: { id: string }) => d.id),
      [all[1]?.id],
    );
    assert.deepEqual(second.meta, { webhook_id: id, total: 3, por_pagina: 1, pagina_atual: 2, ultima_pagina: 3 });

    const byPrefix = await list(`entrega=${all[2]?.id.slice(0, 8).toUpperCase()}`);
    assert.deepEqual(
      byPrefix.data.map((d: { id: string }) => d.id),
      [all[2]?.id],
    );
    assert.deepEqual((await list('status=entregue&evento=partida.encerrada')).meta.total, 1);

    const bad = await call('GET', `/v1/webhooks/${id}/entregas?entrega=nao-e-id`);
    assert.equal(bad.status, 400);
    assert.match(bad.body.mensagem, /parâmetro entrega/);
    assert.equal((await call('GET', `/v1/webhooks/${id}/entregas?evento=partida.cartao`)).status, 400);
    await call('DELETE', `/v1/webhooks/${id}`);
  });
});
