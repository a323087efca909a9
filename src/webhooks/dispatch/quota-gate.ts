import type { DeliveryQueue } from '../../control/webhooks/delivery-queue.js';
import type { DeliveryJob } from '../../control/webhooks/records.js';
import { PAYLOAD_CAP_BYTES, QUOTA_DISCARD_REASON } from '../catalog.js';
import type { Clock } from '../../clock.js';
import type { AdmittedDispatch, CompletedDispatch, PendingDispatch } from './types.js';

/** How long a delivery waiting for a slot held by another worker waits before it asks again. */
const RETRY_WAITING_MS = 100;

type Answer = 'granted' | 'waiting' | 'exhausted';

/**
 * The gate between claim and send. Refuses what must not be sent (an automatic delivery to a webhook that
 * was switched off, a body over the cap) and meters automatic deliveries against the account's monthly quota
 * through the control plane (`reserveQuota`), so every worker on it counts the same slots: a delivery holds one
 * from here until its outcome is recorded. Near the limit a delivery waits for sends in flight (any worker's) to
 * be recorded, since a failed one frees its slot; at the limit it is discarded. Reservations of deliveries that
 * reach the gate together go in one call.
 */
export class QuotaGate {
  private batch: { job: DeliveryJob; answer: (a: Answer) => void; fail: (err: unknown) => void }[] = [];
  /** One reservation call at a time; deliveries arriving meanwhile go in the next one. */
  private reserving: Promise<void> | null = null;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly queue: Pick<DeliveryQueue, 'reserveQuota'>,
    private readonly clock: Clock,
  ) {}

  async admit(p: PendingDispatch): Promise<AdmittedDispatch | CompletedDispatch> {
    const { job } = p;
    if (job.origem === 'automatica' && !job.webhookAtivo) {
      return {
        job,
        metered: null,
        outcome: { kind: 'falhou', attempt: null, motivo: 'Webhook desativado', at: this.clock.now() },
      };
    }
    if (Buffer.byteLength(job.corpo) > PAYLOAD_CAP_BYTES) {
      return {
        job,
        metered: null,
        outcome: { kind: 'descartada', motivo: `Corpo maior que o limite de ${PAYLOAD_CAP_BYTES / 1024} KiB` },
      };
    }
    // Tests and replays are management calls: never metered; nor is an account without a limit.
    if (job.origem !== 'automatica' || job.plano === null || job.monthlyLimit === null) return { job, metered: null };
    for (;;) {
      const answer = await this.reserve(job);
      if (answer === 'granted') return { job, metered: job.contaId };
      if (answer === 'exhausted')
        return { job, metered: null, outcome: { kind: 'descartada', motivo: QUOTA_DISCARD_REASON } };
      await this.slotMayFree();
    }
  }

  /** Outcomes were recorded: slots they held may be free now. */
  settle(metered: readonly (number | null)[]): void {
    if (metered.some((conta) => conta !== null)) this.wakeWaiters();
  }

  private reserve(job: DeliveryJob): Promise<Answer> {
    return new Promise((answer, fail) => {
      if (this.batch.push({ job, answer, fail }) === 1) setImmediate(() => this.startReserving());
    });
  }

  private startReserving(): void {
    if (this.reserving || this.batch.length === 0) return;
    this.reserving = this.reserveBatch().finally(() => {
      this.reserving = null;
      this.startReserving();
    });
  }

  private async reserveBatch(): Promise<void> {
    const batch = this.batch;
    this.batch = [];
    try {
      const r = await this.queue.reserveQuota(
        batch.map((b) => b.job),
        this.clock.now(),
      );
      const granted = new Set(r.granted);
      const waiting = new Set(r.waiting);
      for (const b of batch)
        b.answer(granted.has(b.job.id) ? 'granted' : waiting.has(b.job.id) ? 'waiting' : 'exhausted');
    } catch (err) {
      for (const b of batch) b.fail(err);
    }
  }

  /** This process's next recorded outcomes, or a short wait (another worker's may be recorded meanwhile). */
  private slotMayFree(): Promise<void> {
    return new Promise((resolve) => {
      const cancel = this.clock.setTimer(() => this.wakeWaiters(), RETRY_WAITING_MS);
      this.waiters.push(() => {
        cancel();
        resolve();
      });
    });
  }

  private wakeWaiters(): void {
    const woken = this.waiters;
    this.waiters = [];
    for (const wake of woken) wake();
  }
}
