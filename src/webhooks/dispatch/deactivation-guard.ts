import type { WebhookAccounts } from '../../control/webhooks/webhook-tables.js';
import { FAILURES_BEFORE_DEACTIVATION } from '../deactivation-policy.js';
import type { CompletedDispatch, PendingDispatch } from './types.js';

/**
 * Part of the gate: no automatic delivery is sent to a webhook past its deactivation threshold. A claim is made
 * ahead of sending, so the webhook's state at claim time may be stale: once this process has recorded a failure
 * for a webhook, the state is read again before each send, and while the failures already recorded plus the sends
 * still in flight could reach the threshold, the next send waits for those to be recorded (a failing webhook is
 * sent one delivery at a time near it). So no POST leaves after the failure that deactivates it, and a healthy
 * webhook costs no read per delivery. A read that outcomes were recorded during is read again: it may predate them
 * while the sends they were no longer count as in flight.
 */
export class DeactivationGuard {
  /** Per webhook: automatic sends let through and not yet recorded. */
  private readonly inFlight = new Map<number, number>();
  private readonly waiters = new Map<number, (() => void)[]>();
  /** Webhooks with a failed send in this process since their last success. */
  private readonly failing = new Set<number>();
  /** Counts settle() calls: tells a read that outcomes were recorded while it was under way. */
  private settled = 0;

  constructor(private readonly accounts: WebhookAccounts) {}

  /** True when the delivery may be sent; false when the webhook is off (or gone). */
  async admit({ job }: PendingDispatch): Promise<boolean> {
    if (job.origem !== 'automatica') return true;
    const id = job.webhookId;
    for (;;) {
      // A webhook this process has seen no failure of since its last success: its state at claim time holds
      // (the sends in flight, fewer than the threshold, cannot reach it alone). No read per delivery.
      if (!this.failing.has(id)) {
        if (!job.webhookAtivo) return false;
        break;
      }
      const seen = this.settled;
      const health = await this.accounts.webhookHealth(id);
      if (seen !== this.settled) continue;
      if (!health?.ativo) return false;
      const pending = this.inFlight.get(id) ?? 0;
      if (pending === 0 || health.falhasConsecutivas + pending < FAILURES_BEFORE_DEACTIVATION) break;
      await new Promise<void>((wake) => this.waiters.set(id, [...(this.waiters.get(id) ?? []), wake]));
    }
    this.inFlight.set(id, (this.inFlight.get(id) ?? 0) + 1);
    return true;
  }

  /** A send finished (recorded or not yet): a failure switches its webhook to the checked path at once. */
  observe(c: CompletedDispatch): void {
    if (c.outcome.kind === 'entregue') this.failing.delete(c.job.webhookId);
    else if (c.outcome.kind === 'falhou' || c.outcome.kind === 'retentar') this.failing.add(c.job.webhookId);
  }

  /** Outcomes were recorded (deactivations applied): the sends they were are no longer in flight. */
  settle(batch: readonly CompletedDispatch[], admitted: (c: CompletedDispatch) => boolean): void {
    this.settled++;
    for (const c of batch) {
      if (!admitted(c)) continue;
      const id = c.job.webhookId;
      this.inFlight.set(id, (this.inFlight.get(id) ?? 1) - 1);
      for (const wake of this.waiters.get(id)?.splice(0) ?? []) wake();
    }
  }
}
