import { sqliteControlPlane } from '../../../src/control/control-plane.js';
import { openControlDb, type ControlDb } from '../../../src/control/database.js';
import type { DeliveryQueue } from '../../../src/control/webhooks/delivery-queue.js';
import type { DeliveryJob, WebhookRecord } from '../../../src/control/webhooks/records.js';
import type { WebhookRegistry } from '../../../src/control/webhooks/registry.js';
import type { DeliveryOrigin } from '../../../src/domain/webhooks.js';
import { decideDeactivation } from '../../../src/webhooks/deactivation-policy.js';
import { createAccount } from '../helpers.js';
import { testDataDir, type TestDataDir } from '../../kit/dirs.js';

export const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);

/** A real control plane with one pro account and one webhook, for testing one dispatcher stage at a time. */
export class StageFixture {
  readonly registry: WebhookRegistry;
  /** The queue as the dispatcher's stages get it from the control plane. */
  readonly queue: DeliveryQueue;
  readonly conta: number;
  webhook!: WebhookRecord;

  private constructor(
    readonly dataDir: TestDataDir,
    readonly db: ControlDb,
    readonly secret: string,
  ) {
    const cp = sqliteControlPlane(db);
    this.registry = cp.webhooks;
    this.queue = cp.deliveryQueue(decideDeactivation);
    this.conta = createAccount(db, 'acme', 'pro');
  }

  static async open(url = 'http://127.0.0.1:9/hook', secret = 'whsec_stage'): Promise<StageFixture> {
    const dataDir = testDataDir();
    const f = new StageFixture(dataDir, await openControlDb(dataDir.controlDb), secret);
    f.webhook = await f.registry.createWebhook(
      { contaId: f.conta, nome: 'w', url, eventos: ['partida.gol'], secret },
      null,
      T0,
    );
    return f;
  }

  /** Queues deliveries and claims them, as the claim stage would, so later stages get real rows. */
  async claimed(
    count: number,
    origem: DeliveryOrigin = 'automatica',
    corpo = '{"evento":"partida.gol"}',
  ): Promise<DeliveryJob[]> {
    for (let i = 0; i < count; i++) await this.registry.enqueueDelivery(this.webhook, 'partida.gol', corpo, origem, T0);
    return this.queue.claimDue(T0, count, 'test:1', 60_000);
  }

  /** The account's monthly delivery limit (row in `webhook_contas`). */
  limitDeliveries(n: number): void {
    this.db.prepare('INSERT INTO webhook_contas (conta_id, limite_entregas_mes) VALUES (?, ?)').run(this.conta, n);
  }

  close(): void {
    this.db.close();
    this.dataDir.cleanup();
  }
}
