import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { Claims, OWNER, ownerIsDead } from '../../../src/webhooks/dispatch/claim.js';
import { createAccount } from '../helpers.js';
import { StageFixture, T0 } from './fixture.js';

describe('claim stage', () => {
  let f: StageFixture;
  beforeEach(async () => (f = await StageFixture.open()));
  afterEach(() => f.close());

  async function queued(n: number): Promise<void> {
    for (let i = 0; i < n; i++)
      await f.registry.enqueueDelivery(f.webhook, 'webhook.teste', `{"i":${i}}`, 'teste', T0 + i);
  }

  /** Another account's webhook with one delivery due (`{"outra":1}`). */
  async function otherAccountDue(): Promise<void> {
    const other = await f.registry.createWebhook(
      {
        contaId: createAccount(f.db, 'outra', 'pro'),
        nome: 'outra',
        url: f.webhook.url,
        eventos: ['partida.gol'],
        secret: 'whsec_x',
      },
      null,
      T0,
    );
    await f.registry.enqueueDelivery(other, 'webhook.teste', '{"outra":1}', 'teste', T0 + 9);
  }

  it('claims due deliveries up to its capacity, oldest first, and says when the queue had no more', async () => {
    await queued(3);
    const claims = new Claims(f.queue, 2, 60_000, 'a:1');
    assert.equal(await claims.refill(T0 + 10), false, 'capacity reached: more may be due');
    assert.deepEqual([claims.waiting, claims.holding], [2, 2]);
    const [first, second] = [claims.next(), claims.next()];
    assert.deepEqual([first?.job.corpo, second?.job.corpo, claims.next()], ['{"i":0}', '{"i":1}', undefined]);
    assert.deepEqual([claims.waiting, claims.holding], [0, 2], 'held until recorded');
    assert.equal(await claims.refill(T0 + 10), false, 'still full: nothing claimed');
    claims.settle(first!.job.id);
    claims.settle(second!.job.id);
    assert.equal(await claims.refill(T0 + 10), true, 'room for two, one left: drained');
    assert.equal(claims.next()?.job.corpo, '{"i":2}');
  });

  it('fair: a webhook and an account send only their share at once; an account holding half the claims is skipped', async () => {
    await queued(4);
    await otherAccountDue();
    const claims = new Claims(f.queue, 4, 60_000, 'a:1', { webhook: 1, account: 1, borrowUpTo: 2 });
    assert.equal(await claims.refill(T0 + 10), false);
    assert.equal(claims.holding, 4, "the first account's four, oldest first: the other's comes later");
    assert.equal(await claims.refill(T0 + 10), false, 'the first account (half the claims) skipped, the other claimed');
    assert.equal(claims.holding, 5);
    const first = claims.next();
    assert.equal(first?.job.corpo, '{"i":0}');
    assert.equal(claims.next()?.job.corpo, '{"outra":1}', 'the first webhook is at its share: the other goes');
    assert.deepEqual([claims.next(), claims.waiting], [undefined, 0]);
    claims.settle(first!.job.id);
    assert.equal(claims.next()?.job.corpo, '{"i":1}');
  });

  it('work-conserving: a lone account fills the claims and borrows sends beyond its share, up to the reserve', async () => {
    await queued(6);
    const claims = new Claims(f.queue, 4, 60_000, 'a:1', { webhook: 1, account: 1, borrowUpTo: 3 });
    assert.equal(await claims.refill(T0 + 10), false);
    const sent = [claims.next(), claims.next(), claims.next()];
    assert.deepEqual(
      sent.map((p) => p?.job.corpo),
      ['{"i":0}', '{"i":1}', '{"i":2}'],
      'beyond its share of 1 while nobody else waits',
    );
    assert.equal(claims.next(), undefined, 'the last slot is kept for the others');
    for (const p of sent.slice(0, 2)) claims.settle(p!.job.id);
    // Holding half the claims it is skipped, but nobody else has anything due: it fills the room again.
    assert.equal(await claims.refill(T0 + 10), false, 'room filled: more may be due');
    assert.equal(claims.holding, 4);
  });

  it('once nobody else was due, a busy account is claimed oldest first until told to look again', async () => {
    await queued(8);
    const claims = new Claims(f.queue, 4, 60_000, 'a:1', { webhook: 4, account: 4, borrowUpTo: 4 });
    const sendAndRecord = (n: number) => {
      for (let i = 0; i < n; i++) claims.settle(claims.next()!.job.id);
    };
    await claims.refill(T0 + 10);
    sendAndRecord(2);
    await claims.refill(T0 + 10); // holding half the claims ahead: skipped, and nobody else is due
    await otherAccountDue();
    sendAndRecord(2);
    await claims.refill(T0 + 10);
    const started = () => Array.from({ length: claims.queued }, () => claims.next()?.job.corpo);
    assert.deepEqual(started(), ['{"i":4}', '{"i":5}', '{"i":6}', '{"i":7}'], 'no second look: the oldest due');
    claims.recheck();
    await claims.refill(T0 + 10);
    assert.deepEqual(started(), ['{"outra":1}'], 'looked again: the other account is claimed');
  });

  it('shares count sends in flight: a send that is over frees its share before its outcome is recorded', async () => {
    await queued(2);
    const claims = new Claims(f.queue, 4, 60_000, 'a:1', { webhook: 1, account: 1, borrowUpTo: 1 });
    await claims.refill(T0 + 10);
    const first = claims.next();
    assert.equal(claims.next(), undefined, 'one in flight: the share and the borrow limit are reached');
    claims.sent(first!.job.id);
    assert.equal(claims.next()?.job.corpo, '{"i":1}', 'the first is waiting for the flush, not in flight');
    assert.equal(claims.holding, 2, 'both held until recorded');
  });

  it('a sent delivery waiting for its outcome frees its room at once: it stays held and is not claimed again', async () => {
    await queued(3);
    const claims = new Claims(f.queue, 2, 60_000, 'a:1');
    await claims.refill(T0 + 10);
    const first = claims.next();
    assert.ok(first);
    claims.next();
    assert.equal(await claims.refill(T0 + 10), false, 'both being sent: no room');
    claims.sent(first.job.id);
    await claims.refill(T0 + 10);
    assert.deepEqual([claims.queued, claims.holding], [1, 3], 'room for one; the sent one held until recorded');
    assert.equal(claims.next()?.job.corpo, '{"i":2}');
  });

  it('claims a chunk at a time: room for fewer than a chunk waits while a chunk is still queued', async () => {
    await queued(6);
    const claims = new Claims(f.queue, 4, 60_000, 'a:1', undefined, undefined, 2);
    await claims.refill(T0 + 10);
    const first = claims.next();
    assert.ok(first);
    claims.sent(first.job.id);
    assert.equal(await claims.refill(T0 + 10), false);
    assert.deepEqual([claims.queued, claims.holding], [3, 4], 'room for one, three queued: no claim for one');
    for (const p of [claims.next(), claims.next()]) claims.sent(p?.job.id ?? '');
    await claims.refill(T0 + 10);
    assert.deepEqual([claims.queued, claims.holding], [3, 6], 'one queued: the room for two claimed at once');
  });

  it('a held delivery whose lease lapsed (a stalled worker) is not queued twice when its owner claims it back', async () => {
    await queued(2);
    const claims = new Claims(f.queue, 10, 1_000, 'a:1');
    await claims.refill(T0 + 10);
    const first = claims.next();
    assert.ok(first);
    claims.sent(first.job.id);
    // Both leases lapsed before the outcome was recorded or the queued one sent: the claim takes them both again.
    assert.equal(await claims.refill(T0 + 10 + 1_000), true);
    assert.deepEqual([claims.queued, claims.holding], [1, 2], 'still one queued and two held');
    assert.equal(claims.next()?.job.corpo, '{"i":1}');
    assert.equal(claims.next(), undefined, 'nothing queued twice');
  });

  it('does not claim what is not due yet, nor what another worker holds under a live lease', async () => {
    await queued(2);
    const a = new Claims(f.queue, 1, 60_000, 'a:1');
    const b = new Claims(f.queue, 10, 60_000, 'b:1');
    assert.equal(await new Claims(f.queue, 10, 60_000, 'c:1').refill(T0 - 1), true);
    await a.refill(T0 + 10);
    await b.refill(T0 + 10);
    assert.deepEqual([a.next()?.job.corpo, b.next()?.job.corpo, b.next()], ['{"i":0}', '{"i":1}', undefined]);
    // After the lease a worker that died holding a claim loses it.
    const c = new Claims(f.queue, 10, 60_000, 'c:1');
    await c.refill(T0 + 10 + 60_000);
    assert.deepEqual([c.next()?.job.corpo, c.next()?.job.corpo].sort(), ['{"i":0}', '{"i":1}']);
  });

  it('gives claimed-ahead deliveries back on releaseAll', async () => {
    await queued(2);
    const a = new Claims(f.queue, 10, 60_000, 'a:1');
    await a.refill(T0 + 10);
    await a.releaseAll();
    assert.equal(a.next(), undefined);
    const b = new Claims(f.queue, 10, 60_000, 'b:1');
    await b.refill(T0 + 10);
    assert.equal(b.waiting, 2);
  });

  it('knows a claim owner on this host is dead only when its process is gone', () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    assert.equal(ownerIsDead(`${os.hostname()}:${gone}`), true);
    assert.equal(ownerIsDead(OWNER), false);
    assert.equal(ownerIsDead(`another-host:${gone}`), false, 'another host: cannot tell, so not dead');
  });
});
