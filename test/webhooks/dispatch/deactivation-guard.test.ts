import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { DeliveryJob } from '../../../src/control/webhooks/records.js';
import { DeactivationGuard } from '../../../src/webhooks/dispatch/deactivation-guard.js';
import type { CompletedDispatch } from '../../../src/webhooks/dispatch/types.js';
import { StageFixture, T0 } from './fixture.js';

describe('deactivation guard', () => {
  let f: StageFixture;
  beforeEach(async () => (f = await StageFixture.open()));
  afterEach(() => f.close());

  const failed = (job: DeliveryJob): CompletedDispatch => ({
    job,
    metered: null,
    outcome: { kind: 'falhou', attempt: null, motivo: 'HTTP 500', at: T0 },
  });
  const turn = () => new Promise((r) => setImmediate(r));
  const recordFailures = (falhas: number, ativo: boolean) =>
    f.db
      .prepare('UPDATE webhooks SET falhas_consecutivas = ?, ativo = ? WHERE id = ?')
      .run(falhas, ativo ? 1 : 0, f.webhook.id);

  it('a health read that outcomes were recorded during is read again: the webhook may have been switched off', async () => {
    recordFailures(18, true);
    // Health read at once (as a server would run the query) but answered only when `answer` is called.
    let hold = false;
    let answer = () => {};
    const guard = new DeactivationGuard({
      ...f.queue,
      async webhookHealth(id) {
        const health = await f.queue.webhookHealth(id);
        if (hold) await new Promise<void>((r) => (answer = r));
        return health;
      },
    });
    const [a, b, c] = await f.claimed(3);
    assert.ok(a && b && c);
    guard.observe(failed(a)); // a failure seen: this webhook's sends are checked from now on
    assert.equal(await guard.admit({ job: a }), true, '18 failures, none in flight');
    assert.equal(await guard.admit({ job: b }), true, '18 + 1 in flight');
    let admittedC: boolean | null = null;
    void guard.admit({ job: c }).then((r) => (admittedC = r));
    await turn();
    assert.equal(admittedC, null, '18 + 2 in flight could reach 20: c waits');
    hold = true;
    recordFailures(19, true);
    guard.settle([failed(a)], () => true); // a's failure recorded: c wakes and reads 19 failures, active…
    await turn();
    hold = false;
    recordFailures(20, false);
    guard.settle([failed(b)], () => true); // …while b's, the 20th, is recorded: switched off
    answer();
    for (let i = 0; i < 5; i++) await turn();
    assert.equal(admittedC, false);
  });
});
