import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { AttemptResult, DeliveryJob } from '../../../src/control/webhooks/records.js';
import { OutcomeRecorder } from '../../../src/webhooks/dispatch/record.js';
import type { CompletedDispatch, DispatchOutcome } from '../../../src/webhooks/dispatch/types.js';
import { memoryLog } from '../../kit/log.js';
import { ManualClock } from '../../kit/clock.js';
import { StageFixture, T0 } from './fixture.js';

describe('record stage', () => {
  let f: StageFixture;
  let records: Record<string, unknown>[];
  let flushed: (readonly CompletedDispatch[])[];
  let recorder: OutcomeRecorder;
  beforeEach(async () => {
    f = await StageFixture.open();
    const memory = memoryLog();
    records = memory.records;
    flushed = [];
    recorder = new OutcomeRecorder(f.queue, {
      clock: new ManualClock(T0),
      mailer: null,
      log: memory.log,
      onFlushed: (b) => flushed.push(b),
    });
  });
  afterEach(() => f.close());

  const attempt = (job: DeliveryJob, statusCode: number | null): AttemptResult => ({
    numero: job.tentativas + 1,
    origem: job.origem,
    destino: job.url,
    iniciadaEm: T0,
    statusCode,
    erro: statusCode === null ? 'tempo esgotado (10000 ms)' : null,
    duracaoMs: 12,
  });
  const done = (job: DeliveryJob, outcome: DispatchOutcome): CompletedDispatch => ({ job, metered: f.conta, outcome });
  const status = (job: DeliveryJob) => f.registry.findDeliveries([job.id])[0];

  it('writes a batch of outcomes in one go, logs each, and hands the batch back to settle the claims', async () => {
    const [ok, retry, failed, discarded, bug] = await f.claimed(5);
    assert.ok(ok && retry && failed && discarded && bug);
    const batch = [
      done(ok, { kind: 'entregue', attempt: attempt(ok, 200), at: T0 + 1 }),
      done(retry, { kind: 'retentar', attempt: attempt(retry, 503), dueAt: T0 + 10_000 }),
      done(failed, { kind: 'falhou', attempt: attempt(failed, 404), motivo: 'HTTP 404', at: T0 + 1 }),
      done(discarded, { kind: 'descartada', motivo: 'Cota mensal de entregas excedida' }),
      done(bug, { kind: 'erro', motivo: 'boom' }),
    ];
    for (const c of batch) recorder.add(c);
    assert.equal(recorder.pending, 5);
    await recorder.flush();
    assert.equal(recorder.pending, 0);
    assert.deepEqual(flushed, [batch]);
    assert.deepEqual(
      [ok, retry, failed, discarded, bug].map((j) => [status(j)?.status, status(j)?.tentativas]),
      [
        ['entregue', 1],
        ['pendente', 1],
        ['falhou', 1],
        ['descartada', 0],
        ['pendente', 0],
      ],
    );
    assert.equal(status(retry)?.proximaTentativaEm, T0 + 10_000);
    assert.equal(await f.queue.monthlyUsage(f.conta, T0), 1);
    assert.deepEqual(
      records.map(({ level, event, type, webhook, outcome, msg }) => [level, event, type, webhook, outcome, msg]),
      [
        ['info', 'entregue', 'entregue (tentativa 1, HTTP 200 em 12 ms)'],
        ['warn', 'retentar', 'nova tentativa em 2026-11-22T12:00:10.000Z (tentativa 1, HTTP 503 em 12 ms)'],
        ['warn', 'falhou', 'falhou: HTTP 404 (tentativa 1, HTTP 404 em 12 ms)'],
        ['warn', 'descartada', 'descartada: Cota mensal de entregas excedida'],
        ['error', 'erro', 'erro interno (boom); reenviada quando a reserva expirar'],
      ].map(([level, outcome, msg]) => [level, 'entrega', 'partida.gol', f.webhook.id, outcome, msg]),
    );
    assert.deepEqual(
      records.map((r) => r.delivery),
      [ok, retry, failed, discarded, bug].map((j) => j?.id),
    );
  });

  it('the 20th consecutive failure deactivates the webhook (the policy decides, the queue applies)', async () => {
    f.db.prepare('UPDATE webhooks SET falhas_consecutivas = 19 WHERE id = ?').run(f.webhook.id);
    const [job] = await f.claimed(1);
    assert.ok(job);
    recorder.add(done(job, { kind: 'falhou', attempt: attempt(job, null), motivo: 'tempo esgotado', at: T0 }));
    await recorder.flush();
    const hook = f.registry.getWebhookById(f.webhook.id);
    assert.deepEqual([hook?.ativo, hook?.reativarEm], [false, '2026-11-23T00:00:00.000+00:00']);
    const { level, event, webhook, kind, msg } = records.at(-1) ?? {};
    assert.deepEqual(
      [level, event, webhook, kind, msg],
      [
        'warn',
        'webhook_desativado',
        f.webhook.id,
        'temporaria',
        `webhook ${f.webhook.id} desativado (temporaria): 20 entregas consecutivas falharam: reativado em 2026-11-23T00:00:00.000+00:00`,
      ],
    );
  });

  it('a batch that cannot be written records nothing, says so, and still settles (the claims lapse: sent again)', async () => {
    const [a, b] = await f.claimed(2);
    assert.ok(a && b);
    f.db.exec('DROP TABLE tentativas_entrega');
    recorder.add(done(a, { kind: 'entregue', attempt: attempt(a, 200), at: T0 }));
    recorder.add(done(b, { kind: 'descartada', motivo: 'x' }));
    await recorder.flush();
    assert.deepEqual([status(a)?.status, status(b)?.status], ['pendente', 'pendente'], 'rolled back together');
    assert.equal(records.length, 1);
    assert.deepEqual([records[0]?.level, records[0]?.msg], ['error', 'erro ao registrar 2 resultado(s)']);
    assert.match(String(records[0]?.err), /tentativas_entrega/);
    assert.equal(flushed.length, 1);
  });
});
