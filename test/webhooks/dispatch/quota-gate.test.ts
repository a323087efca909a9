import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { QUOTA_DISCARD_REASON } from '../../../src/webhooks/catalog.js';
import { QuotaGate } from '../../../src/webhooks/dispatch/quota-gate.js';
import type { AdmittedDispatch, CompletedDispatch } from '../../../src/webhooks/dispatch/types.js';
import { ManualClock } from '../helpers.js';
import { StageFixture, T0 } from './fixture.js';

describe('quota gate stage', () => {
  let f: StageFixture;
  let gate: QuotaGate;
  beforeEach(() => {
    f = new StageFixture();
    gate = new QuotaGate(f.queue, new ManualClock(T0));
  });
  afterEach(() => f.close());

  const outcome = (r: AdmittedDispatch | CompletedDispatch) => ('outcome' in r ? r.outcome : null);

  it('an automatic delivery to a webhook switched off fails without a request; a test delivery still goes', async () => {
    const [auto, teste] = [...(await f.claimed(1)), ...(await f.claimed(1, 'teste'))];
    assert.ok(auto && teste);
    const off = { ...auto, webhookAtivo: false };
    assert.deepEqual(outcome(await gate.admit({ job: off })), {
      kind: 'falhou',
      attempt: null,
      motivo: 'Webhook desativado',
      at: T0,
    });
    assert.deepEqual(await gate.admit({ job: { ...teste, webhookAtivo: false } }), {
      job: { ...teste, webhookAtivo: false },
      metered: null,
    });
  });

  it('a body over 256 KiB is discarded', async () => {
    const [big] = await f.claimed(1, 'automatica', JSON.stringify({ x: 'a'.repeat(256 * 1024) }));
    assert.ok(big);
    assert.deepEqual(outcome(await gate.admit({ job: big })), {
      kind: 'descartada',
      motivo: 'Corpo maior que o limite de 256 KiB',
    });
  });

  it('meters automatic deliveries only, per account', async () => {
    const [auto, teste] = [...(await f.claimed(1)), ...(await f.claimed(1, 'teste'))];
    assert.ok(auto && teste);
    assert.deepEqual(await gate.admit({ job: auto }), { job: auto, metered: f.conta });
    assert.deepEqual(await gate.admit({ job: teste }), { job: teste, metered: null });
  });

  it('near the limit a delivery waits for the sends in flight; at the limit it is discarded', async () => {
    f.limitDeliveries(2);
    const [a, b, c, d] = await f.claimed(4);
    assert.ok(a && b && c && d);
    assert.equal((await gate.admit({ job: a })).metered, f.conta);
    assert.equal((await gate.admit({ job: b })).metered, f.conta);
    let admittedC: AdmittedDispatch | CompletedDispatch | null = null;
    const waiting = gate.admit({ job: c }).then((r) => (admittedC = r));
    await new Promise((r) => setImmediate(r));
    assert.equal(admittedC, null, 'two in flight fill the quota: c waits');
    // a failed: its slot is free again (usage unchanged).
    gate.settle([f.conta]);
    await waiting;
    assert.deepEqual(admittedC, { job: c, metered: f.conta });
    // b and c succeeded and were recorded: the month's usage reaches the limit.
    f.db.prepare("INSERT INTO entregas_mensais (conta_id, referencia, usadas) VALUES (?, '202611', 2)").run(f.conta);
    gate.settle([f.conta, f.conta]);
    assert.deepEqual(outcome(await gate.admit({ job: d })), { kind: 'descartada', motivo: QUOTA_DISCARD_REASON });
  });

  it('a usage read that outcomes were recorded during is read again: it may predate them', async () => {
    f.limitDeliveries(2);
    // Usage read at once (as a server would run the query) but answered only when `answer` is called.
    let hold = false;
    let answer = () => {};
    gate = new QuotaGate(
      {
        ...f.queue,
        async monthlyUsage(conta, now) {
          const used = await f.queue.monthlyUsage(conta, now);
          if (hold) await new Promise<void>((r) => (answer = r));
          return used;
        },
      },
      new ManualClock(T0),
    );
    const turn = () => new Promise((r) => setImmediate(r));
    const [a, b, c, d] = await f.claimed(4);
    assert.ok(a && b && c && d);
    await gate.admit({ job: a });
    await gate.admit({ job: b });
    const admitted: string[] = [];
    for (const job of [c, d]) void gate.admit({ job }).then((r) => 'outcome' in r || admitted.push(r.job.id));
    await turn();
    hold = true;
    gate.settle([f.conta]); // a failed: c and d wake and read the usage (0)…
    await turn();
    hold = false;
    // …while b's success is recorded and settled.
    f.db.prepare("INSERT INTO entregas_mensais (conta_id, referencia, usadas) VALUES (?, '202611', 1)").run(f.conta);
    gate.settle([f.conta]);
    answer();
    for (let i = 0; i < 5; i++) await turn();
    assert.deepEqual(admitted, [c.id], 'one slot left, not two');
  });
});
