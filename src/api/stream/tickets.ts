import { randomBytes } from 'node:crypto';
import { systemClock, type Clock } from '../../clock.js';
import type { AuthContext } from '../auth-context.js';
import type { KeyLimits } from '../state.js';

/** How long a ticket may wait to be used: enough for a page to open its EventSource. */
export const TICKET_TTL_MS = 30_000;
/** Bound on outstanding tickets, so a client cannot grow memory by asking for many. */
const MAX_TICKETS = 10_000;

interface Ticket {
  auth: AuthContext;
  limits: KeyLimits;
  expiresAt: number;
}

/**
 * Short-lived, single-use stream tickets: a browser's EventSource cannot send `Authorization`, and a key in a
 * URL ends up in logs and history. A ticket stands for the key that asked for it, once, for TICKET_TTL_MS.
 * Held in this process's memory: with several API nodes, the ticket is used against the node that issued it.
 */
export class StreamTickets {
  private readonly tickets = new Map<string, Ticket>();

  constructor(private readonly clock: Clock = systemClock) {}

  private now(): number {
    return this.clock.now();
  }

  issue(auth: AuthContext, limits: KeyLimits): { ticket: string; expiresAt: Date } {
    if (this.tickets.size >= MAX_TICKETS) this.sweep();
    if (this.tickets.size >= MAX_TICKETS) this.tickets.delete(this.tickets.keys().next().value as string);
    const ticket = `svc_tkt_${randomBytes(24).toString('base64url')}`;
    const expiresAt = this.now() + TICKET_TTL_MS;
    this.tickets.set(ticket, { auth, limits, expiresAt });
    return { ticket, expiresAt: new Date(expiresAt) };
  }

  /** The key a ticket stands for, consuming the ticket; null when unknown, used or expired. */
  redeem(ticket: string): { auth: AuthContext; limits: KeyLimits } | null {
    const t = this.tickets.get(ticket);
    if (!t) return null;
    this.tickets.delete(ticket);
    return t.expiresAt > this.now() ? t : null;
  }

  private sweep(): void {
    const now = this.now();
    for (const [k, t] of this.tickets) if (t.expiresAt <= now) this.tickets.delete(k);
  }
}
