import os from 'node:os';
import type { Async } from '../../control/async-store.js';
import type { DeliveryQueue } from '../../control/webhooks/delivery-queue.js';
import type { PendingDispatch } from './types.js';

/** This process, as the owner recorded on its claims. */
export const OWNER = `${os.hostname()}:${process.pid}`;

/** Whether the process that owns a claim is gone (only decidable for processes on this host). */
export function ownerIsDead(owner: string): boolean {
  const [host, pid] = owner.split(':');
  if (host !== os.hostname() || pid === undefined) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Sends one webhook, and one account, may have in flight at once (at least one each). */
export interface FairShares {
  webhook: number;
  account: number;
}

/**
 * The shares of `concurrency` sending slots: an account half of them, a webhook a quarter, so receivers that
 * hang hold at most their account's share and the rest of the pool keeps serving everyone else.
 */
export function fairShares(concurrency: number): FairShares {
  return { webhook: Math.max(1, Math.floor(concurrency / 4)), account: Math.max(1, Math.floor(concurrency / 2)) };
}

/**
 * The claim stage: leases due deliveries from the queue ahead of sending, so a slot freed by a response is
 * refilled at once rather than after a database round, and holds them until their outcomes are recorded.
 * One refill at a time: the caller (the dispatcher) awaits each before starting the next. Fair: `next` hands
 * out a delivery only while its webhook and account are under their shares of sends in flight, and an account
 * holding half the claims is skipped by the next claims, so one tenant's backlog never fills the claims ahead.
 */
export class Claims {
  /** Claimed and not yet recorded: queued here, being sent, or waiting for the next flush. */
  private readonly held = new Map<string, PendingDispatch['job']>();
  private readonly ready: PendingDispatch[] = [];
  /** Handed out by `next` and not yet settled. */
  private readonly started = new Set<string>();
  private readonly sendsPerWebhook = new Map<number, number>();
  private readonly sendsPerAccount = new Map<number, number>();
  private readonly heldPerAccount = new Map<number, number>();

  constructor(
    private readonly queue: Async<DeliveryQueue>,
    /** Most deliveries held at once. */
    private readonly capacity: number,
    private readonly leaseMs: number,
    private readonly owner = OWNER,
    private readonly shares: FairShares = { webhook: capacity, account: capacity },
  ) {}

  /** Claims an account may hold before the next claims skip it. */
  private get accountClaims(): number {
    return Math.max(1, Math.floor(this.capacity / 2));
  }

  /** Claims what is due, up to capacity; true when everything due now was claimed (the queue has no more). */
  async refill(now: number): Promise<boolean> {
    // An account's claims beyond its half do not take room from the others (it is skipped meanwhile).
    let counted = 0;
    for (const n of this.heldPerAccount.values()) counted += Math.min(n, this.accountClaims);
    const room = this.capacity - counted;
    if (room <= 0) return false;
    const skip = [...this.heldPerAccount].filter(([, n]) => n >= this.accountClaims).map(([conta]) => conta);
    const jobs = await this.queue.claimDue(now, room, [...this.held.keys()], this.owner, this.leaseMs, skip);
    for (const job of jobs) {
      this.held.set(job.id, job);
      bump(this.heldPerAccount, job.contaId, 1);
      this.ready.push({ job });
    }
    // A skipped account may have more due: drained only when nobody was skipped.
    return jobs.length < room && skip.length === 0;
  }

  /** The next claimed delivery to send, oldest due first among those whose webhook and account are under their share. */
  next(): PendingDispatch | undefined {
    const i = this.ready.findIndex((p) => this.mayStart(p));
    if (i < 0) return undefined;
    const [p] = this.ready.splice(i, 1) as [PendingDispatch];
    this.started.add(p.job.id);
    bump(this.sendsPerWebhook, p.job.webhookId, 1);
    bump(this.sendsPerAccount, p.job.contaId, 1);
    return p;
  }

  private mayStart({ job }: PendingDispatch): boolean {
    return (
      (this.sendsPerWebhook.get(job.webhookId) ?? 0) < this.shares.webhook &&
      (this.sendsPerAccount.get(job.contaId) ?? 0) < this.shares.account
    );
  }

  /** Claimed, not yet started, and free to start now. */
  get waiting(): number {
    return this.ready.filter((p) => this.mayStart(p)).length;
  }

  /** Claimed and not yet recorded. */
  get holding(): number {
    return this.held.size;
  }

  /** The delivery's outcome is recorded (or its claim will lapse): it no longer counts against capacity. */
  settle(id: string): void {
    const job = this.held.get(id);
    if (!job) return;
    this.held.delete(id);
    bump(this.heldPerAccount, job.contaId, -1);
    if (this.started.delete(id)) {
      bump(this.sendsPerWebhook, job.webhookId, -1);
      bump(this.sendsPerAccount, job.contaId, -1);
    }
  }

  /** Extends this worker's claims (held ones may wait in line longer than a lease while receivers are slow). */
  async renew(now: number): Promise<void> {
    if (this.held.size > 0) await this.queue.renewClaims(this.owner, [...this.held.keys()], now + this.leaseMs);
  }

  /** Gives the deliveries claimed ahead but never started back to the queue (on stop). */
  async releaseAll(): Promise<void> {
    this.ready.length = 0;
    await this.queue.releaseClaims((o) => o === this.owner);
  }
}

function bump(counts: Map<number, number>, key: number, by: number): void {
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}
