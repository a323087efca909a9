import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { QUOTA_DISCARD_REASON } from '../../../src/webhooks/catalog.js';
import { QuotaGate } from '../../../src/webhooks/dispatch/quota-gate.js';
import type { DeliveryJob } from '../../../src/control/webhooks/records.js';
import type { AdmittedDispatch, CompletedDispatch } from '../../../src/webhooks/dispatch/types.js';
import { ManualClock } from '../../kit/clock.js';
import { waitFor } from '../../kit/wait.js';
import { StageFixture, T0 } from './fixture.js';

describe('quota gate stage', () => {
  let f: StageFixture;
  let gate: QuotaGate;
  beforeEach(async () => {
    f = await StageFixture.open();
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

  const record = (job: DeliveryJob, kind: 'entregue' | 'falhou') =>
    f.queue.recordOutcomes([
      {
        job,
        outcome:
          kind === 'entregue'
            ? {
                kind,
                attempt: {
                  numero: 1,
                  origem: 'automatica',
                  destino: 'x',
                  iniciadaEm: T0,
                  statusCode: 200,
                  erro: null,
                  duracaoMs: 1,
                },
                at: T0,
              }
            : { kind, attempt: null, motivo: 'HTTP 500', at: T0 },
      },
    ]);

  it('near the limit a delivery waits for the sends in flight; at the limit it is discarded', async () => {
    f.limitDeliveries(2);
    const [a, b, c, d] = await f.claimed(4);
    assert.ok(a && b && c && d);
    assert.equal((await gate.admit({ job: a })).metered, f.conta);
    assert.equal((await gate.admit({ job: b })).metered, f.conta);
    let admittedC: AdmittedDispatch | CompletedDispatch | null = null;
    const waiting = gate.admit({ job: c }).then((r) => (admittedC = r));
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
    assert.equal(admittedC, null, 'two in flight fill the quota: c waits');
    // a failed: its slot is free again (usage unchanged).
    await record(a, 'falhou');
    gate.settle([f.conta]);
    await waiting;
    assert.deepEqual(admittedC, { job: c, metered: f.conta });
    // b and c succeeded: the month's usage reaches the limit.
    await record(b, 'entregue');
    await record(c, 'entregue');
    gate.settle([f.conta, f.conta]);
    assert.deepEqual(outcome(await gate.admit({ job: d })), { kind: 'descartada', motivo: QUOTA_DISCARD_REASON });
  });

  it('two workers on one control plane never send more than the quota together', async () => {
    f.limitDeliveries(3);
    for (let i = 0; i < 6; i++) await f.registry.enqueueDelivery(f.webhook, 'partida.gol', '{}', 'automatica', T0);
    const clock = new ManualClock(T0);
    const workers = [
      { gate: new QuotaGate(f.queue, clock), jobs: await f.queue.claimDue(T0, 3, 'w:1', 60_000) },
      { gate: new QuotaGate(f.queue, clock), jobs: await f.queue.claimDue(T0, 3, 'w:2', 60_000) },
    ];
    const admitted: DeliveryJob[] = [];
    const answers = workers.flatMap(({ gate: g, jobs }) =>
      jobs.map((job) => g.admit({ job }).then((r) => ('outcome' in r ? r.outcome : admitted.push(job)))),
    );
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    assert.equal(admitted.length, 3, 'three slots, six deliveries: three wait');
    for (const job of admitted) await record(job, 'entregue');
    for (const w of workers) w.gate.settle([f.conta]);
    const discarded = (await Promise.all(answers)).filter((o) => typeof o === 'object');
    assert.equal(discarded.length, 3, 'the quota is used up: the other three are discarded');
  });

  it('a chunk reserved as it is claimed holds its slots from then; its deliveries pass the gate at once', async () => {
    f.limitDeliveries(1);
    for (let i = 0; i < 2; i++) await f.registry.enqueueDelivery(f.webhook, 'partida.gol', '{}', 'automatica', T0);
    const clock = new ManualClock(T0);
    const first = new QuotaGate(f.queue, clock);
    const ahead = await f.queue.claimDue(T0, 1, 'w:1', 60_000);
    await first.reserveAhead(ahead);
    const [other] = await f.queue.claimDue(T0, 1, 'w:2', 60_000);
    assert.ok(ahead[0] && other);
    let admittedOther: AdmittedDispatch | CompletedDispatch | null = null;
    void new QuotaGate(f.queue, clock).admit({ job: other }).then((r) => (admittedOther = r));
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
    assert.equal(admittedOther, null, 'the one slot is held by the chunk claimed first');
    assert.deepEqual(await first.admit({ job: ahead[0] }), { job: ahead[0], metered: f.conta });
  });

  it("a killed worker's slots free themselves when its claims lapse", async () => {
    f.limitDeliveries(1);
    for (let i = 0; i < 2; i++) await f.registry.enqueueDelivery(f.webhook, 'partida.gol', '{}', 'automatica', T0);
    const clock = new ManualClock(T0);
    const [dead] = await f.queue.claimDue(T0, 1, 'w:1', 60_000);
    const [live] = await f.queue.claimDue(T0, 1, 'w:2', 120_000);
    assert.ok(dead && live);
    assert.equal((await new QuotaGate(f.queue, clock).admit({ job: dead })).metered, f.conta);
    // w:1 dies holding its slot; w:2 waits…
    let admittedLive: AdmittedDispatch | CompletedDispatch | null = null;
    const waiting = new QuotaGate(f.queue, clock).admit({ job: live }).then((r) => (admittedLive = r));
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
    assert.equal(admittedLive, null);
    // …until w:1's lease ends (60 s): its slot no longer counts.
    clock.advance(60_001);
    await waiting;
    assert.deepEqual(admittedLive, { job: live, metered: f.conta });
  });

  it('deliveries reaching the gate together ask in one call; past the room they wait for the slots granted with them', async () => {
    f.limitDeliveries(1);
    const [a, b] = await f.claimed(2);
    assert.ok(a && b);
    const first = gate.admit({ job: a });
    let admittedB: AdmittedDispatch | CompletedDispatch | null = null;
    void gate.admit({ job: b }).then((r) => (admittedB = r));
    assert.equal((await first).metered, f.conta);
    await new Promise((r) => setImmediate(r));
    assert.equal(admittedB, null, 'not discarded: a may fail');
    await f.queue.recordOutcomes([{ job: a, outcome: { kind: 'falhou', attempt: null, motivo: 'x', at: T0 } }]);
    gate.settle([f.conta]);
    await waitFor(() => admittedB !== null, 'b admitted');
    assert.deepEqual(admittedB, { job: b, metered: f.conta });
  });
});
