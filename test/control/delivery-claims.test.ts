import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type ControlPlane, sqliteControlPlane } from '../../src/control/control-plane.js';
import type { Plano } from '../../src/domain/plans.js';
import { openControlDb } from '../../src/control/database.js';
import { openPgControl, type PgControl } from '../../src/control/postgres/pg-control.js';
import { pgControlPlane } from '../../src/control/postgres/pg-control-plane.js';
import type { DeliveryQueue } from '../../src/control/webhooks/delivery-queue.js';
import type { OutboxEvent, Subscriber } from '../../src/control/webhooks/records.js';
import { createTestDatabase, postgresSkip } from '../kit/postgres.js';

type Queue = DeliveryQueue;
const KEY = Buffer.alloc(32, 9);
const T0 = Date.UTC(2026, 0, 10, 12);
const LEASE = 30_000;

/** An account of `plano` with one webhook subscribed to goals: what every claim here delivers to. Returns the account. */
async function accountWithWebhook(cp: ControlPlane, nome: string, plano: Plano) {
  const conta = await cp.accounts.createAccount(nome, plano);
  await cp.webhooks.createWebhook(
    { contaId: conta.id, nome: 'w', url: 'https://example.com/h', eventos: ['partida.gol'], secret: 'whsec_x' },
    null,
    T0,
  );
  return conta;
}

interface Setup {
  /** Two queues on one control plane, as two worker processes see it. */
  a: Queue;
  b: Queue;
  close(): Promise<void>;
}

const backends: { name: string; skip: string | false; open(): Promise<Setup> }[] = [
  {
    name: 'SQLite',
    skip: false,
    async open() {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-claims-'));
      const file = path.join(dir, 'control.db');
      const db = await openControlDb(file, { secretKeys: [KEY] });
      const cp = sqliteControlPlane(db);
      await accountWithWebhook(cp, 'acme', 'pro');
      const db2 = await openControlDb(file, { secretKeys: [KEY] });
      return {
        a: cp.deliveryQueue(() => null),
        b: sqliteControlPlane(db2).deliveryQueue(() => null),
        close: async () => (db.close(), db2.close(), rmSync(dir, { recursive: true, force: true })),
      };
    },
  },
  {
    name: 'PostgreSQL',
    skip: postgresSkip ?? false,
    async open() {
      const database = await createTestDatabase();
      const one: PgControl = await openPgControl(database.url, { secretKeys: [KEY] });
      const two: PgControl = await openPgControl(database.url, { secretKeys: [KEY] });
      await accountWithWebhook(pgControlPlane(one), 'acme', 'pro');
      return {
        a: pgControlPlane(one).deliveryQueue(() => null),
        b: pgControlPlane(two).deliveryQueue(() => null),
        async close() {
          await one.close();
          await two.close();
          await database.drop();
        },
      };
    },
  },
];

const events = (from: number, n: number): OutboxEvent[] =>
  Array.from({ length: n }, (_, i) => ({
    seq: from + i,
    evento: 'partida.gol',
    campeonato_id: 1,
    corpo: `{"seq":${from + i}}`,
  }));

for (const backend of backends) {
  describe(`shared delivery queue on ${backend.name}`, { skip: backend.skip }, () => {
    let q: Setup;
    before(async () => (q = await backend.open()));
    after(async () => q.close());

    it('fan-out is idempotent per event and webhook and moves the cursor with it', async () => {
      const subs = await q.a.subscribers();
      assert.equal(subs.length, 1);
      const all = (): readonly Subscriber[] => subs;
      assert.equal(await q.a.fanOut(events(1, 40), all, 40, T0), 40);
      // A second worker that read the same outbox before the cursor moved creates nothing twice.
      assert.equal(await q.b.fanOut(events(1, 40), all, 40, T0), 0);
      assert.equal(await q.b.cursor(), 40);
      assert.equal(await q.a.nextDueAt(), T0);
    });

    it('skips the accounts it is told to: they hold their share of the claims already', async () => {
      const conta = (await q.a.subscribers())[0]!.contaId;
      assert.deepEqual(await q.a.claimDue(T0, 25, 'host:0', LEASE, [conta]), []);
    });

    it('two workers claiming at once take disjoint deliveries, together all of them', async () => {
      const [x, y] = await Promise.all([q.a.claimDue(T0, 25, 'host:1', LEASE), q.b.claimDue(T0, 25, 'host:2', LEASE)]);
      const ids = [...x, ...y].map((j) => j.id);
      assert.equal(new Set(ids).size, ids.length, 'no delivery claimed twice');
      assert.equal(ids.length, 40);
      assert.equal(x[0]?.secret, 'whsec_x', 'the secret is opened for signing');
      assert.deepEqual(await q.a.claimDue(T0 + 1_000, 50, 'host:3', LEASE), [], 'leased: nobody else gets them');
    });

    it("a dead worker's claims go to another when the lease ends, with the same delivery ids", async () => {
      const ours = await q.a.claimDue(T0 + LEASE, 100, 'host:4', LEASE);
      assert.equal(ours.length, 40, 'every lease from the previous claims has ended');
      const [first, ...rest] = ours;
      assert.ok(first);
      await q.a.recordOutcomes([
        {
          job: first,
          outcome: {
            kind: 'entregue',
            attempt: {
              numero: 1,
              origem: 'automatica',
              destino: first.url,
              iniciadaEm: T0 + LEASE,
              statusCode: 200,
              erro: null,
              duracaoMs: 5,
            },
            at: T0 + LEASE,
          },
        },
      ]);
      assert.equal(await q.b.monthlyUsage(first.contaId, T0), 1, 'a 2xx counts towards the monthly quota');
      // host:4 "dies" here: after its lease, host:5 takes exactly the rest, under the same ids.
      const taken = await q.b.claimDue(T0 + 2 * LEASE, 100, 'host:5', LEASE);
      assert.deepEqual(taken.map((j) => j.id).sort(), rest.map((j) => j.id).sort());
      const [second] = taken;
      assert.ok(second);
      await q.b.recordOutcomes([
        {
          job: second,
          outcome: {
            kind: 'retentar',
            attempt: {
              numero: 1,
              origem: 'automatica',
              destino: second.url,
              iniciadaEm: T0,
              statusCode: 500,
              erro: 'HTTP 500',
              duracaoMs: 3,
            },
            dueAt: T0 + 10 * LEASE,
          },
        },
        { job: taken[1]!, outcome: { kind: 'descartada', motivo: 'webhook removido' } },
      ]);
      assert.deepEqual(
        (await q.a.claimDue(T0 + 10 * LEASE, 100, 'host:6', LEASE)).length,
        38,
        'delivered and discarded ones are not claimed again; the retry is',
      );
    });
  });
}

describe('quota reservation on SQLite', () => {
  it("counts the slots held through the partial index entregas_cota_reservada, not the account's backlog", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-claims-quota-'));
    const db = await openControlDb(path.join(dir, 'control.db'), { secretKeys: [KEY] });
    try {
      const cp = sqliteControlPlane(db);
      const conta = await accountWithWebhook(cp, 'medida', 'free');
      const queue = cp.deliveryQueue(() => null);
      const subs = await queue.subscribers();
      await queue.fanOut(events(1, 5), () => subs, 5, T0);
      const jobs = await queue.claimDue(T0, 2, 'host:1', LEASE);
      // The statements the reservation runs, as SQLite prepares them.
      const texts: string[] = [];
      const prepare = db.prepare.bind(db);
      db.prepare = ((text: string) => (texts.push(text), prepare(text))) as typeof db.prepare;
      const reserved = await queue.reserveQuota(jobs, T0);
      db.prepare = prepare;
      assert.equal(reserved.granted.length, 2, 'the free plan has room for both');
      const standing = texts.find((t) => t.includes('cota_reservada') && t.startsWith('select'));
      assert.ok(standing, 'the reservation reads the slots held');
      const plan = (
        db.prepare(`EXPLAIN QUERY PLAN ${standing}`).all(conta.id, '202601', conta.id, T0, '[]') as {
          detail: string;
        }[]
      ).map((r) => r.detail);
      assert.ok(
        plan.some((d) => d.includes('USING INDEX entregas_cota_reservada')),
        `held slots read through the partial index: ${plan.join('; ')}`,
      );
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
