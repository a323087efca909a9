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

/**
 * The claim stage: leases due deliveries from the queue ahead of sending, so a slot freed by a response is
 * refilled at once rather than after a database round, and holds them until their outcomes are recorded.
 * One refill at a time: the caller (the dispatcher) awaits each before starting the next.
 */
export class Claims {
  /** Claimed and not yet recorded: queued here, being sent, or waiting for the next flush. */
  private readonly held = new Set<string>();
  private readonly ready: PendingDispatch[] = [];

  constructor(
    private readonly queue: Async<DeliveryQueue>,
    /** Most deliveries held at once. */
    private readonly capacity: number,
    private readonly leaseMs: number,
    private readonly owner = OWNER,
  ) {}

  /** Claims what is due, up to capacity; true when everything due now was claimed (the queue has no more). */
  async refill(now: number): Promise<boolean> {
    const room = this.capacity - this.held.size;
    if (room <= 0) return false;
    const jobs = await this.queue.claimDue(now, room, [...this.held], this.owner, this.leaseMs);
    for (const job of jobs) {
      this.held.add(job.id);
      this.ready.push({ job });
    }
    return jobs.length < room;
  }

  /** The next claimed delivery to send, oldest due first. */
  next(): PendingDispatch | undefined {
    return this.ready.shift();
  }

  /** Claimed, not yet started. */
  get waiting(): number {
    return this.ready.length;
  }

  /** Claimed and not yet recorded. */
  get holding(): number {
    return this.held.size;
  }

  /** The delivery's outcome is recorded (or its claim will lapse): it no longer counts against capacity. */
  settle(id: string): void {
    this.held.delete(id);
  }

  /** Extends this worker's claims (held ones may wait in line longer than a lease while receivers are slow). */
  async renew(now: number): Promise<void> {
    if (this.held.size > 0) await this.queue.renewClaims(this.owner, [...this.held], now + this.leaseMs);
  }

  /** Gives the deliveries claimed ahead but never started back to the queue (on stop). */
  async releaseAll(): Promise<void> {
    this.ready.length = 0;
    await this.queue.releaseClaims((o) => o === this.owner);
  }
}
