import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { send } from '../../../src/webhooks/dispatch/send.js';
import { Sender } from '../../../src/webhooks/sender.js';
import { verifyDelivery } from '../../../src/webhooks/verify.js';
import { ManualClock, Receiver } from '../helpers.js';
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
  beforeEach(() => (f = new StageFixture(url)));
  afterEach(() => f.close());

  it('a 2xx: delivered, one signed POST of the exact body, the metered account passed on', async () => {
    receiver.reply = () => ({ status: 204 });
    const [job] = await f.claimed(1);
    assert.ok(job);
    const done = await send({ job, metered: f.conta }, deps);
    assert.equal(done.metered, f.conta);
    assert.equal(done.outcome.kind, 'entregue');
    assert.ok(done.outcome.kind === 'entregue');
    assert.deepEqual(
      { ...done.outcome.attempt, duracaoMs: 0 },
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
    const req = receiver.requests.at(-1);
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

  it('a 503: retried on the schedule (10 s before the second attempt)', async () => {
    receiver.reply = () => ({ status: 503 });
    const [job] = await f.claimed(1);
    assert.ok(job);
    const done = await send({ job, metered: null }, deps);
    assert.ok(done.outcome.kind === 'retentar', done.outcome.kind);
    assert.equal(done.outcome.dueAt, T0 + 10_000);
    assert.equal(done.outcome.attempt.statusCode, 503);
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
