import {
  RECENT_KEPT,
  type EndpointCount,
  type QuotaCount,
  type UsageRecord,
  type UsageStore,
} from '../control/usage-store.js';
import { utcDayOf } from '../time.js';

export interface Admission {
  allowed: boolean;
  limit: number;
  /** Requests left in the period after this one. */
  remaining: number;
  /** Seconds until the period resets (next UTC midnight). */
  resetSeconds: number;
  /** When the period resets (epoch ms). */
  resetAt: number;
}

/** Largest block of quota one process reserves at once (one control-plane write per block). */
const MAX_LEASE = 100;
/** How long a process trusts "no quota left" before asking the control plane again (a plan may change). */
const EXHAUSTED_RECHECK_MS = 1_000;

interface Lease {
  chaveId: number;
  dia: string;
  /** Reserved by this process and not yet used. */
  left: number;
  /** Unreserved by any process as of the last reservation. */
  unreserved: number;
  /** When an empty reservation was last answered (0: never). */
  exhaustedAt: number;
}

/**
 * Counts requests against the daily quota without making most requests wait on disk. Each process admits
 * only from blocks of quota it reserved in the control plane (`UsageStore.lease`, atomic across processes),
 * so several `svc serve` processes sharing a control plane never admit more than the quota together; under
 * load they admit exactly the quota (a block left unused is given back on shutdown). Admitted counts and
 * finished requests accumulate in memory and are written in one transaction every `flushMs` (and on
 * shutdown); they are what `/v1/me` reports.
 */
export class UsageMeter {
  /** `${chaveId}:${dia}` → this process's reservation. */
  private readonly leases = new Map<string, Lease>();
  private readonly pending = new Map<string, QuotaCount>();
  /** Finished requests not yet written: totals per key, and only the most recent RECENT_KEPT records each. */
  private records = new Map<number, { n: number; ms: number; last: UsageRecord[] }>();
  /** Finished requests not yet written, per `${chaveId} ${dia} ${metodo} ${rota}`. */
  private endpoints = new Map<string, EndpointCount>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: UsageStore,
    private readonly flushMs = 200,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.flush(), this.flushMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.flush();
    for (const l of this.leases.values()) this.store.release(l.chaveId, l.dia, l.left);
    this.leases.clear();
  }

  /** Counts one request if the key has quota left. */
  admit(chaveId: number, limit: number, now = Date.now()): Admission {
    const { dia, end: resetAt } = utcDayOf(now);
    const resetSeconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
    const lease = this.leaseFor(chaveId, dia, limit, now);
    if (lease.left === 0) return { allowed: false, limit, remaining: 0, resetSeconds, resetAt };
    lease.left -= 1;
    const k = `${chaveId}:${dia}`;
    const p = this.pending.get(k);
    if (p) p.requisicoes += 1;
    else this.pending.set(k, { chaveId, dia, requisicoes: 1 });
    return { allowed: true, limit, remaining: lease.left + lease.unreserved, resetSeconds, resetAt };
  }

  /** The key's quota as `admit` would report it, without counting a request (for refusals before admission). */
  peek(chaveId: number, limit: number, now = Date.now()): Admission {
    const { dia, end: resetAt } = utcDayOf(now);
    const lease = this.leases.get(`${chaveId}:${dia}`);
    const remaining = lease ? lease.left + lease.unreserved : Math.max(0, limit - this.usedToday(chaveId, now));
    return {
      allowed: remaining > 0,
      limit,
      remaining,
      resetSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
      resetAt,
    };
  }

  private leaseFor(chaveId: number, dia: string, limit: number, now: number): Lease {
    const k = `${chaveId}:${dia}`;
    let lease = this.leases.get(k);
    if (!lease) {
      lease = { chaveId, dia, left: 0, unreserved: limit, exhaustedAt: 0 };
      this.leases.set(k, lease);
    }
    if (lease.left > 0 || now - lease.exhaustedAt < EXHAUSTED_RECHECK_MS) return lease;
    const { granted, unreserved } = this.store.lease(chaveId, dia, limit, MAX_LEASE);
    lease.left = granted;
    lease.unreserved = unreserved;
    lease.exhaustedAt = granted === 0 ? now : 0;
    return lease;
  }

  record(r: UsageRecord, now = Date.now()): void {
    const { dia } = utcDayOf(now);
    const ek = `${r.chaveId} ${dia} ${r.metodo} ${r.rota}`;
    const e = this.endpoints.get(ek);
    if (e) e.requisicoes += 1;
    else this.endpoints.set(ek, { chaveId: r.chaveId, dia, metodo: r.metodo, endpoint: r.rota, requisicoes: 1 });
    let k = this.records.get(r.chaveId);
    if (!k) {
      k = { n: 0, ms: 0, last: [] };
      this.records.set(r.chaveId, k);
    }
    k.n += 1;
    k.ms += r.tempo_resposta_ms;
    k.last.push(r);
    // Older ones would be trimmed right after insertion: never write them.
    if (k.last.length > 2 * RECENT_KEPT) k.last.splice(0, k.last.length - RECENT_KEPT);
  }

  /** Exact count for a key today, including other processes' flushed counts. */
  usedToday(chaveId: number, now = Date.now()): number {
    this.flush();
    const { dia } = utcDayOf(now);
    return this.store.usedOn(chaveId, dia);
  }

  flush(): void {
    const counts = [...this.pending.values()];
    const totals = [...this.records].map(([chaveId, t]) => ({ chaveId, requisicoes: t.n, tempo_total_ms: t.ms }));
    const records = [...this.records.values()].flatMap((t) => t.last.slice(-RECENT_KEPT));
    const endpoints = [...this.endpoints.values()];
    this.pending.clear();
    this.records = new Map();
    this.endpoints = new Map();
    this.dropPastDays();
    if (counts.length === 0 && totals.length === 0) return;
    this.store.add(counts, totals, records, endpoints);
  }

  /** A reservation of a past day is worthless: forget it (its unused part stays reserved, harmlessly). */
  private dropPastDays(now = Date.now()): void {
    const { dia } = utcDayOf(now);
    for (const [k, l] of this.leases) if (l.dia < dia) this.leases.delete(k);
  }
}
