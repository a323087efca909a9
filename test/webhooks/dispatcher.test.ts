import assert from 'node:assert/strict';
import { sqliteSql } from '../../src/control/sql/control-sql.js';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { sqliteControlPlane, type ControlPlane } from '../../src/control/control-plane.js';
import { openControlDb, type ControlDb } from '../../src/control/database.js';
import { dispatcherCursorOn } from '../../src/control/outbox-cursor.js';
import type { WebhookRecord } from '../../src/control/webhooks/records.js';
import type { WebhookRegistry } from '../../src/control/webhooks/registry.js';
import { EVENTOS } from '../../src/domain/events.js';
import { QUOTA_DISCARD_REASON } from '../../src/webhooks/catalog.js';
import { fairShares } from '../../src/webhooks/dispatch/claim.js';
import { startDispatcher, type Dispatcher, type DispatcherOptions } from '../../src/webhooks/dispatcher.js';
import { RETRY_DELAYS_MS } from '../../src/webhooks/retry-policy.js';
import { isoWithOffset } from '../../src/time.js';
import { verifyDelivery } from '../../src/webhooks/verify.js';
import { memoryLog, silentLog } from '../kit/log.js';
import { createAccount, eventBody, publishSnapshot } from './helpers.js';
import { ManualClock } from '../kit/clock.js';
import { Receiver } from '../kit/receiver.js';
import { testDataDir, type TestDataDir } from '../kit/dirs.js';
import { waitFor } from '../kit/wait.js';

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const SECRET = 'whsec_test';

describe('dispatcher', () => {
  let dataDir: TestDataDir;
  let db: ControlDb;
  let store: WebhookRegistry;
  let receiver: Receiver;
  let url: string;
  let clock: ManualClock;
  let dispatcher: Dispatcher | null;

  beforeEach(async () => {
    dataDir = testDataDir();
    db = await openControlDb(dataDir.controlDb);
    store = sqliteControlPlane(db).webhooks;
    receiver = new Receiver();
    url = await receiver.start();
    clock = new ManualClock(T0);
    dispatcher = null;
  });

  afterEach(async () => {
    await dispatcher?.stop();
    await receiver.stop();
    db.close();
    dataDir.cleanup();
  });

  function webhook(contaId: number, eventos: readonly string[] = EVENTOS): Promise<WebhookRecord> {
    return store.createWebhook(
      { contaId, nome: 'w', url, eventos: eventos as (typeof EVENTOS)[number][], secret: SECRET },
      null,
      clock.now(),
    );
  }

  async function start(extra: Partial<DispatcherOptions> = {}): Promise<Dispatcher> {
    dispatcher = await startDispatcher({
      dataDir,
      control: sqliteControlPlane(db),
      allowPrivateUrls: true,
      clock,
      random: () => 0.5,
      mailer: null,
      pollMs: 20,
      log: silentLog,
      ...extra,
    });
    return dispatcher;
  }

  /** Everything published so far fanned out, nothing due, nothing in flight: safe to assert an absence. */
  async function idle(): Promise<void> {
    assert.ok(dispatcher, 'the dispatcher runs');
    let timer: NodeJS.Timeout | undefined;
    // A dispatcher that keeps finding work (a delivery sent again and again) never goes idle: fail, not hang.
    const busy = new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error('the dispatcher is still busy after 15 s')), 15_000)),
    );
    await Promise.race([dispatcher.idle(), busy]).finally(() => clearTimeout(timer));
  }

  async function delivery(webhookId: number) {
    const [d] = await store.listDeliveries(webhookId, 1);
    assert.ok(d, 'a delivery exists');
    return d;
  }

  it('delivers each outbox event once, body byte-exact, signed, with all X-SVC- headers, and moves the cursor', async () => {
    const conta = createAccount(db, 'acme', 'pro');
    const w = await webhook(conta);
    const events = [
      { evento: 'partida.placar_atualizado', campeonato_id: 1 },
      { evento: 'partida.gol', campeonato_id: 1 },
      { evento: 'partida.encerrada', campeonato_id: 2 },
    ];
    const seqs = await publishSnapshot(dataDir, events);
    await start();
    await receiver.waitFor(3);
    const bodies = receiver.requests.map((r) => r.body).sort();
    assert.deepEqual(bodies, events.map((e) => eventBody(e)).sort());
    for (const r of receiver.requests) {
      assert.equal(r.headers['content-type'], 'application/json');
      assert.equal(r.headers['x-svc-evento'], (JSON.parse(r.body) as { evento: string }).evento);
      assert.match(String(r.headers['x-svc-entrega']), /^[0-9a-f-]{36}$/);
      assert.equal(r.headers['x-svc-tentativa'], '1');
      assert.equal(r.headers['x-svc-timestamp'], String(T0 / 1000));
      const v = verifyDelivery({
        secret: SECRET,
        body: r.body,
        timestamp: String(r.headers['x-svc-timestamp']),
        signature: String(r.headers['x-svc-assinatura']),
        nowMs: T0,
      });
      assert.deepEqual(v, { ok: true });
    }
    await waitFor(
      async () => (await store.listDeliveries(w.id, 10)).every((d) => d.status === 'entregue'),
      'deliveries recorded',
    );
    assert.equal(await dispatcherCursorOn(sqliteSql(db).db, 'sqlite').get(), seqs[2]);
    assert.equal(await store.monthlyUsage(conta, T0), 3);
    assert.equal((await store.getWebhook(conta, w.id))?.ultimoSucessoEm, isoWithOffset(T0));
  });

  it("one account's hanging receivers hold at most its share of the pool; another account's delivery goes out meanwhile", {
    timeout: 60_000,
  }, async () => {
    const hanging = new Receiver();
    hanging.reply = () => ({ status: 200, delayMs: 120_000 });
    const hangingUrl = await hanging.start();
    try {
      const noisy = createAccount(db, 'ruidosa', 'enterprise');
      for (let i = 0; i < 6; i++)
        await store.createWebhook(
          { contaId: noisy, nome: `h${i}`, url: hangingUrl, eventos: ['partida.gol'], secret: SECRET },
          null,
          clock.now(),
        );
      await webhook(createAccount(db, 'quieta', 'pro'), ['partida.gol']);
      await publishSnapshot(dataDir, [{ evento: 'partida.gol', campeonato_id: 1 }]);
      // Four slots: without shares the noisy account's six deliveries, fanned out first, would take all four.
      await start({ concurrency: 4, totalTimeoutMs: 120_000 });
      await receiver.waitFor(1);
      assert.ok(hanging.requests.length <= fairShares(4).account, `${hanging.requests.length} sends hang`);
    } finally {
      await hanging.stop();
    }
  });

  it('sends only subscribed events, and to a free account only for championships on its access list', async () => {
    const pro = createAccount(db, 'pro', 'pro');
    const free = createAccount(db, 'free', 'free', [1]);
    const golOnly = await webhook(pro, ['partida.gol']);
    const freeHook = await webhook(free);
    await publishSnapshot(dataDir, [
      { evento: 'partida.gol', campeonato_id: 1 },
      { evento: 'partida.gol', campeonato_id: 2 },
      { evento: 'partida.encerrada', campeonato_id: 2 },
    ]);
    await start();
    await receiver.waitFor(3);
    await waitFor(
      async () =>
        (await Promise.all([golOnly, freeHook].map((w) => store.listDeliveries(w.id, 10)))).every((ds) =>
          ds.every((d) => d.status === 'entregue'),
        ),
      'recorded',
    );
    assert.deepEqual((await store.listDeliveries(golOnly.id, 10)).map((d) => [d.evento, d.campeonatoId]).sort(), [
      ['partida.gol', 1],
      ['partida.gol', 2],
    ]);
    assert.deepEqual(
      (await store.listDeliveries(freeHook.id, 10)).map((d) => [d.evento, d.campeonatoId]),
      [['partida.gol', 1]],
    );
  });

  it('a webhook created while the daemon lags receives only events published after its creation', async () => {
    const conta = createAccount(db, 'acme', 'pro');
    const early = await webhook(conta);
    await publishSnapshot(dataDir, [{ evento: 'partida.criada', campeonato_id: 1 }]);
    const late = await webhook(conta);
    await publishSnapshot(dataDir, [{ evento: 'partida.gol', campeonato_id: 1 }]);
    await start();
    await receiver.waitFor(3);
    await waitFor(
      async () =>
        (await Promise.all([early, late].map((w) => store.listDeliveries(w.id, 5)))).every((ds) =>
          ds.every((d) => d.status === 'entregue'),
        ),
      'recorded',
    );
    assert.deepEqual((await store.listDeliveries(early.id, 5)).map((d) => d.evento).sort(), [
      'partida.criada',
      'partida.gol',
    ]);
    assert.deepEqual(
      (await store.listDeliveries(late.id, 5)).map((d) => d.evento),
      ['partida.gol'],
    );
  });

  for (const [label, reply] of [
    ['500', { status: 500 }],
    ['408', { status: 408 }],
    ['429', { status: 429 }],
  ] as const) {
    it(`retries a ${label} on the schedule, same delivery id, fresh timestamp, until the 8th attempt fails`, async () => {
      const w = await webhook(createAccount(db, 'acme', 'pro'));
      receiver.reply = () => reply;
      await publishSnapshot(dataDir, [{ evento: 'partida.gol', campeonato_id: 1 }]);
      await start();
      for (let attempt = 1; attempt <= 8; attempt++) {
        await receiver.waitFor(attempt);
        const d = await settledAttempt(w.id, attempt);
        if (attempt < 8) {
          assert.equal(d.status, 'pendente');
          assert.equal(d.proximaTentativaEm, clock.now() + (RETRY_DELAYS_MS[attempt - 1] ?? NaN));
          clock.advance(RETRY_DELAYS_MS[attempt - 1] ?? NaN);
        } else {
          assert.equal(d.status, 'falhou');
          assert.equal(d.ultimoErro, `HTTP ${reply.status} (8 tentativas esgotadas)`);
        }
      }
      const ids = new Set(receiver.requests.map((r) => r.headers['x-svc-entrega']));
      assert.equal(ids.size, 1);
      assert.deepEqual(
        receiver.requests.map((r) => r.headers['x-svc-tentativa']),
        ['1', '2', '3', '4', '5', '6', '7', '8'],
      );
      const stamps = receiver.requests.map((r) => Number(r.headers['x-svc-timestamp']) * 1000 - T0);
      assert.deepEqual(stamps, [0, 10e3, 70e3, 370e3, 2170e3, 5770e3, 9370e3, 12970e3]);
      clock.advance(10 * 3600e3);
      await idle();
      assert.equal(receiver.requests.length, 8, 'no 9th attempt');
    });
  }

  async function settledAttempt(webhookId: number, attempt: number) {
    await waitFor(async () => {
      const d = (await store.listDeliveries(webhookId, 1))[0];
      return d !== undefined && d.tentativas === attempt;
    }, `attempt ${attempt} recorded`);
    return delivery(webhookId);
  }

  it('retries a timeout and a refused connection', async () => {
    const w = await webhook(createAccount(db, 'acme', 'pro'));
    receiver.reply = () => ({ status: 200, delayMs: 1_000 });
    await publishSnapshot(dataDir, [{ evento: 'partida.gol', campeonato_id: 1 }]);
    await start({ totalTimeoutMs: 200 });
    const d = await settledAttempt(w.id, 1);
    assert.equal(d.status, 'pendente');
    assert.equal(d.ultimoErro, 'tempo esgotado (200 ms)');
    assert.equal(d.proximaTentativaEm, T0 + 10e3);
    await receiver.stop();
    clock.advance(10e3);
    const d2 = await settledAttempt(w.id, 2);
    assert.equal(d2.status, 'pendente');
    assert.equal(d2.ultimoErro, 'falha de conexão: ECONNREFUSED');
    assert.equal(d2.proximaTentativaEm, T0 + 70e3);
    receiver = new Receiver();
    await receiver.start();
  });

  it('honours Retry-After within [base, 4 × base]', async () => {
    const w = await webhook(createAccount(db, 'acme', 'pro'));
    receiver.reply = (_r, i) => ({ status: 429, headers: { 'retry-after': i === 0 ? '25' : '3600' } });
    await publishSnapshot(dataDir, [{ evento: 'partida.gol', campeonato_id: 1 }]);
    await start();
    assert.equal((await settledAttempt(w.id, 1)).proximaTentativaEm, T0 + 25e3);
    clock.advance(25e3);
    assert.equal((await settledAttempt(w.id, 2)).proximaTentativaEm, T0 + 25e3 + 4 * 60e3);
  });

  for (const status of [301, 302, 400, 404]) {
    it(`does not retry a ${status}: failed at the first response`, async () => {
      const w = await webhook(createAccount(db, 'acme', 'pro'));
      const headers: Record<string, string> = status < 400 ? { location: 'http://127.0.0.1:1/elsewhere' } : {};
      receiver.reply = () => ({ status, headers });
      await publishSnapshot(dataDir, [{ evento: 'partida.gol', campeonato_id: 1 }]);
      await start();
      const d = await settledAttempt(w.id, 1);
      assert.equal(d.status, 'falhou');
      assert.equal(d.ultimoStatusCode, status);
      assert.equal(d.ultimoErro, `HTTP ${status}`);
      clock.advance(24 * 3600e3);
      await idle();
      assert.equal(receiver.requests.length, 1);
      assert.equal((await store.getWebhookById(w.id))?.falhasConsecutivas, 1);
    });
  }

  it('deactivates after 20 consecutive failed deliveries until the next UTC midnight; the 3rd time for good, with a notice', async () => {
    const conta = createAccount(db, 'acme', 'pro');
    const w = await webhook(conta);
    receiver.reply = () => ({ status: 400 });
    await start();
    for (let round = 1; round <= 3; round++) {
      await publishSnapshot(
        dataDir,
        Array.from({ length: 20 }, () => ({ evento: 'partida.gol', campeonato_id: 1 })),
      );
      dispatcher?.poke();
      await waitFor(async () => (await store.getWebhookById(w.id))?.ativo === false, `deactivation ${round}`);
      const hook = await store.getWebhookById(w.id);
      assert.equal(hook?.desativadoEm, isoWithOffset(clock.now()));
      if (round < 3) {
        assert.equal(hook?.reativarEm, '2026-11-23T00:00:00.000+00:00');
        assert.equal(
          hook?.motivoDesativacao,
          '20 entregas consecutivas falharam: reativado em 2026-11-23T00:00:00.000+00:00',
        );
        // Events published while it is off are not for it.
        await publishSnapshot(dataDir, [{ evento: 'partida.gol', campeonato_id: 1 }]);
        await idle();
        assert.equal(receiver.requests.length, 20 * round);
        clock.advance(Date.UTC(2026, 10, 23) - clock.now());
        dispatcher?.poke();
        await waitFor(async () => (await store.getWebhookById(w.id))?.ativo === true, `re-enabled ${round}`);
        assert.equal((await store.getWebhookById(w.id))?.falhasConsecutivas, 0);
        clock.advance(Date.UTC(2026, 10, 22, 12) - clock.now()); // back to noon: the same scenario again
      } else {
        assert.equal(hook?.reativarEm, null);
        assert.equal(
          hook?.motivoDesativacao,
          '3 desativações temporárias sem nenhuma entrega bem-sucedida: desativado até ser reativado pelo cliente',
        );
      }
    }
    clock.advance(3 * 24 * 3600e3);
    await idle();
    assert.equal((await store.getWebhookById(w.id))?.ativo, false, 'a permanent deactivation is not lifted by time');
    const notices = db
      .prepare('SELECT webhook_id, destinatario, assunto, enviado_em FROM avisos_email')
      .all() as Record<string, unknown>[];
    assert.deepEqual(
      notices.map((n) => ({ ...n })),
      [{ webhook_id: w.id, destinatario: null, assunto: `Webhook ${w.id} (w) desativado`, enviado_em: null }],
    );
    const history = db.prepare('SELECT tipo FROM webhook_desativacoes WHERE webhook_id = ? ORDER BY id').all(w.id) as {
      tipo: string;
    }[];
    assert.deepEqual(
      history.map((h) => h.tipo),
      ['temporaria', 'temporaria', 'permanente'],
    );
  });

  it('stops sending at the deactivating failure: 64 events queued at once, exactly 20 POSTs; the rest kept as failed with the reason', async () => {
    const conta = createAccount(db, 'acme', 'pro');
    const w = await webhook(conta);
    receiver.reply = () => ({ status: 400 });
    await publishSnapshot(
      dataDir,
      Array.from({ length: 64 }, () => ({ evento: 'partida.gol', campeonato_id: 1 })),
    );
    await start();
    await waitFor(async () => (await store.getWebhookById(w.id))?.ativo === false, 'deactivation');
    await idle();
    assert.equal(receiver.requests.length, 20, 'no POST after the 20th failure, though 64 were claimed ahead');
    const rest = (await store.listDeliveries(w.id, 100)).filter((d) => d.tentativas === 0);
    assert.equal(rest.length, 44);
    for (const d of rest) {
      assert.equal(d.status, 'falhou');
      assert.equal(d.ultimoErro, 'Webhook desativado');
    }
  });

  it('a 2xx in between resets the count towards permanent deactivation', async () => {
    const w = await webhook(createAccount(db, 'acme', 'pro'));
    db.prepare('UPDATE webhooks SET desativacoes_seguidas = 2, falhas_consecutivas = 5 WHERE id = ?').run(w.id);
    await publishSnapshot(dataDir, [{ evento: 'partida.gol', campeonato_id: 1 }]);
    await start();
    await waitFor(async () => (await store.getWebhookById(w.id))?.ultimoSucessoEm !== null, 'success recorded');
    const hook = await store.getWebhookById(w.id);
    assert.equal(hook?.falhasConsecutivas, 0);
    assert.equal(hook?.desativacoesSeguidas, 0);
  });

  it('discards deliveries beyond the monthly quota without a POST, shared by the account, reset on the 1st', async () => {
    const conta = createAccount(db, 'acme', 'pro');
    db.prepare('INSERT INTO webhook_contas (conta_id, limite_entregas_mes) VALUES (?, 2)').run(conta);
    const a = await webhook(conta);
    await start();
    await publishSnapshot(dataDir, [
      { evento: 'partida.gol', campeonato_id: 1 },
      { evento: 'partida.gol', campeonato_id: 1 },
    ]);
    dispatcher?.poke();
    await waitFor(async () => (await store.monthlyUsage(conta, clock.now())) === 2, 'two delivered');
    const b = await store.createWebhook(
      { contaId: conta, nome: 'b', url, eventos: ['partida.gol'], secret: SECRET },
      null,
      clock.now(),
    );
    await publishSnapshot(dataDir, [{ evento: 'partida.gol', campeonato_id: 1 }]);
    dispatcher?.poke();
    await waitFor(
      async () =>
        (await Promise.all([a, b].map((w) => store.listDeliveries(w.id, 1)))).every(
          (ds) => ds[0]?.status === 'descartada',
        ),
      'both discarded',
    );
    assert.equal(receiver.requests.length, 2);
    assert.equal((await store.listDeliveries(b.id, 1))[0]?.ultimoErro, QUOTA_DISCARD_REASON);
    clock.advance(Date.UTC(2026, 11, 1) - clock.now());
    await publishSnapshot(dataDir, [{ evento: 'partida.gol', campeonato_id: 1 }]);
    dispatcher?.poke();
    await receiver.waitFor(4);
    await waitFor(async () => (await store.monthlyUsage(conta, clock.now())) === 2, 'December counted afresh');
    assert.equal(await store.monthlyUsage(conta, Date.UTC(2026, 10, 30)), 2, 'November unchanged');
  });

  it('discards a body over 256 KiB', async () => {
    const w = await webhook(createAccount(db, 'acme', 'pro'));
    await publishSnapshot(dataDir, [{ evento: 'partida.gol', campeonato_id: 1, dados: { x: 'a'.repeat(256 * 1024) } }]);
    await start();
    await waitFor(async () => (await store.listDeliveries(w.id, 1))[0]?.status === 'descartada', 'discarded');
    assert.equal((await store.listDeliveries(w.id, 1))[0]?.ultimoErro, 'Corpo maior que o limite de 256 KiB');
    assert.equal(receiver.requests.length, 0);
  });

  it('keeps pending retries across a restart and sends the same bytes under the same id', async () => {
    const w = await webhook(createAccount(db, 'acme', 'pro'));
    receiver.reply = (_r, i) => ({ status: i === 0 ? 503 : 200 });
    await publishSnapshot(dataDir, [{ evento: 'partida.gol', campeonato_id: 1 }]);
    await start();
    await settledAttempt(w.id, 1);
    await dispatcher?.stop();
    dispatcher = null;
    clock.advance(10e3);
    await start();
    await settledAttempt(w.id, 2);
    assert.equal((await delivery(w.id)).status, 'entregue');
    assert.equal(receiver.requests[0]?.headers['x-svc-entrega'], receiver.requests[1]?.headers['x-svc-entrega']);
    assert.equal(receiver.requests[0]?.body, receiver.requests[1]?.body);
  });

  it('refuses a private address at connect time without the development flag: permanent failure, no request', async () => {
    const w = await webhook(createAccount(db, 'acme', 'pro'));
    await publishSnapshot(dataDir, [{ evento: 'partida.gol', campeonato_id: 1 }]);
    dispatcher = await startDispatcher({
      dataDir,
      control: sqliteControlPlane(db),
      clock,
      mailer: null,
      pollMs: 20,
      log: silentLog,
    });
    const d = await settledAttempt(w.id, 1);
    assert.equal(d.status, 'falhou');
    assert.equal(d.ultimoErro, 'URL bloqueada: a URL deve usar HTTPS');
    assert.equal(receiver.requests.length, 0);
  });

  describe('on a control plane answering like a server database', () => {
    /**
     * The SQLite control plane with every delivery-queue call run 1 ms after it is made and answered `answerMs`
     * (default 1) after it ran, as over a network: a read may predate writes answered meanwhile. `fail` rejects
     * the next calls of a method. Records the most calls of each method in flight at once.
     */
    function lagging(o: { fail?: Record<string, number>; answerMs?: Record<string, number> } = {}) {
      const control = sqliteControlPlane(db);
      const fail = o.fail ?? {};
      const inFlight = new Map<string, number>();
      const most = new Map<string, number>();
      const lag = (ms: number) => new Promise((r) => setTimeout(r, ms));
      const deliveryQueue: ControlPlane['deliveryQueue'] = (policy, newId) =>
        new Proxy(control.deliveryQueue(policy, newId), {
          get:
            (queue, name: string) =>
            async (...args: unknown[]) => {
              const n = (inFlight.get(name) ?? 0) + 1;
              inFlight.set(name, n);
              most.set(name, Math.max(n, most.get(name) ?? 0));
              try {
                await lag(1);
                if ((fail[name] ?? 0) > 0) {
                  fail[name] = (fail[name] ?? 1) - 1;
                  throw new Error('conexão perdida');
                }
                const answer = await (queue[name as keyof typeof queue] as (...a: unknown[]) => Promise<unknown>)(
                  ...args,
                );
                await lag(o.answerMs?.[name] ?? 1);
                return answer;
              } finally {
                inFlight.set(name, (inFlight.get(name) ?? 1) - 1);
              }
            },
        });
      return { control: { ...control, deliveryQueue }, most };
    }

    it('one claim and one outcome write at a time; still exactly 20 POSTs up to the deactivating failure', async () => {
      const w = await webhook(createAccount(db, 'acme', 'pro'));
      receiver.reply = () => ({ status: 400 });
      await publishSnapshot(
        dataDir,
        Array.from({ length: 64 }, () => ({ evento: 'partida.gol', campeonato_id: 1 })),
      );
      const { control, most } = lagging();
      await start({ control });
      await waitFor(async () => (await store.getWebhookById(w.id))?.ativo === false, 'deactivation');
      await idle();
      assert.equal(receiver.requests.length, 20);
      assert.equal(
        (await store.listDeliveries(w.id, 100)).filter((d) => d.ultimoErro === 'Webhook desativado').length,
        44,
      );
      assert.deepEqual([most.get('claimDue'), most.get('recordOutcomes')], [1, 1]);
    });

    it('the monthly quota holds exactly while its reads and the outcome writes overlap', async () => {
      const conta = createAccount(db, 'acme', 'pro');
      db.prepare('INSERT INTO webhook_contas (conta_id, limite_entregas_mes) VALUES (?, 5)').run(conta);
      const w = await webhook(conta);
      receiver.reply = (_r, i) => ({ status: i % 2 ? 503 : 200 });
      await publishSnapshot(
        dataDir,
        Array.from({ length: 24 }, () => ({ evento: 'partida.gol', campeonato_id: 1 })),
      );
      await start({ control: lagging({ answerMs: { monthlyUsage: 15 } }).control });
      await waitFor(
        async () => (await store.listDeliveries(w.id, 100)).every((d) => d.status !== 'pendente' || d.tentativas > 0),
        'settled',
      );
      await idle();
      assert.equal(await store.monthlyUsage(conta, T0), 5);
      const ok = receiver.requests.filter((_r, i) => i % 2 === 0).length;
      assert.equal(ok, 5, 'no 2xx beyond the quota');
    });

    it('a failed claim is retried at the next poll; a failed write records nothing and the deliveries go again after the lease', async () => {
      const w = await webhook(createAccount(db, 'acme', 'pro'));
      await publishSnapshot(dataDir, [
        { evento: 'partida.gol', campeonato_id: 1 },
        { evento: 'partida.gol', campeonato_id: 1 },
      ]);
      const { log, records } = memoryLog();
      await start({ control: lagging({ fail: { claimDue: 2, recordOutcomes: 1 } }).control, log });
      await receiver.waitFor(2);
      await idle();
      const errors = records.filter((r) => r.level === 'error').map((r) => `${r.msg}: ${r.err}`);
      assert.ok(errors.includes('erro ao reservar entregas: conexão perdida'), errors.join('\n'));
      assert.ok(
        errors.some((e) => /^erro ao registrar \d resultado\(s\): conexão perdida/.test(e)),
        errors.join('\n'),
      );
      const unrecorded = (await store.listDeliveries(w.id, 10)).filter((d) => d.status === 'pendente').length;
      assert.ok(unrecorded > 0, 'the failed write left its deliveries pending');
      clock.advance(60_000);
      await idle();
      assert.deepEqual(
        (await store.listDeliveries(w.id, 10)).map((d) => d.status),
        ['entregue', 'entregue'],
      );
      assert.equal(receiver.requests.length, 2 + unrecorded, 'sent again under the same ids (at-least-once)');
      assert.equal(new Set(receiver.requests.map((r) => r.headers['x-svc-entrega'])).size, 2);
    });
  });
});
