import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { DeactivationPolicy } from '../../src/domain/webhooks.js';
import { sqliteControlPlane, type ControlPlane } from '../../src/control/control-plane.js';
import { openControlDb } from '../../src/control/database.js';
import { EVENT_SEQ_COUNTER } from '../../src/control/outbox-cursor.js';
import { openPgControl } from '../../src/control/postgres/pg-control.js';
import { pgControlPlane } from '../../src/control/postgres/pg-control-plane.js';
import {
  iso,
  nextAttemptOrigin,
  WebhookLimitError,
  type AttemptResult,
  type DeliveryJob,
  type RecordedOutcome,
  type SentDelivery,
  type WebhookRecord,
} from '../../src/control/webhooks/records.js';
import { createTestDatabase, postgresSkip } from '../kit/postgres.js';

const KEY = Buffer.alloc(32, 5);
const T0 = Date.UTC(2026, 0, 10, 12);
const HOUR = 3_600_000;
const LEASE = 30_000;

/** Three failures in a row deactivate for an hour; three more after that, for good. */
const policy: DeactivationPolicy = (h, now) => {
  if (h.falhasConsecutivas < 3) return null;
  return h.desativacoesSeguidas >= 1
    ? { tipo: 'permanente', motivo: 'falhas após reativação', reativarEm: null }
    : { tipo: 'temporaria', motivo: '3 falhas seguidas', reativarEm: now + HOUR };
};

interface Backend {
  cp: ControlPlane;
  /** A second, independent handle on the same control plane (another worker process), closed with the first. */
  other(): Promise<ControlPlane>;
  /** A raw query, `?` placeholders: what the stores keep, checked beneath their interfaces. */
  raw(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

const backends: { name: string; skip: string | false; open(): Promise<Backend> }[] = [
  {
    name: 'SQLite',
    skip: false,
    async open() {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-webhook-stores-'));
      const file = path.join(dir, 'control.db');
      const cp = sqliteControlPlane(await openControlDb(file, { secretKeys: [KEY] }));
      const opened = [cp];
      return {
        cp,
        async other() {
          const more = sqliteControlPlane(await openControlDb(file, { secretKeys: [KEY] }));
          opened.push(more);
          return more;
        },
        raw: async (sql, params = []) => cp.db.prepare(sql).all(...params) as Record<string, unknown>[],
        async close() {
          for (const c of opened) await c.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'PostgreSQL',
    skip: postgresSkip ?? false,
    async open() {
      const database = await createTestDatabase();
      const cp = pgControlPlane(await openPgControl(database.url, { secretKeys: [KEY] }));
      const opened = [cp];
      return {
        cp,
        async other() {
          const more = pgControlPlane(await openPgControl(database.url, { secretKeys: [KEY] }));
          opened.push(more);
          return more;
        },
        raw: async (sql, params = []) => {
          let n = 0;
          return (
            await cp.pg.pool.query(
              sql.replace(/\?/g, () => `$${++n}`),
              params,
            )
          ).rows;
        },
        async close() {
          for (const c of opened) await c.close();
          await database.drop();
        },
      };
    },
  },
];

const attempt = (job: DeliveryJob, statusCode: number | null, at: number): AttemptResult => ({
  numero: job.tentativas + 1,
  origem: job.origem,
  destino: job.url,
  iniciadaEm: at,
  statusCode,
  erro: statusCode !== null && statusCode < 300 ? null : `HTTP ${statusCode}`,
  duracaoMs: 4,
});

const delivered = (job: DeliveryJob, at: number): RecordedOutcome => ({
  kind: 'entregue',
  attempt: attempt(job, 200, at),
  at,
});
const failed = (job: DeliveryJob, at: number): RecordedOutcome => ({
  kind: 'falhou',
  attempt: attempt(job, 500, at),
  motivo: 'HTTP 500',
  at,
});

for (const backend of backends) {
  describe(`webhook registry and delivery queue on ${backend.name}`, { skip: backend.skip }, () => {
    let b: Backend;
    before(async () => (b = await backend.open()));
    after(async () => b.close());

    let accounts = 0;
    /** A fresh account and one webhook on it (secret `whsec_<nome>`). */
    const setup = async (nome: string, now = T0) => {
      const conta = await b.cp.accounts.createAccount(`conta${++accounts}`, 'pro');
      const webhook = await b.cp.webhooks.createWebhook(
        {
          contaId: conta.id,
          nome,
          url: `https://example.com/${nome}`,
          eventos: ['partida.gol'],
          secret: `whsec_${nome}`,
        },
        null,
        now,
      );
      return { contaId: conta.id, webhook };
    };
    /**
     * Fans `n` events out to `webhook` only and claims every due delivery, asserting they are its own: each test
     * deletes its webhook at the end, leaving nothing for the next one to claim.
     */
    const claimEvents = async (webhook: WebhookRecord, fromSeq: number, n: number, now: number) => {
      const q = b.cp.deliveryQueue(policy);
      const sub = (await q.subscribers()).find((s) => s.id === webhook.id);
      assert.ok(sub);
      const events = Array.from({ length: n }, (_, i) => ({
        seq: fromSeq + i,
        evento: 'partida.gol',
        campeonato_id: 1,
        corpo: `{"seq":${fromSeq + i}}`,
      }));
      assert.equal(await q.fanOut(events, () => [sub], fromSeq + n - 1, now), n);
      // Held until the test settles them: later claims in the test see only what it requeues or adds.
      const jobs = await q.claimDue(now, 100, 'host:1', 1000 * HOUR);
      assert.deepEqual(new Set(jobs.map((j) => j.webhookId)), new Set([webhook.id]));
      return jobs.sort((x, y) => (x.eventoSeq ?? 0) - (y.eventoSeq ?? 0));
    };

    it('creates webhooks up to the limit, from the event seq on; lists, gets, updates and deletes them', async () => {
      const q = b.cp.deliveryQueue(policy);
      assert.equal(await q.cursor(), null, 'no webhook yet: no dispatcher cursor');
      await b.cp.counters.reserve(EVENT_SEQ_COUNTER, 7);
      const conta = await b.cp.accounts.createAccount('limites', 'pro');
      const create = (nome: string, limit: number | null) =>
        b.cp.webhooks.createWebhook(
          { contaId: conta.id, nome, url: `https://example.com/${nome}`, eventos: ['partida.gol'], secret: 'whsec_a' },
          limit,
          T0,
        );
      const w1 = await create('um', 2);
      assert.equal(w1.secret, 'whsec_a');
      assert.equal(w1.ativo, true);
      assert.deepEqual(w1.eventos, ['partida.gol']);
      assert.equal(w1.criadoEm, iso(T0));
      assert.equal(await q.cursor(), 7, 'the first webhook starts the cursor at the last event seq');
      assert.equal((await q.subscribers()).find((s) => s.id === w1.id)?.eventoSeqInicial, 7);
      const w2 = await create('dois', 2);
      await assert.rejects(create('tres', 2), WebhookLimitError);
      assert.deepEqual(
        (await b.cp.webhooks.listWebhooks(conta.id)).map((w) => w.id),
        [w1.id, w2.id],
      );
      assert.equal(await b.cp.webhooks.getWebhook(conta.id + 1000, w1.id), null, "another account's webhook");
      assert.equal((await b.cp.webhooks.getWebhookById(w2.id))?.nome, 'dois');

      const renamed = await b.cp.webhooks.updateWebhook(
        conta.id,
        w1.id,
        { nome: 'novo', eventos: ['partida.encerrada'], ativo: false },
        2,
        T0 + 1,
      );
      assert.equal(renamed?.nome, 'novo');
      assert.deepEqual(renamed?.eventos, ['partida.encerrada']);
      assert.equal(renamed?.ativo, false);
      assert.equal(renamed?.motivoDesativacao, 'Desativado pelo cliente');
      assert.equal(renamed?.atualizadoEm, iso(T0 + 1));
      const w3 = await create('tres', 2);
      await assert.rejects(
        b.cp.webhooks.updateWebhook(conta.id, w1.id, { ativo: true }, 2, T0 + 2),
        WebhookLimitError,
        'reactivation counts towards the limit',
      );
      const back = await b.cp.webhooks.updateWebhook(conta.id, w1.id, { ativo: true }, 3, T0 + 2);
      assert.equal(back?.ativo, true);
      assert.equal(back?.motivoDesativacao, null);
      assert.equal(await b.cp.webhooks.updateWebhook(conta.id, 999_999, { nome: 'x' }, null, T0), null);

      assert.equal(await b.cp.webhooks.deleteWebhook(conta.id, w3.id), true);
      assert.equal(await b.cp.webhooks.deleteWebhook(conta.id, w3.id), false);
      assert.equal(await b.cp.webhooks.getWebhookById(w3.id), null);
    });

    it('two nodes creating webhooks at once never pass the active-webhook limit together', async () => {
      const conta = await b.cp.accounts.createAccount('corrida', 'pro');
      const other = await b.other();
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 ? other : b.cp).webhooks.createWebhook(
            { contaId: conta.id, nome: `w${i}`, url: 'https://example.com/c', eventos: ['partida.gol'], secret: 's' },
            3,
            T0,
          ),
        ),
      );
      const created = results.filter((r) => r.status === 'fulfilled') as PromiseFulfilledResult<WebhookRecord>[];
      assert.equal(created.length, 3);
      for (const r of results) if (r.status === 'rejected') assert.ok(r.reason instanceof WebhookLimitError);
      for (const { value } of created) assert.equal(await b.cp.webhooks.deleteWebhook(conta.id, value.id), true);
    });

    it('rotates a secret: the previous one signs during the overlap only; both are sealed at rest', async () => {
      const { contaId, webhook } = await setup('rot');
      const q = b.cp.deliveryQueue(policy);
      const rotated = await b.cp.webhooks.rotateSecret(contaId, webhook.id, 'whsec_novo', T0, 60_000);
      assert.equal(rotated?.secret, 'whsec_novo');
      assert.equal(await b.cp.webhooks.rotateSecret(contaId + 1000, webhook.id, 'x', T0), null);
      const [stored] = await b.raw('SELECT secret, segredo_anterior FROM webhooks WHERE id = ?', [webhook.id]);
      for (const column of ['secret', 'segredo_anterior']) {
        assert.match(String(stored?.[column]), /^svcenc1:/, `${column} is sealed`);
        assert.doesNotMatch(String(stored?.[column]), /whsec_/);
      }

      const d = await b.cp.webhooks.enqueueDelivery(rotated as WebhookRecord, 'webhook.teste', '{}', 'teste', T0);
      const [job] = await q.claimDue(T0, 10, 'host:1', LEASE);
      assert.equal(job?.id, d.id);
      assert.equal(job?.secret, 'whsec_novo');
      assert.equal(job?.previousSecret, 'whsec_rot', 'the overlap lasts until T0 + 60 s');
      await q.releaseClaims(() => true);
      const [late] = await q.claimDue(T0 + 60_000, 10, 'host:1', LEASE);
      assert.equal(late?.previousSecret, null, 'the overlap is over');

      await b.cp.webhooks.rotateSecret(contaId, webhook.id, 'whsec_3', T0);
      const [after] = await b.raw('SELECT segredo_anterior FROM webhooks WHERE id = ?', [webhook.id]);
      assert.equal(after?.segredo_anterior, null, 'no overlap: the previous secret is gone at once');
      assert.equal(await b.cp.webhooks.deleteWebhook(contaId, webhook.id), true);
    });

    it('enqueues, lists, filters, replays and requeues deliveries', async () => {
      const { contaId, webhook } = await setup('fila');
      const q = b.cp.deliveryQueue(policy);
      const test = await b.cp.webhooks.enqueueDelivery(webhook, 'webhook.teste', '{"t":1}', 'teste', T0);
      assert.equal(test.status, 'pendente');
      assert.equal(test.origem, 'teste');
      assert.equal(test.corpo, '{"t":1}');
      assert.equal(test.proximaTentativaEm, T0);
      assert.equal(await b.cp.webhooks.requeueDelivery(test.id, T0), null, 'a pending delivery is not requeued');
      assert.equal(await b.cp.webhooks.hasPendingTest(webhook.id), true);

      const T1 = T0 + 1_000;
      // The test delivery (due at T0, no event seq) comes first.
      const [t, e1, e2, e3] = (await claimEvents(webhook, 101, 3, T1)) as [
        DeliveryJob,
        DeliveryJob,
        DeliveryJob,
        DeliveryJob,
      ];
      assert.equal(t.id, test.id);
      assert.deepEqual(
        await q.recordOutcomes([
          { job: t, outcome: delivered(t, T1) },
          { job: e1, outcome: failed(e1, T1) },
          { job: e2, outcome: { kind: 'descartada', motivo: 'cota esgotada' } },
          { job: e3, outcome: delivered(e3, T1) },
        ]),
        [],
      );
      assert.equal(await b.cp.webhooks.monthlyUsage(contaId, T1), 1, 'only automatic deliveries count');
      assert.equal(await b.cp.webhooks.hasPendingTest(webhook.id), false, 'the test is settled');

      const ids = async (p: Promise<{ id: string }[]>) => (await p).map((d) => d.id);
      assert.deepEqual(await ids(b.cp.webhooks.listDeliveries(webhook.id, 10)), [e3.id, e2.id, e1.id, test.id]);
      assert.deepEqual(await ids(b.cp.webhooks.listDeliveries(webhook.id, 2)), [e3.id, e2.id]);
      assert.deepEqual(await ids(b.cp.webhooks.listDeliveries(webhook.id, 10, { status: 'falhou' })), [e1.id]);
      assert.deepEqual(
        (await ids(b.cp.webhooks.findDeliveries([e1.id, test.id, 'nada']))).sort(),
        [e1.id, test.id].sort(),
      );
      assert.deepEqual(await b.cp.webhooks.findDeliveries([]), []);
      assert.deepEqual(await ids(b.cp.webhooks.filterDeliveries({ webhookId: webhook.id, status: 'entregue' })), [
        test.id,
        e3.id,
      ]);
      assert.deepEqual(await ids(b.cp.webhooks.filterDeliveries({ webhookId: webhook.id, until: iso(T0) })), [test.id]);
      assert.deepEqual(await ids(b.cp.webhooks.filterDeliveries({ since: iso(T1) })), [e1.id, e2.id, e3.id]);
      assert.deepEqual(await b.cp.deliveryStats(T1), {
        porStatus: { entregue: 2, falhou: 1, descartada: 1 },
        devidas: 0,
        reservadas: 0,
        duracaoMediaMs: 4,
      });
      assert.equal((await b.cp.deliveryStats(T1 + 10 * 60_000)).duracaoMediaMs, null, 'none in the last 5 minutes');

      // A replay to the customer's own URL that gets a 2xx settles the failed delivery.
      const [failedOne] = await b.cp.webhooks.findDeliveries([e1.id]);
      assert.equal(failedOne?.status, 'falhou');
      await b.cp.webhooks.recordReplay(failedOne, { ...attempt(e1, 200, T1 + 1), origem: 'replay' }, true, T1 + 1);
      const [replayed] = await b.cp.webhooks.findDeliveries([e1.id]);
      assert.equal(replayed?.status, 'entregue');
      assert.equal((await b.cp.webhooks.listAttempts(e1.id)).length, 2);

      assert.equal(await b.cp.webhooks.requeueUndeliveredSince(webhook.id, iso(T0), T1 + 2), 1, 'the discarded one');
      const again = await b.cp.webhooks.requeueDelivery(test.id, T1 + 3);
      assert.equal(again?.status, 'pendente');
      assert.equal(again?.entregueEm, null);
      assert.equal(again?.tentativas, 1, 'the attempt count is kept');
      assert.equal(again?.proximaTentativaEm, T1 + 3);
      assert.deepEqual(await b.cp.deliveryStats(T1 + 3), {
        porStatus: { entregue: 2, pendente: 2 },
        devidas: 2,
        reservadas: 0,
        duracaoMediaMs: 4,
      });
      assert.equal(await q.nextDueAt(), T1 + 2);
      assert.equal(await b.cp.webhooks.deleteWebhook(contaId, webhook.id), true);
      assert.deepEqual(
        await b.cp.deliveryStats(T1 + 3),
        { porStatus: {}, devidas: 0, reservadas: 0, duracaoMediaMs: null },
        'deliveries go with it',
      );
    });

    it('numbers attempts without repeats: a replay takes the next number unless the daemon holds the delivery; the attempt after a resend is reenvio', async () => {
      const { contaId, webhook } = await setup('numeros');
      const q = b.cp.deliveryQueue(policy);
      const test = await b.cp.webhooks.enqueueDelivery(webhook, 'webhook.teste', '{"t":2}', 'teste', T0);
      const claim = async (at: number) => {
        const [job] = await q.claimDue(at, 100, 'host:1', HOUR);
        assert.equal(job?.id, test.id);
        return job as DeliveryJob;
      };
      const first = await claim(T0);
      assert.equal(await b.cp.webhooks.takeAttemptNumber(test.id, T0), null, 'the daemon is sending it');
      await q.recordOutcomes([
        {
          job: first,
          outcome: {
            kind: 'falhou',
            attempt: { ...attempt(first, 500, T0), resposta: 'erro interno' },
            motivo: 'x',
            at: T0,
          },
        },
      ]);
      assert.equal(await b.cp.webhooks.takeAttemptNumber(test.id, T0 + 1), 2);
      const [failedOnce] = await b.cp.webhooks.findDeliveries([test.id]);
      await b.cp.webhooks.recordReplay(
        failedOnce!,
        { ...attempt(first, 502, T0 + 1), numero: 2, origem: 'replay' },
        true,
        T0 + 1,
      );
      const resent = await b.cp.webhooks.requeueDelivery(test.id, T0 + 2);
      assert.deepEqual([resent?.tentativas, resent?.reenvioApos], [2, 2]);
      const second = await claim(T0 + 2);
      assert.equal(nextAttemptOrigin(second), 'reenvio');
      await q.recordOutcomes([
        { job: second, outcome: delivered({ ...second, origem: nextAttemptOrigin(second) } as DeliveryJob, T0 + 3) },
      ]);
      const attempts = await b.cp.webhooks.listAttempts(test.id);
      assert.deepEqual(
        attempts.map((a) => [a.numero, a.origem, a.statusCode, a.resposta]),
        [
          [1, 'teste', 500, 'erro interno'],
          [2, 'replay', 502, null],
          [3, 'reenvio', 200, null],
        ],
      );
      const [after] = await b.cp.webhooks.findDeliveries([test.id]);
      assert.deepEqual([after?.status, after?.tentativas, nextAttemptOrigin(after!)], ['entregue', 3, 'teste']);
      assert.equal(await b.cp.webhooks.takeAttemptNumber('nada', T0), null);
      assert.equal(await b.cp.webhooks.deleteWebhook(contaId, webhook.id), true);
    });

    it('records a triggered delivery in its final state with its one attempt; finds ids by prefix; lists active webhooks', async () => {
      const { contaId, webhook } = await setup('disparo');
      assert.ok(
        (await b.cp.webhooks.activeWebhooks()).some((w) => w.id === webhook.id && w.secret === 'whsec_disparo'),
      );
      const one = (id: string, statusCode: number): [WebhookRecord, SentDelivery, AttemptResult, number] => [
        webhook,
        { id, evento: 'partida.gol', corpo: '{"g":1}' },
        {
          numero: 1,
          origem: 'disparo',
          destino: webhook.url,
          iniciadaEm: T0,
          statusCode,
          erro: statusCode < 300 ? null : `HTTP ${statusCode}`,
          duracaoMs: 3,
        },
        T0 + 5,
      ];
      const ok = await b.cp.webhooks.recordTriggered(...one('d-ok', 204));
      const ko = await b.cp.webhooks.recordTriggered(...one('d-ko', 500));
      assert.deepEqual(
        [ok, ko].map((d) => [
          d.id,
          d.origem,
          d.status,
          d.tentativas,
          d.ultimoStatusCode,
          d.entregueEm,
          d.proximaTentativaEm,
        ]),
        [
          ['d-ok', 'disparo', 'entregue', 1, 204, iso(T0 + 5), null],
          ['d-ko', 'disparo', 'falhou', 1, 500, null, null],
        ],
      );
      assert.equal((await b.cp.webhooks.listAttempts('d-ko')).length, 1);
      assert.deepEqual(await b.cp.webhooks.deliveryIdsStartingWith('d-', 5), ['d-ko', 'd-ok']);
      assert.deepEqual(await b.cp.webhooks.deliveryIdsStartingWith('d-o', 5), ['d-ok']);
      assert.deepEqual(await b.cp.webhooks.deliveryIdsStartingWith('d-', 1), ['d-ko']);
      assert.deepEqual(await b.cp.webhooks.deliveryIdsStartingWith('x', 5), []);
      assert.equal(await b.cp.deliveryQueue(policy).nextDueAt(), null, 'never queued');
      await b.cp.webhooks.updateWebhook(contaId, webhook.id, { ativo: false }, null, T0);
      assert.ok(!(await b.cp.webhooks.activeWebhooks()).some((w) => w.id === webhook.id));
      assert.equal(await b.cp.webhooks.deleteWebhook(contaId, webhook.id), true);
    });

    it('records a burst of outcomes in arrival order; failure runs deactivate, reactivateDue lifts a temporary one', async () => {
      const { contaId, webhook } = await setup('falhas');
      const q = b.cp.deliveryQueue(policy);
      const jobs = await claimEvents(webhook, 201, 11, T0);
      const next = () => jobs.shift() as DeliveryJob;
      const burst = (...outcomes: ((job: DeliveryJob) => RecordedOutcome)[]) =>
        q.recordOutcomes(
          outcomes.map((o) => {
            const job = next();
            return { job, outcome: o(job) };
          }),
        );
      const fail = (job: DeliveryJob) => failed(job, T0);
      const ok = (job: DeliveryJob) => delivered(job, T0);

      // The success in the middle resets the run: two failures after it, not four.
      assert.deepEqual(await burst(fail, fail, ok, fail, fail), []);
      assert.deepEqual(await q.webhookHealth(webhook.id), { ativo: true, falhasConsecutivas: 2 });

      // Retries and discards do not count; the third failure in a row deactivates.
      const [temporary, ...none] = await burst(
        (job) => ({ kind: 'retentar', attempt: attempt(job, 503, T0), dueAt: T0 + HOUR }),
        () => ({ kind: 'descartada', motivo: 'cota esgotada' }),
        fail,
      );
      assert.deepEqual(none, []);
      assert.equal(temporary?.tipo, 'temporaria');
      assert.equal(temporary?.motivo, '3 falhas seguidas');
      assert.equal(temporary?.webhook.ativo, false);
      assert.equal(temporary?.webhook.reativarEm, iso(T0 + HOUR));
      assert.equal(temporary?.webhook.secret, 'whsec_falhas', 'the record is opened');
      assert.deepEqual(await q.webhookHealth(webhook.id), { ativo: false, falhasConsecutivas: 3 });
      assert.equal(
        (await q.subscribers()).find((s) => s.id === webhook.id),
        undefined,
        'inactive: no fan-out',
      );
      assert.deepEqual(
        await b.raw('SELECT tipo, motivo, reativar_em FROM webhook_desativacoes WHERE webhook_id = ?', [webhook.id]),
        [{ tipo: 'temporaria', motivo: '3 falhas seguidas', reativar_em: iso(T0 + HOUR) }],
      );

      assert.equal(await q.reactivateDue(T0 + HOUR - 1), 0);
      assert.equal(await b.cp.webhooks.reactivateDue(T0 + HOUR), 1);
      const back = await b.cp.webhooks.getWebhookById(webhook.id);
      assert.equal(back?.ativo, true);
      assert.equal(back?.falhasConsecutivas, 0);
      assert.equal(back?.desativacoesSeguidas, 1, 'remembered until a success');

      // A test delivery's failure is not the endpoint's record.
      const test = await b.cp.webhooks.enqueueDelivery(webhook, 'webhook.teste', '{}', 'teste', T0 + HOUR);
      const claimed = await q.claimDue(T0 + HOUR, 10, 'host:1', LEASE);
      assert.equal(claimed.length, 2, 'the test delivery and the retry, due at T0 + 1 h');
      const testJob = claimed.find((j) => j.id === test.id);
      const retried = claimed.find((j) => j.id !== test.id);
      assert.ok(testJob && retried);
      assert.deepEqual(
        await q.recordOutcomes([
          { job: testJob, outcome: { kind: 'falhou', attempt: null, motivo: 'recusado', at: T0 + HOUR } },
        ]),
        [],
      );
      assert.deepEqual(await q.webhookHealth(webhook.id), { ativo: true, falhasConsecutivas: 0 });

      const [permanent] = await burst(fail, fail, (job) => failed(job, T0 + HOUR));
      assert.equal(permanent?.tipo, 'permanente');
      assert.equal(permanent?.webhook.reativarEm, null);
      assert.equal(await q.reactivateDue(T0 + 1000 * HOUR), 0, 'a permanent deactivation waits for the customer');
      assert.equal((await b.raw('SELECT id FROM webhook_desativacoes WHERE webhook_id = ?', [webhook.id])).length, 2);
      assert.deepEqual(
        await q.recordOutcomes([
          {
            job: retried,
            outcome: { kind: 'falhou', attempt: attempt(retried, 500, T0 + HOUR), motivo: 'HTTP 500', at: T0 + HOUR },
          },
        ]),
        [],
        'inactive: nothing more to count',
      );

      const url = await b.cp.webhooks.updateWebhook(
        contaId,
        webhook.id,
        { url: 'https://example.com/nova', ativo: true },
        null,
        T0 + HOUR,
      );
      assert.equal(url?.ativo, true);
      assert.equal(url?.falhasConsecutivas, 0);
      assert.equal(url?.desativacoesSeguidas, 0, 'a new URL starts a clean record');
      assert.equal(jobs.length, 0);
      assert.equal(await b.cp.webhooks.deleteWebhook(contaId, webhook.id), true);
    });

    it('records a burst all or nothing: an outcome that cannot be written undoes the ones before it', async () => {
      const { contaId, webhook } = await setup('atomico');
      const q = b.cp.deliveryQueue(policy);
      const [job, broken] = (await claimEvents(webhook, 401, 2, T0)) as [DeliveryJob, DeliveryJob];
      // An attempt without its destination breaks a NOT NULL constraint, after the first outcome was written.
      const bad: RecordedOutcome = {
        kind: 'falhou',
        attempt: { ...attempt(broken, 500, T0), destino: null as unknown as string },
        motivo: 'HTTP 500',
        at: T0,
      };
      await assert.rejects(
        q.recordOutcomes([
          { job, outcome: delivered(job, T0) },
          { job: broken, outcome: bad },
        ]),
      );
      const [after] = await b.cp.webhooks.findDeliveries([job.id]);
      assert.equal(after?.status, 'pendente');
      assert.equal((await b.cp.webhooks.listAttempts(job.id)).length, 0);
      assert.equal(await q.monthlyUsage(contaId, T0), 0);
      assert.equal(await b.cp.webhooks.deleteWebhook(contaId, webhook.id), true);
    });

    it("a webhook deleted while its deliveries were in flight: their outcomes are left out, the burst's others recorded", async () => {
      const kept = await setup('fica');
      const gone = await setup('apagado');
      const q = b.cp.deliveryQueue(policy);
      const [k1, k2] = (await claimEvents(kept.webhook, 451, 2, T0)) as [DeliveryJob, DeliveryJob];
      const [g1] = (await claimEvents(gone.webhook, 451, 1, T0)) as [DeliveryJob];
      assert.equal(await b.cp.webhooks.deleteWebhook(gone.contaId, gone.webhook.id), true);
      await q.recordOutcomes([
        { job: k1, outcome: delivered(k1, T0) },
        { job: g1, outcome: delivered(g1, T0) },
        { job: k2, outcome: failed(k2, T0) },
      ]);
      const after = await b.cp.webhooks.findDeliveries([k1.id, k2.id, g1.id]);
      assert.deepEqual(
        after.map((d) => [d.id, d.status]).sort(),
        [
          [k1.id, 'entregue'],
          [k2.id, 'falhou'],
        ].sort(),
      );
      assert.equal((await b.cp.webhooks.listAttempts(k2.id)).length, 1, 'the failure is recorded');
      assert.equal(await q.monthlyUsage(kept.contaId, T0), 1);
      assert.equal(await b.cp.webhooks.deleteWebhook(kept.contaId, kept.webhook.id), true);
    });

    it('two workers recording bursts over the same webhooks and accounts, in opposite orders, do not deadlock', async () => {
      const one = await setup('par1');
      const two = await setup('par2');
      const rounds = 5;
      const jobs1 = await claimEvents(one.webhook, 501, 3 * rounds, T0);
      const jobs2 = await claimEvents(two.webhook, 501, 3 * rounds, T0);
      const qa = b.cp.deliveryQueue(() => null);
      const qb = (await b.other()).deliveryQueue(() => null);
      const ok = (job: DeliveryJob) => ({ job, outcome: delivered(job, T0) });
      const fail = (job: DeliveryJob) => ({ job, outcome: failed(job, T0) });
      for (let i = 0; i < rounds; i++) {
        const [a1, b1, c1] = jobs1.splice(0, 3) as [DeliveryJob, DeliveryJob, DeliveryJob];
        const [a2, b2, c2] = jobs2.splice(0, 3) as [DeliveryJob, DeliveryJob, DeliveryJob];
        // Worker A writes account/webhook 1 then 2; worker B 2 then 1.
        await Promise.all([
          qa.recordOutcomes([ok(a1), ok(a2), fail(c2)]),
          qb.recordOutcomes([ok(b2), ok(b1), fail(c1)]),
        ]);
      }
      assert.equal(await qa.monthlyUsage(one.contaId, T0), 2 * rounds);
      assert.equal(await qb.monthlyUsage(two.contaId, T0), 2 * rounds);
      assert.equal(await b.cp.webhooks.deleteWebhook(one.contaId, one.webhook.id), true);
      assert.equal(await b.cp.webhooks.deleteWebhook(two.contaId, two.webhook.id), true);
    });

    it("frees only dead workers' claims", async () => {
      const { contaId, webhook } = await setup('reservas');
      const q = b.cp.deliveryQueue(policy);
      const sub = (await q.subscribers()).find((s) => s.id === webhook.id);
      assert.ok(sub);
      const events = [301, 302, 303, 304].map((seq) => ({ seq, evento: 'partida.gol', campeonato_id: 1, corpo: '{}' }));
      await q.fanOut(events, () => [sub], 304, T0);
      const dead = await q.claimDue(T0, 2, 'host:morto', LEASE);
      const alive = await q.claimDue(T0, 2, 'host:vivo', LEASE);
      assert.equal(dead.length + alive.length, 4);
      assert.equal(await q.nextDueAt(), null, 'every pending delivery is claimed');
      assert.equal(await q.releaseClaims((owner) => owner === 'host:morto'), 2);
      assert.equal(await q.releaseClaims((owner) => owner === 'host:morto'), 0);
      assert.equal(await q.nextDueAt(), T0);
      const taken = await q.claimDue(T0 + 1, 10, 'host:novo', LEASE);
      assert.deepEqual(taken.map((j) => j.id).sort(), dead.map((j) => j.id).sort());
      assert.equal(await b.cp.webhooks.deleteWebhook(contaId, webhook.id), true);
    });

    it('renews only the claims a worker names: the rest lapse with their lease', async () => {
      const { contaId, webhook } = await setup('renova');
      const q = b.cp.deliveryQueue(policy);
      const sub = (await q.subscribers()).find((s) => s.id === webhook.id);
      assert.ok(sub);
      const events = [701, 702, 703].map((seq) => ({ seq, evento: 'partida.gol', campeonato_id: 1, corpo: '{}' }));
      await q.fanOut(events, () => [sub], 703, T0);
      const [held, given, other] = await q.claimDue(T0, 3, 'host:1', LEASE);
      assert.ok(held && given && other);
      assert.equal(await q.renewClaims('host:1', [held.id], T0 + 2 * LEASE), 1);
      assert.equal(await q.renewClaims('host:2', [given.id], T0 + 2 * LEASE), 0, 'another owner renews nothing');
      const later = await q.claimDue(T0 + LEASE + 1, 10, 'host:2', LEASE);
      assert.deepEqual(later.map((j) => j.id).sort(), [given.id, other.id].sort());
      assert.equal(await b.cp.webhooks.deleteWebhook(contaId, webhook.id), true);
    });

    it('reserves monthly-quota slots: never beyond the limit across workers; settled, lapsed or freed claims give them back', async () => {
      const free = await setup('livre');
      await b.raw('INSERT INTO webhook_contas (conta_id, limite_entregas_ilimitado) VALUES (?, 1)', [free.contaId]);
      const unmetered = await b.cp.deliveryQueue(policy).reserveQuota(await claimEvents(free.webhook, 601, 2, T0), T0);
      assert.equal(unmetered.granted.length, 2);
      assert.deepEqual([...unmetered.waiting, ...unmetered.exhausted], []);
      assert.equal(await b.cp.webhooks.deleteWebhook(free.contaId, free.webhook.id), true);

      const { contaId, webhook } = await setup('cota');
      await b.raw('INSERT INTO webhook_contas (conta_id, limite_entregas_mes) VALUES (?, 3)', [contaId]);
      const held = async () =>
        (
          await b.raw("SELECT id FROM entregas WHERE conta_id = ? AND cota_reservada = 1 AND status = 'pendente'", [
            contaId,
          ])
        ).length;
      const qa = b.cp.deliveryQueue(policy);
      const qb = (await b.other()).deliveryQueue(policy);
      const sub = (await qa.subscribers()).find((s) => s.id === webhook.id);
      assert.ok(sub);
      const events = Array.from({ length: 6 }, (_, i) => ({
        seq: 701 + i,
        evento: 'partida.gol',
        campeonato_id: 1,
        corpo: '{}',
      }));
      await qa.fanOut(events, () => [sub], 706, T0);
      const claimed = [...(await qa.claimDue(T0, 2, 'host:a', LEASE)), ...(await qb.claimDue(T0, 4, 'host:b', LEASE))];
      // Every delivery reserved on its own, all at once, from two workers.
      const answers = await Promise.all(claimed.map((job, i) => (i % 2 ? qb : qa).reserveQuota([job], T0)));
      const grantedIds = answers.flatMap((r) => r.granted);
      assert.equal(grantedIds.length, 3, 'six reservations at once: three slots in all');
      assert.equal(await held(), 3);

      const granted = claimed.filter((j) => grantedIds.includes(j.id));
      const [x, y, z] = claimed.filter((j) => !grantedIds.includes(j.id)) as [DeliveryJob, DeliveryJob, DeliveryJob];
      const [g1, g2] = granted as [DeliveryJob, DeliveryJob];
      await qa.recordOutcomes([
        { job: g1, outcome: delivered(g1, T0) },
        { job: g2, outcome: { kind: 'retentar', attempt: attempt(g2, 503, T0), dueAt: T0 + HOUR } },
      ]);
      assert.equal(await held(), 1, 'delivered: the slot became usage; retried: the slot is given back');
      assert.deepEqual(await qb.reserveQuota([x, y], T0 + 1), { granted: [x.id], waiting: [y.id], exhausted: [] });
      // Claims lapse (their worker died): their slots stop counting. 1 used, room for 2.
      assert.deepEqual(await qb.reserveQuota([y, z], T0 + LEASE), {
        granted: [y.id, z.id],
        waiting: [],
        exhausted: [],
      });
      await qa.releaseClaims(() => true);
      assert.equal(await held(), 0, 'a freed claim holds no slot');
      assert.equal(await b.cp.webhooks.deleteWebhook(contaId, webhook.id), true);
    });

    it('reads account limits and e-mail, records deactivation notices and their outcome', async () => {
      const conta = await b.cp.accounts.createAccount('avisos', 'pro');
      const q = b.cp.deliveryQueue(policy);
      assert.equal(await q.accountEmail(conta.id), null);
      await b.raw(
        'INSERT INTO webhook_contas (conta_id, limite_webhooks, limite_entregas_ilimitado, email) VALUES (?, ?, ?, ?)',
        [conta.id, 42, 1, 'ops@example.com'],
      );
      assert.deepEqual(await q.accountLimits(conta.id, 'pro'), {
        webhooksAtivos: 42,
        entregasMes: null,
      });
      assert.equal(await q.accountEmail(conta.id), 'ops@example.com');
      const id = await q.recordNotice(
        {
          contaId: conta.id,
          webhookId: 1,
          destinatario: 'ops@example.com',
          assunto: 'Webhook desativado',
          corpo: 'texto',
        },
        T0,
      );
      const second = await q.recordNotice(
        { contaId: conta.id, webhookId: 1, destinatario: null, assunto: 'Webhook desativado', corpo: 'texto' },
        T0,
      );
      assert.ok(second > id);
      await q.noticeOutcome(id, iso(T0 + 1), null);
      await q.noticeOutcome(second, null, 'sem destinatário');
      assert.deepEqual(await b.raw('SELECT id, criado_em, enviado_em, erro FROM avisos_email ORDER BY id'), [
        { id, criado_em: iso(T0), enviado_em: iso(T0 + 1), erro: null },
        { id: second, criado_em: iso(T0), enviado_em: null, erro: 'sem destinatário' },
      ]);
    });

    it('grants the ingest lock to one holder at a time (PostgreSQL; SQLite relies on the data dir lock)', async () => {
      const first = await b.cp.tryIngestLock();
      assert.ok(first);
      const second = await b.cp.tryIngestLock();
      if (b.cp.engine === 'postgres') assert.equal(second, null);
      await second?.release();
      await first.release();
      const third = await b.cp.tryIngestLock();
      assert.ok(third);
      await third.release();
      await b.cp.ping();
    });
  });
}
