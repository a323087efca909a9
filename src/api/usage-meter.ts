import type { QuotaCount, UsageRecord, UsageStore } from '../control/usage-store.js';

export interface Admission {
  allowed: boolean;
  limit: number;
  /** Requests left in the period after this one. */
  remaining: number;
  /** Seconds until the period resets (next UTC midnight). */
  resetSeconds: number;
  resetAt: Date;
}

/** The quota period: a UTC day. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/**
 * Counts requests against the daily quota and records usage without making a request wait on disk:
 * admissions and finished requests accumulate in memory and are written in one SQLite transaction every
 * `flushMs` (and on shutdown). The quota is checked against persisted + pending, and each flush reads
 * back the stored total, so counts added by other `svc serve` processes are seen within one interval.
 */
export class UsageMeter {
  /** `${chaveId}:${dia}` → stored count as of the last read or flush. */
  private readonly stored = new Map<string, number>();
  private readonly pending = new Map<string, QuotaCount>();
  private records: UsageRecord[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly store: UsageStore, private readonly flushMs = 200) {}

  start(): void {
    this.timer = setInterval(() => this.flush(), this.flushMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.flush();
  }

  /** Counts one request if the key has quota left. */
  admit(chaveId: number, limit: number, now = new Date()): Admission {
    const dia = utcDay(now);
    const k = `${chaveId}:${dia}`;
    const used = this.storedCount(k, chaveId, dia) + (this.pending.get(k)?.requisicoes ?? 0);
    const resetAt = nextUtcMidnight(now);
    const resetSeconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
    if (used >= limit) return { allowed: false, limit, remaining: 0, resetSeconds, resetAt };
    const p = this.pending.get(k);
    if (p) p.requisicoes += 1;
    else this.pending.set(k, { chaveId, dia, requisicoes: 1 });
    return { allowed: true, limit, remaining: Math.max(0, limit - used - 1), resetSeconds, resetAt };
  }

  record(r: UsageRecord): void {
    this.records.push(r);
  }

  /** Exact count for a key today, including other processes' flushed counts. */
  usedToday(chaveId: number, now = new Date()): number {
    this.flush();
    const dia = utcDay(now);
    const n = this.store.usedOn(chaveId, dia);
    this.stored.set(`${chaveId}:${dia}`, n);
    return n;
  }

  flush(): void {
    const counts = [...this.pending.values()];
    const records = this.records;
    this.pending.clear();
    this.records = [];
    // Forget what we knew of other keys' counts: the next request of each re-reads it, so what other
    // processes added is seen within one interval.
    this.stored.clear();
    if (counts.length === 0 && records.length === 0) return;
    for (const t of this.store.add(counts, records)) this.stored.set(`${t.chaveId}:${t.dia}`, t.requisicoes);
  }

  private storedCount(k: string, chaveId: number, dia: string): number {
    let n = this.stored.get(k);
    if (n === undefined) {
      n = this.store.usedOn(chaveId, dia);
      this.stored.set(k, n);
    }
    return n;
  }
}
