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
 * was switched off, a body over the cap) and meters automatic deliveries of accounts with a limit against their
 * monthly quota through the control plane (`reserveQuota`), so every worker on it counts the same slots: a
 * delivery holds one from its reservation until its outcome is recorded. Each chunk claimed is reserved in one
 * call as it is claimed (`reserveAhead`); a delivery granted then passes at once, the others ask at the gate.
 * Near the limit a delivery waits for sends in flight (any worker's) to be recorded, since a failed one frees its
 * slot; at the limit it is discarded. Reservations of deliveries that reach the gate together go in one call.
 */
export class QuotaGate {
  private batch: { job: DeliveryJob; answer: (a: Answer) => void; fail: (err: unknown) => void }[] = [];
  /** One reservation call at a time; deliveries arriving meanwhile go in the next one. */
  private reserving: Promise<void> | null = null;
  private waiters: (() => void)[] = [];
  /** Deliveries granted a slot as they were claimed, until they reach the gate (or their dispatch ends before). */
  private readonly granted = new Set<string>();

  constructor(
    private readonly queue: Pick<DeliveryQueue, 'reserveQuota'>,
    private readonly clock: Clock,
  ) {}

  /**
   * Reserves slots for a chunk of deliveries just claimed, in one call, so the gate need not ask for each; never
   * throws (on an error they ask at the gate).
   */
  async reserveAhead(jobs: readonly DeliveryJob[]): Promise<void> {
    const metered = jobs.filter((j) => j.webhookAtivo && Buffer.byteLength(j.corpo) <= PAYLOAD_CAP_BYTES && meters(j));
    if (metered.length === 0) return;
    try {
      for (const id of (await this.queue.reserveQuota(metered, this.clock.now())).granted) this.granted.add(id);
    } catch {
      // Each asks at the gate, where an error is the delivery's.
    }
  }

  /** A delivery's dispatch ended: a slot granted ahead and not used at the gate is no longer waited for here. */
  done(id: string): void {
    this.granted.delete(id);
  }

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
    if (!meters(job)) return { job, metered: null };
    if (this.granted.delete(job.id)) return { job, metered: job.contaId };
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

/** Whether a delivery takes a quota slot: tests and replays are management calls, never metered; nor is an account without a limit. */
function meters(job: DeliveryJob): boolean {
  return job.origem === 'automatica' && job.plano !== null && job.monthlyLimit !== null;
}
