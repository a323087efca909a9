import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { send } from '../../../src/webhooks/dispatch/send.js';
import { RESPONSE_EXCERPT_BYTES, Sender } from '../../../src/webhooks/sender.js';
import { verifyDelivery } from '../../../src/webhooks/verify.js';
import { ManualClock } from '../../kit/clock.js';
import { Receiver } from '../../kit/receiver.js';
import { StageFixture, T0 } from './fixture.js';

describe('send stage', () => {
  let receiver: Receiver;
  let url: string;
  let f: StageFixture;
  const sender = new Sender({ allowPrivate: true, maxSockets: 1 });
  const deps = { sender, clock: new ManualClock(T0), random: () => 0.5 };
  before(async () => {
    receiver = new Receiver();
    url = await receiver.start();
  });
  after(async () => {
    sender.close();
    await receiver.stop();
  });
  beforeEach(async () => (f = await StageFixture.open(url)));
  afterEach(() => f.close());

  it('a 2xx: delivered, one signed POST of the exact body, the metered account passed on', async () => {
    receiver.reply = () => ({ status: 204 });
    const [job] = await f.claimed(1);
    assert.ok(job);
    const done = await send({ job, metered: f.conta }, deps);
    assert.equal(done.metered, f.conta);
    assert.equal(done.outcome.kind, 'entregue');
    assert.ok(done.outcome.kind === 'entregue');
    const req = receiver.requests.at(-1);
    const { cabecalhos, ...attempt } = done.outcome.attempt;
    assert.deepEqual(
      { ...attempt, duracaoMs: 0 },
      {
        numero: 1,
        origem: 'automatica',
        destino: url,
        iniciadaEm: T0,
        statusCode: 204,
        erro: null,
        duracaoMs: 0,
        resposta: null,
      },
    );
    // The attempt keeps the headers exactly as the receiver got them.
    assert.deepEqual(
      cabecalhos,
      Object.fromEntries(Object.keys(cabecalhos ?? {}).map((name) => [name, req?.headers[name]])),
    );
    assert.equal(cabecalhos?.['x-svc-assinatura'], req?.headers['x-svc-assinatura']);
    assert.equal(req?.body, job.corpo);
    assert.equal(req?.headers['x-svc-tentativa'], '1');
    assert.deepEqual(
      verifyDelivery({
        secret: f.secret,
        body: req?.body ?? '',
        timestamp: String(req?.headers['x-svc-timestamp']),
        signature: String(req?.headers['x-svc-assinatura']),
        nowMs: T0,
      }),
      { ok: true },
    );
  });

  it('a test delivery that fails is not retried: one attempt', async () => {
    receiver.reply = () => ({ status: 503 });
    const [job] = await f.claimed(1, 'teste');
    assert.ok(job);
    const done = await send({ job, metered: null }, deps);
    assert.ok(done.outcome.kind === 'falhou', done.outcome.kind);
    assert.equal(done.outcome.motivo, 'HTTP 503 (tentativa única)');
  });

  it('a 503: retried on the schedule (10 s before the second attempt); the start of its answer is kept, bounded', async () => {
    receiver.reply = () => ({ status: 503, body: `indisponível ${'x'.repeat(5000)}` });
    const [job] = await f.claimed(1);
    assert.ok(job);
    const done = await send({ job, metered: null }, deps);
    assert.ok(done.outcome.kind === 'retentar', done.outcome.kind);
    assert.equal(done.outcome.dueAt, T0 + 10_000);
    assert.equal(done.outcome.attempt.statusCode, 503);
    const resposta = done.outcome.attempt.resposta ?? '';
    assert.ok(resposta.startsWith('indisponível xxx'));
    assert.equal(Buffer.byteLength(resposta), RESPONSE_EXCERPT_BYTES);
  });

  it('the first attempt after a resend from the API or panel is recorded as reenvio', async () => {
    receiver.reply = () => ({ status: 200 });
    const [job] = await f.claimed(1);
    assert.ok(job);
    const done = await send({ job: { ...job, tentativas: 2, reenvioApos: 2 }, metered: null }, deps);
    assert.deepEqual(
      [done.outcome.kind, done.outcome.kind === 'entregue' && done.outcome.attempt.origem],
      ['entregue', 'reenvio'],
    );
  });

  it('a 404: failed for good; the next attempt number follows the recorded ones', async () => {
    receiver.reply = () => ({ status: 404 });
    const [job] = await f.claimed(1);
    assert.ok(job);
    const done = await send({ job: { ...job, tentativas: 3 }, metered: null }, deps);
    assert.ok(done.outcome.kind === 'falhou', done.outcome.kind);
    assert.equal(done.outcome.motivo, 'HTTP 404');
    assert.equal(done.outcome.attempt?.numero, 4);
    assert.equal(receiver.requests.at(-1)?.headers['x-svc-tentativa'], '4');
  });
});
