import os from 'node:os';
import type { DeliveryQueue } from '../../control/webhooks/delivery-queue.js';
import type { DeliveryJob } from '../../control/webhooks/records.js';
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
  /**
   * Sends in flight below which a delivery over its shares may still start: the slots above are kept for the
   * others, so a lone busy tenant is not throttled to its share while a hanging one cannot take every slot.
   */
  borrowUpTo: number;
}

/**
 * The shares of `concurrency` sending slots: an account half of them, a webhook a quarter, so receivers that
 * hang hold at most their account's share and the rest of the pool keeps serving everyone else.
 */
export function fairShares(concurrency: number): FairShares {
  const quarter = Math.max(1, Math.floor(concurrency / 4));
  return { webhook: quarter, account: Math.max(1, Math.floor(concurrency / 2)), borrowUpTo: concurrency - quarter };
}

/**
 * The claim stage: leases due deliveries from the queue ahead of sending, so a slot freed by a response is
 * refilled at once rather than after a database round, and holds them until their outcomes are recorded.
 * Capacity bounds the claims ahead: waiting or being sent. A sent delivery waiting for its outcome's flush no
 * longer counts (still held and excluded from claims): counted, the claims ahead ran dry between flushes and the
 * sending slots idled. One refill at a time: the caller (the dispatcher) awaits each before starting the next.
 * Fair: `next` hands out a delivery only while its webhook and account are under their shares of sends in flight,
 * and an account holding half the claims ahead is skipped by the next claims, so one tenant's backlog never fills
 * them (while nobody else is due, it is looked past once per `recheck`, not at every claim).
 */
export class Claims {
  /** Claimed and not yet recorded: queued here, being sent, or waiting for the next flush. */
  private readonly held = new Map<string, PendingDispatch['job']>();
  private readonly ready: PendingDispatch[] = [];
  /** Handed out by `next`, their send not over yet. */
  private readonly started = new Set<string>();
  private readonly sendsPerWebhook = new Map<number, number>();
  private readonly sendsPerAccount = new Map<number, number>();
  /** Claims ahead (waiting or being sent) per account. */
  private readonly aheadPerAccount = new Map<number, number>();
  /**
   * The last claims that skipped accounts found nobody else due: until `recheck`, the next ones do not look again
   * (each look reads the skipped accounts' whole backlog) and claim oldest first.
   */
  private nobodyElseDue = false;

  constructor(
    private readonly queue: DeliveryQueue,
    /** Most deliveries claimed ahead (waiting or being sent) at once. */
    private readonly capacity: number,
    private readonly leaseMs: number,
    private readonly owner = OWNER,
    private readonly shares: FairShares = { webhook: capacity, account: capacity, borrowUpTo: capacity },
    /** Runs on each chunk claimed before any of it is handed out (the quota gate reserves ahead). */
    private readonly onClaimed: (jobs: readonly DeliveryJob[]) => Promise<void> = async () => {},
    /**
     * Fewest deliveries a claim is made for while at least as many are still queued: a claim costs a commit and a
     * read of its webhooks whatever its size, and flushes asked for one every few ms, for the 2–6 slots freed since.
     */
    private readonly minChunk = 1,
  ) {}

  /** Claims ahead an account may hold before the next claims skip it. */
  private get accountClaims(): number {
    return Math.max(1, Math.floor(this.capacity / 2));
  }

  /** Claims what is due, up to capacity; true when everything due now was claimed (the queue has no more). */
  async refill(now: number): Promise<boolean> {
    // An account's claims beyond its half do not take room from the others (it is skipped meanwhile).
    let counted = 0;
    for (const n of this.aheadPerAccount.values()) counted += Math.min(n, this.accountClaims);
    const room = this.capacity - counted;
    if (!this.worthClaiming(room)) return false;
    const skip = [...this.aheadPerAccount].filter(([, n]) => n >= this.accountClaims).map(([conta]) => conta);
    const jobs: DeliveryJob[] = [];
    if (skip.length === 0 || !this.nobodyElseDue) {
      jobs.push(...this.unheld(await this.queue.claimDue(now, room, this.owner, this.leaseMs, skip)));
      if (skip.length > 0) this.nobodyElseDue = jobs.length === 0;
    }
    let drained = jobs.length < room && skip.length === 0;
    // Nobody else had that much due: the skipped accounts fill what is really free (work-conserving).
    const free = this.capacity - this.ready.length - this.started.size - jobs.length;
    if (skip.length > 0 && jobs.length < room && this.worthClaiming(free)) {
      const more = this.unheld(await this.queue.claimDue(now, free, this.owner, this.leaseMs));
      jobs.push(...more);
      drained = more.length < free;
    }
    if (jobs.length > 0) await this.onClaimed(jobs);
    for (const job of jobs) {
      this.held.set(job.id, job);
      bump(this.aheadPerAccount, job.contaId, 1);
      this.ready.push({ job });
    }
    return drained;
  }

  /** Room for `n` more is worth a claim: a whole chunk, or the queue runs short of one. */
  private worthClaiming(n: number): boolean {
    return n > 0 && (n >= this.minChunk || this.ready.length < this.minChunk);
  }

  /**
   * Claimed deliveries not held already. One held is claimed again only when its lease lapsed while this worker
   * still had it (an event loop stalled past the lease): the claim renewed its lease, and it stays where it is.
   * Filtered here rather than excluded by the claim: naming every held id in each claim cost more than this.
   */
  private unheld(jobs: DeliveryJob[]): DeliveryJob[] {
    return jobs.some((j) => this.held.has(j.id)) ? jobs.filter((j) => !this.held.has(j.id)) : jobs;
  }

  /** Deliveries may have come due for other accounts (fan-out, the poll): the next claims look for them again. */
  recheck(): void {
    this.nobodyElseDue = false;
  }

  /** The next claimed delivery to send, oldest due first among those whose webhook and account are under their share. */
  next(): PendingDispatch | undefined {
    // Within its shares first; beyond them only while the slots kept for the others are free.
    let i = this.ready.findIndex((p) => this.withinShares(p));
    if (i < 0 && this.ready.length > 0 && this.started.size < this.shares.borrowUpTo) i = 0;
    if (i < 0) return undefined;
    const [p] = this.ready.splice(i, 1) as [PendingDispatch];
    this.started.add(p.job.id);
    bump(this.sendsPerWebhook, p.job.webhookId, 1);
    bump(this.sendsPerAccount, p.job.contaId, 1);
    return p;
  }

  private mayStart(p: PendingDispatch): boolean {
    return this.withinShares(p) || this.started.size < this.shares.borrowUpTo;
  }

  private withinShares({ job }: PendingDispatch): boolean {
    return (
      (this.sendsPerWebhook.get(job.webhookId) ?? 0) < this.shares.webhook &&
      (this.sendsPerAccount.get(job.contaId) ?? 0) < this.shares.account
    );
  }

  /** Claimed, not yet started, and free to start now. */
  get waiting(): number {
    return this.ready.filter((p) => this.mayStart(p)).length;
  }

  /** Claimed and not yet started, free to start now or not. */
  get queued(): number {
    return this.ready.length;
  }

  /** Claimed and not yet recorded. */
  get holding(): number {
    return this.held.size;
  }

  /**
   * The delivery's send is over (its outcome waits for the next flush): it no longer counts against the shares,
   * which measure sends in flight, nor against capacity. A flush every few ms would otherwise cap a webhook at its
   * share, and the worker at its capacity, per flush.
   */
  sent(id: string): void {
    const job = this.held.get(id);
    if (!job || !this.started.delete(id)) return;
    bump(this.sendsPerWebhook, job.webhookId, -1);
    bump(this.sendsPerAccount, job.contaId, -1);
    bump(this.aheadPerAccount, job.contaId, -1);
  }

  /** The delivery's outcome is recorded (or its claim will lapse): it is no longer held. */
  settle(id: string): void {
    this.sent(id);
    this.held.delete(id);
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
