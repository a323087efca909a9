import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openPgControlPlane } from '../../src/control/postgres/pg-control-plane.js';
import type { WebhookRecord } from '../../src/control/webhooks/records.js';
import { QUOTA_DISCARD_REASON } from '../../src/webhooks/catalog.js';
import { startDispatcher } from '../../src/webhooks/dispatcher.js';
import { memoryLog } from '../kit/log.js';
import { createTestDatabase, postgresSkip } from '../kit/postgres.js';
import { publishSnapshot } from './helpers.js';
import { Receiver } from '../kit/receiver.js';
import { testDataDir, type TestDataDir } from '../kit/dirs.js';

/** The dispatcher of the other tests, on the PostgreSQL control plane: every queue call a round trip. */
describe('dispatcher on PostgreSQL', { skip: postgresSkip ?? false }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let control: Awaited<ReturnType<typeof openPgControlPlane>>;
  let dataDir: TestDataDir;
  let receiver: Receiver;
  let url: string;

  before(async () => {
    database = await createTestDatabase();
    control = await openPgControlPlane(database.url, { secretKeys: [Buffer.alloc(32, 7)] });
    dataDir = testDataDir();
    receiver = new Receiver();
    url = await receiver.start();
  });

  after(async () => {
    await receiver?.stop();
    await control?.close();
    await database?.drop();
    dataDir?.cleanup();
  });

  async function webhook(nome: string): Promise<WebhookRecord> {
    const conta = await control.accounts.createAccount(nome, 'pro');
    return control.webhooks.createWebhook(
      { contaId: conta.id, nome, url, eventos: ['partida.gol'], secret: 'whsec_pg' },
      null,
      Date.now(),
    );
  }

  it('fans out, sends and records in bursts, meters the monthly quota and discards past it; stop leaves the plane open', async () => {
    const open = await webhook('aberta');
    const capped = await webhook('limitada');
    await control.pg.pool.query('INSERT INTO webhook_contas (conta_id, limite_entregas_mes) VALUES ($1, 3)', [
      capped.contaId,
    ]);
    const { log, records } = memoryLog();
    const dispatcher = await startDispatcher({
      dataDir,
      control,
      allowPrivateUrls: true,
      mailer: null,
      pollMs: 50,
      log,
    });
    try {
      await publishSnapshot(
        dataDir,
        Array.from({ length: 40 }, () => ({ evento: 'partida.gol', campeonato_id: 1 })),
      );
      await dispatcher.idle();
    } finally {
      await dispatcher.stop();
    }
    const statuses = async (w: WebhookRecord) =>
      (await control.webhooks.listDeliveries(w.id, 100)).map((d) => d.status);
    assert.deepEqual(await statuses(open), Array(40).fill('entregue'));
    const cappedStatuses = await statuses(capped);
    assert.deepEqual(
      [cappedStatuses.filter((s) => s === 'entregue').length, cappedStatuses.filter((s) => s === 'descartada').length],
      [3, 37],
    );
    const discarded = await control.webhooks.listDeliveries(capped.id, 1, { status: 'descartada' });
    assert.equal(discarded[0]?.ultimoErro, QUOTA_DISCARD_REASON);
    assert.equal(receiver.requests.length, 43);
    assert.equal(await control.webhooks.monthlyUsage(open.contaId, Date.now()), 40);
    assert.deepEqual(
      records.filter((r) => r.level === 'error'),
      [],
    );
    await control.ping();
  });
});
