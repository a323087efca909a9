import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openPgControlPlane } from '../../src/control/postgres/pg-control-plane.js';
import { keyFromText } from '../../src/control/secret-box.js';
import type { WebhookRecord } from '../../src/control/webhooks/records.js';
import { EVENTOS } from '../../src/domain/events.js';
import { DEMO_FIXTURES, FIXTURES_NOW, LIVE_DAY } from '../kit/fixtures.js';
import { runSvc, SvcProcess } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';
import { createTestDatabase, postgresSkip } from '../kit/postgres.js';
import { Receiver } from '../kit/receiver.js';
import { waitFor } from '../kit/wait.js';

const SVC_SECRET_KEY = 'chave-de-teste-dos-workers-32-caracteres';
const QUEUED = 240;
const QUOTA = 40;

/**
 * Two real `svc webhooks run` workers on one PostgreSQL control plane, one of them SIGKILLed mid-delivery:
 * nothing is lost, what it held goes out from the other worker under the same X-SVC-Entrega, events published
 * while both run are fanned out once, and a monthly quota holds across the two.
 */
describe('two webhook workers on one PostgreSQL, one SIGKILLed', { skip: postgresSkip ?? false }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dir: { dir: string; cleanup: () => void };
  let env: Record<string, string>;
  let control: Awaited<ReturnType<typeof openPgControlPlane>>;
  const receiver = new Receiver();
  const workers: SvcProcess[] = [];

  before(async () => {
    database = await createTestDatabase();
    dir = tempDir('svc-workers-');
    env = { SVC_DATABASE_URL: database.url, SVC_SECRET_KEY };
    const demo = await runSvc(['ingest', DEMO_FIXTURES, '--data-dir', dir.dir], { env });
    assert.equal(demo.code, 0, demo.stderr);
    control = await openPgControlPlane(database.url, { secretKeys: [keyFromText(SVC_SECRET_KEY)] });
  });

  after(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    await receiver.stop();
    await control?.close();
    dir?.cleanup();
    await database?.drop();
  });

  async function subscribe(account: string, plano: 'pro' | 'enterprise', url: string): Promise<WebhookRecord> {
    const conta = await control.accounts.createAccount(account, plano);
    return control.webhooks.createWebhook(
      { contaId: conta.id, nome: account, url, eventos: [...EVENTOS], secret: `whsec_${account}` },
      null,
      Date.now(),
    );
  }

  it('loses nothing, resends under the same ids, fans out once and keeps the quota', async () => {
    const url = await receiver.start();
    // Slow answers keep deliveries in flight when the worker dies.
    receiver.reply = () => ({ status: 200, delayMs: 25 });
    const busy = await subscribe('busy', 'enterprise', url);
    const quoted = await subscribe('quoted', 'pro', url);
    await control.pg.pool.query('INSERT INTO webhook_contas (conta_id, limite_entregas_mes) VALUES ($1, $2)', [
      quoted.contaId,
      QUOTA,
    ]);
    const queued = new Set<string>();
    const quotedIds = new Set<string>();
    for (let i = 0; i < QUEUED; i++) {
      const hook = i % 2 ? quoted : busy;
      const d = await control.webhooks.enqueueDelivery(hook, 'partida.gol', `{"n":${i}}`, 'automatica', Date.now());
      (hook === quoted ? quotedIds : queued).add(d.id);
    }

    for (let i = 0; i < 2; i++) {
      const w = new SvcProcess(['webhooks', 'run', '--allow-private-urls', '--data-dir', dir.dir], env);
      workers.push(w);
      await w.waitForOutput(/despachando/);
    }
    await receiver.waitFor(QUEUED / 8);
    workers[0]!.kill('SIGKILL');
    await workers[0]!.exited;

    // Events published while the survivor runs: fanned out once per webhook, whoever reads the outbox.
    let events = 0;
    for (const file of readdirSync(LIVE_DAY)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .slice(0, 4)) {
      const r = await runSvc(
        ['ingest', path.join(LIVE_DAY, file), '--json', '--now', FIXTURES_NOW, '--data-dir', dir.dir],
        {
          env,
        },
      );
      assert.equal(r.code, 0, r.stderr);
      events += (JSON.parse(r.stdout) as { eventos: { total: number } }).eventos.total;
    }
    assert.ok(events > 0);

    const received = () => new Set(receiver.requests.map((r) => String(r.headers['x-svc-entrega'])));
    // The survivor takes the killed worker's claims back at its next renewal (≤ 10 s: same host, the pid is gone);
    // a worker on another host would wait for their 30 s lease to lapse.
    await waitFor(() => [...queued].every((id) => received().has(id)), 'every queued delivery', 60_000);

    const fannedOut = async () =>
      (await control.webhooks.filterDeliveries({ webhookId: busy.id })).filter((d) => !queued.has(d.id));
    // The survivor fans the events out as it reads the outbox, after the ingests return: wait for it, then count.
    await waitFor(async () => (await fannedOut()).length >= events, 'the events fanned out', 30_000);
    const fanned = await fannedOut();
    await waitFor(() => fanned.every((d) => received().has(d.id)), 'every event delivery', 30_000);
    assert.equal((await fannedOut()).length, events, 'one delivery per event for the busy webhook, not one per worker');

    const sentTwice = receiver.requests.length - received().size;
    // Only what the killed worker had in flight (at most its claimed-ahead capacity, 64) may go twice.
    assert.ok(sentTwice <= 64, `${sentTwice} deliveries sent twice`);
    // The quota counts recorded deliveries: exactly the limit. A receiver may also have got one the killed worker
    // sent but never recorded (at-least-once), so it sees at most that many more.
    assert.equal(await control.webhooks.monthlyUsage(quoted.contaId, Date.now()), QUOTA);
    const quotedReceived = [...quotedIds].filter((id) => received().has(id)).length;
    assert.ok(quotedReceived >= QUOTA && quotedReceived <= QUOTA + 16, `${quotedReceived} quoted deliveries received`);
  });
});
