import { randomBytes } from 'node:crypto';
import { systemClock, type Clock } from '../../clock.js';

/** How long a ticket may wait to be used: enough for a page to open its EventSource. */
export const TICKET_TTL_MS = 30_000;
/** Bound on outstanding tickets, so a client cannot grow memory by asking for many. */
const MAX_TICKETS = 10_000;
/** Bound per account: past it an account's own oldest ticket goes, never another account's. */
export const MAX_TICKETS_PER_ACCOUNT = 50;

/** The key a ticket stands for: checked again when the ticket is used. */
export interface TicketHolder {
  accountId: number;
  keyId: number;
  /** The key's visible prefix when the ticket was issued: a rotation changes it. */
  keyPrefix: string;
}

interface Ticket extends TicketHolder {
  expiresAt: number;
}

/**
 * Short-lived, single-use stream tickets: a browser's EventSource cannot send `Authorization`, and a key in a
 * URL ends up in logs and history. A ticket stands for the key that asked for it, once, for TICKET_TTL_MS.
 * Held in this process's memory: with several API nodes, the ticket is used against the node that issued it.
 */
export class StreamTickets {
  private readonly tickets = new Map<string, Ticket>();
  /** Each account's outstanding tickets, oldest first. */
  private readonly perAccount = new Map<number, Set<string>>();

  constructor(private readonly clock: Clock = systemClock) {}

  private now(): number {
    return this.clock.now();
  }

  issue(holder: TicketHolder): { ticket: string; expiresAt: Date } {
    const own = this.perAccount.get(holder.accountId) ?? new Set<string>();
    if (own.size >= MAX_TICKETS_PER_ACCOUNT) this.remove(own.values().next().value as string);
    if (this.tickets.size >= MAX_TICKETS) this.sweep();
    if (this.tickets.size >= MAX_TICKETS) this.remove(this.tickets.keys().next().value as string);
    const ticket = `svc_tkt_${randomBytes(24).toString('base64url')}`;
    const expiresAt = this.now() + TICKET_TTL_MS;
    this.tickets.set(ticket, { ...holder, expiresAt });
    own.add(ticket);
    this.perAccount.set(holder.accountId, own);
    return { ticket, expiresAt: new Date(expiresAt) };
  }

  /** The key a ticket stands for, consuming the ticket; null when unknown, used or expired. */
  redeem(ticket: string): TicketHolder | null {
    const t = this.tickets.get(ticket);
    if (!t) return null;
    this.remove(ticket);
    return t.expiresAt > this.now() ? t : null;
  }

  private remove(ticket: string): void {
    const t = this.tickets.get(ticket);
    if (!t) return;
    this.tickets.delete(ticket);
    const own = this.perAccount.get(t.accountId);
    own?.delete(ticket);
    if (own?.size === 0) this.perAccount.delete(t.accountId);
  }

  private sweep(): void {
    const now = this.now();
    for (const [k, t] of this.tickets) if (t.expiresAt <= now) this.remove(k);
  }
}
