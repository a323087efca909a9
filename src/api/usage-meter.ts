import { systemClock, type Clock } from '../clock.js';
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

/** Bounds of the block of quota one process reserves at once (one control-plane write per block). */
const MIN_LEASE = 100;
const MAX_LEASE = 10_000;
/**
 * A block used up sooner than this asks for twice as much next time, one that lasted longer for half (within the
 * bounds): a busy key costs a control-plane write about every second, not every MIN_LEASE requests, and what a
 * process can strand by crashing stays about a second of the key's requests on it (and, as every block, at most a
 * tenth of what was unreserved: leaseSize).
 */
const LEASE_SPAN_MS = 1_000;
/**
 * The next block is reserved, in the background, once a quarter of the last one is left: requests of a busy key
 * never wait for the control plane (on PostgreSQL a reservation is a transaction of several round trips, and every
 * request of the key waited it out at each block). A process then holds up to two blocks, returned on shutdown.
 * Only after a block of at least MIN_LEASE: leaseSize shrinks blocks to a tenth of what is unreserved, so near the
 * end of a quota processes reserve one small block at a time, and none holds quota ahead that another, refused,
 * could have used.
 */
const REFILL_AT = 1 / 4;
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
  /** The block the next reservation asks for. */
  block: number;
  /** When the last non-empty reservation was answered; 0 once the next block is sized from it (or never granted). */
  grantedAt: number;
  /** `left` at which the next block is reserved ahead (a quarter of the last block granted; -1: none). */
  refillAt: number;
  /** The reservation under way, which concurrent requests of the key wait for. */
  refilling: Promise<void> | null;
}

/** Counts taken out of the meter for one write. */
interface Taken {
  pending: Map<string, QuotaCount>;
  records: Map<number, { n: number; ms: number; last: UsageRecord[] }>;
  endpoints: Map<string, EndpointCount>;
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
  private pending = new Map<string, QuotaCount>();
  /** Finished requests not yet written: totals per key, and only the most recent RECENT_KEPT records each. */
  private records = new Map<number, { n: number; ms: number; last: UsageRecord[] }>();
  /** Finished requests not yet written, per `${chaveId} ${dia} ${metodo} ${rota}`. */
  private endpoints = new Map<string, EndpointCount>();
  private timer: NodeJS.Timeout | null = null;
  /** Writes run one after another, so counts reach the control plane in order and once. */
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: UsageStore,
    private readonly flushMs = 200,
    private readonly onError: (err: unknown) => void = () => {},
    private readonly clock: Clock = systemClock,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.flush().catch(this.onError), this.flushMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
    // A block reserved ahead lands in its lease first, so that it is given back too.
    await Promise.allSettled([...this.leases.values()].map((l) => l.refilling));
    const held = [...this.leases.values()].filter((l) => l.left > 0);
    this.leases.clear();
    await Promise.all(held.map((l) => this.store.release(l.chaveId, l.dia, l.left)));
  }

  /**
   * Counts one request if the key has quota left. Synchronous while this process holds a block of the key's
   * quota (the hot path); a promise when a new block must be reserved in the control plane.
   */
  admit(chaveId: number, limit: number, now = this.clock.now()): Admission | Promise<Admission> {
    const { dia } = utcDayOf(now);
    const lease = this.leaseOf(chaveId, dia, limit);
    if (lease.left > 0 || now - lease.exhaustedAt < EXHAUSTED_RECHECK_MS) return this.take(lease, limit, now);
    return this.admitAfterRefill(lease, limit, now);
  }

  /** The key's quota as `admit` would report it, without counting a request (for refusals before admission). */
  async peek(chaveId: number, limit: number, now = this.clock.now()): Promise<Admission> {
    const { dia, end: resetAt } = utcDayOf(now);
    const lease = this.leases.get(`${chaveId}:${dia}`);
    const remaining = lease ? lease.left + lease.unreserved : Math.max(0, limit - (await this.usedToday(chaveId, now)));
    return {
      allowed: remaining > 0,
      limit,
      remaining,
      resetSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
      resetAt,
    };
  }

  private leaseOf(chaveId: number, dia: string, limit: number): Lease {
    const k = `${chaveId}:${dia}`;
    let lease = this.leases.get(k);
    if (!lease) {
      lease = {
        chaveId,
        dia,
        left: 0,
        unreserved: limit,
        exhaustedAt: 0,
        block: MIN_LEASE,
        grantedAt: 0,
        refillAt: 0,
        refilling: null,
      };
      this.leases.set(k, lease);
    }
    return lease;
  }

  /**
   * Reserves a block (one reservation in flight per key: concurrent requests wait for it). Requests that
   * waited together may use the block up: they reserve again until a reservation comes back empty.
   */
  private async admitAfterRefill(lease: Lease, limit: number, now: number): Promise<Admission> {
    for (;;) {
      await this.refill(lease, limit);
      if (lease.left > 0 || lease.exhaustedAt !== 0) return this.take(lease, limit, now);
    }
  }

  /** The reservation of the key's next block, or the one under way. */
  private refill(lease: Lease, limit: number): Promise<void> {
    lease.refilling ??= this.store
      .lease(lease.chaveId, lease.dia, limit, this.nextBlock(lease))
      .then(({ granted, unreserved }) => {
        const at = this.clock.now();
        lease.left += granted;
        lease.unreserved = unreserved;
        lease.exhaustedAt = granted === 0 ? at : 0;
        if (granted > 0) {
          lease.grantedAt = at;
          lease.refillAt = granted >= MIN_LEASE ? Math.floor(granted * REFILL_AT) : -1;
        }
      })
      .finally(() => {
        lease.refilling = null;
      });
    return lease.refilling;
  }

  /**
   * The block to ask for once the last one runs low: sized so that a block lasts about LEASE_SPAN_MS, once per block
   * granted (a re-check of an exhausted quota, or a retry after a failed reservation, asks for the same again).
   */
  private nextBlock(lease: Lease): number {
    if (lease.grantedAt !== 0) {
      lease.block =
        this.clock.now() - lease.grantedAt < LEASE_SPAN_MS
          ? Math.min(MAX_LEASE, lease.block * 2)
          : Math.max(MIN_LEASE, Math.floor(lease.block / 2));
      lease.grantedAt = 0;
    }
    return lease.block;
  }

  private take(lease: Lease, limit: number, now: number): Admission {
    const { end: resetAt } = utcDayOf(now);
    const resetSeconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
    if (lease.left === 0) return { allowed: false, limit, remaining: 0, resetSeconds, resetAt };
    lease.left -= 1;
    // A failed reservation ahead costs nothing: the request that finds the block empty reserves again (and fails).
    if (lease.left === lease.refillAt && lease.unreserved > 0) this.refill(lease, limit).catch(() => {});
    const k = `${lease.chaveId}:${lease.dia}`;
    const p = this.pending.get(k);
    if (p) p.requisicoes += 1;
    else this.pending.set(k, { chaveId: lease.chaveId, dia: lease.dia, requisicoes: 1 });
    return { allowed: true, limit, remaining: lease.left + lease.unreserved, resetSeconds, resetAt };
  }

  record(r: UsageRecord, now = this.clock.now()): void {
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

  /** Exact count for a key today, including the counts other processes have written (every `flushMs`). */
  async usedToday(chaveId: number, now = this.clock.now()): Promise<number> {
    await this.flush();
    const { dia } = utcDayOf(now);
    return this.store.usedOn(chaveId, dia);
  }

  /** Writes what was counted so far (after any write under way). */
  flush(): Promise<void> {
    const next = this.writes.then(
      () => this.write(),
      () => this.write(),
    );
    this.writes = next;
    return next;
  }

  private async write(): Promise<void> {
    const taken: Taken = { pending: this.pending, records: this.records, endpoints: this.endpoints };
    this.pending = new Map();
    this.records = new Map();
    this.endpoints = new Map();
    this.dropPastDays();
    const counts = [...taken.pending.values()];
    const totals = [...taken.records].map(([chaveId, t]) => ({ chaveId, requisicoes: t.n, tempo_total_ms: t.ms }));
    if (counts.length === 0 && totals.length === 0) return;
    const records = [...taken.records.values()].flatMap((t) => t.last.slice(-RECENT_KEPT));
    try {
      await this.store.add(counts, totals, records, [...taken.endpoints.values()]);
    } catch (err) {
      // The control plane is unreachable (a PostgreSQL restart): keep the counts for the next write.
      this.restore(taken);
      throw err;
    }
  }

  private restore(taken: Taken): void {
    for (const [k, c] of taken.pending) {
      const p = this.pending.get(k);
      if (p) p.requisicoes += c.requisicoes;
      else this.pending.set(k, c);
    }
    for (const [k, e] of taken.endpoints) {
      const now = this.endpoints.get(k);
      if (now) now.requisicoes += e.requisicoes;
      else this.endpoints.set(k, e);
    }
    for (const [chaveId, t] of taken.records) {
      const now = this.records.get(chaveId);
      if (!now) this.records.set(chaveId, t);
      else this.records.set(chaveId, { n: t.n + now.n, ms: t.ms + now.ms, last: [...t.last, ...now.last] });
    }
  }

  /** A reservation of a past day is worthless: forget it (its unused part stays reserved, harmlessly). */
  private dropPastDays(now = this.clock.now()): void {
    const { dia } = utcDayOf(now);
    for (const [k, l] of this.leases) if (l.dia < dia) this.leases.delete(k);
  }
}
