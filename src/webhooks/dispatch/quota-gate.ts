import type { Async } from '../../control/async-store.js';
import type { WebhookAccounts } from '../../control/webhooks/sqlite-tables.js';
import type { Plano } from '../../domain/plans.js';
import { PAYLOAD_CAP_BYTES, QUOTA_DISCARD_REASON } from '../catalog.js';
import type { Clock } from '../clock.js';
import type { AdmittedDispatch, CompletedDispatch, PendingDispatch } from './types.js';

/**
 * The gate between claim and send. Refuses what must not be sent (an automatic delivery to a webhook that
 * was switched off, a body over the cap) and meters automatic deliveries against the account's monthly quota:
 * near the limit a delivery waits for the sends in flight to be recorded, so the quota is never overshot
 * (a failed one leaves room for the next); at the limit it is discarded.
 */
export class QuotaGate {
  /** Per account: automatic deliveries admitted and not yet recorded. */
  private readonly inFlight = new Map<number, number>();
  private readonly waiters = new Map<number, (() => void)[]>();
  /**
   * Limit and recorded usage per account, read once and shared by the deliveries waiting on it. Usage only
   * changes when this process records a success, which clears the cache (settle), so it is exact and the hot
   * path skips two queries per delivery.
   */
  private readonly quotas = new Map<number, Promise<Quota>>();
  /** Counts settle() calls: tells a read that outcomes were recorded while it was under way. */
  private settled = 0;

  constructor(
    private readonly accounts: Async<WebhookAccounts>,
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
    // Tests and replays are management calls: never metered.
    if (job.origem !== 'automatica' || job.plano === null) return { job, metered: null };
    const conta = job.contaId;
    for (;;) {
      const seen = this.settled;
      const quota = await this.quotaOf(conta, job.plano);
      // Read before outcomes now recorded, while their sends no longer count as in flight: read again.
      if (seen !== this.settled) continue;
      const pending = this.inFlight.get(conta) ?? 0;
      if (quota.limit === null || quota.used + pending < quota.limit) break;
      if (pending === 0) return { job, metered: null, outcome: { kind: 'descartada', motivo: QUOTA_DISCARD_REASON } };
      await new Promise<void>((wake) => this.waiters.set(conta, [...(this.waiters.get(conta) ?? []), wake]));
    }
    this.inFlight.set(conta, (this.inFlight.get(conta) ?? 0) + 1);
    return { job, metered: conta };
  }

  /** Outcomes were recorded: usage may have changed, and the slots they held are free. */
  settle(metered: readonly (number | null)[]): void {
    this.settled++;
    this.quotas.clear();
    for (const conta of metered) {
      if (conta === null) continue;
      this.inFlight.set(conta, (this.inFlight.get(conta) ?? 1) - 1);
      for (const wake of this.waiters.get(conta)?.splice(0) ?? []) wake();
    }
  }

  private quotaOf(contaId: number, plano: Plano): Promise<Quota> {
    let q = this.quotas.get(contaId);
    if (!q) {
      const read = this.readQuota(contaId, plano);
      // A failed read is not kept: the next delivery reads again.
      read.catch(() => this.quotas.get(contaId) === read && this.quotas.delete(contaId));
      this.quotas.set(contaId, read);
      q = read;
    }
    return q;
  }

  private async readQuota(contaId: number, plano: Plano): Promise<Quota> {
    const limit = (await this.accounts.accountLimits(contaId, plano)).entregasMes;
    return { limit, used: limit === null ? 0 : await this.accounts.monthlyUsage(contaId, this.clock.now()) };
  }
}

interface Quota {
  limit: number | null;
  used: number;
}
