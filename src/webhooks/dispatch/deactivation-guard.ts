import type { WebhookAccounts } from '../../control/webhooks/sqlite-tables.js';
import { FAILURES_BEFORE_DEACTIVATION } from '../deactivation-policy.js';
import type { CompletedDispatch, PendingDispatch } from './types.js';

/**
 * Part of the gate: no automatic delivery is sent to a webhook past its deactivation threshold. A claim is made
 * ahead of sending, so the webhook's state at claim time is stale; this reads it again before each send, and
 * while the failures already recorded plus the sends still in flight to that webhook could reach the threshold,
 * the next send waits for those to be recorded (a failing webhook is sent one delivery at a time near it). So
 * no POST leaves after the failure that deactivates it.
 */
export class DeactivationGuard {
  /** Per webhook: automatic sends let through and not yet recorded. */
  private readonly inFlight = new Map<number, number>();
  private readonly waiters = new Map<number, (() => void)[]>();

  constructor(private readonly accounts: WebhookAccounts) {}

  /** True when the delivery may be sent; false when the webhook is off (or gone). */
  async admit({ job }: PendingDispatch): Promise<boolean> {
    if (job.origem !== 'automatica') return true;
    const id = job.webhookId;
    for (;;) {
      const health = this.accounts.webhookHealth(id);
      if (!health?.ativo) return false;
      const pending = this.inFlight.get(id) ?? 0;
      if (pending === 0 || health.falhasConsecutivas + pending < FAILURES_BEFORE_DEACTIVATION) break;
      await new Promise<void>((wake) => this.waiters.set(id, [...(this.waiters.get(id) ?? []), wake]));
    }
    this.inFlight.set(id, (this.inFlight.get(id) ?? 0) + 1);
    return true;
  }

  /** Outcomes were recorded (deactivations applied): the sends they were are no longer in flight. */
  settle(batch: readonly CompletedDispatch[], admitted: (c: CompletedDispatch) => boolean): void {
    for (const c of batch) {
      if (!admitted(c)) continue;
      const id = c.job.webhookId;
      this.inFlight.set(id, (this.inFlight.get(id) ?? 1) - 1);
      for (const wake of this.waiters.get(id)?.splice(0) ?? []) wake();
    }
  }
}
