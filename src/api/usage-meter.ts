import { RECENT_KEPT, type QuotaCount, type UsageRecord, type UsageStore } from '../control/usage-store.js';
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
  /** Finished requests not yet written: totals per key, and only the most recent RECENT_KEPT records each. */
  private records = new Map<number, { n: number; ms: number; last: UsageRecord[] }>();
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
  admit(chaveId: number, limit: number, now = Date.now()): Admission {
    const { dia, end: resetAt } = utcDayOf(now);
    const k = `${chaveId}:${dia}`;
    const p = this.pending.get(k);
    const used = this.storedCount(k, chaveId, dia) + (p?.requisicoes ?? 0);
    const resetSeconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
    if (used >= limit) return { allowed: false, limit, remaining: 0, resetSeconds, resetAt };
    if (p) p.requisicoes += 1;
    else this.pending.set(k, { chaveId, dia, requisicoes: 1 });
    return { allowed: true, limit, remaining: Math.max(0, limit - used - 1), resetSeconds, resetAt };
  }

  /** The quota as it stands, counting nothing: the self-inspection endpoints answer even at quota. */
  peek(chaveId: number, limit: number, now = Date.now()): Admission {
    const { dia, end: resetAt } = utcDayOf(now);
    const k = `${chaveId}:${dia}`;
    const used = this.storedCount(k, chaveId, dia) + (this.pending.get(k)?.requisicoes ?? 0);
    const resetSeconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
    return { allowed: true, limit, remaining: Math.max(0, limit - used), resetSeconds, resetAt };
  }

  record(r: UsageRecord): void {
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
    const n = this.store.usedOn(chaveId, dia);
    this.stored.set(`${chaveId}:${dia}`, n);
    return n;
  }

  flush(): void {
    const counts = [...this.pending.values()];
    const totals = [...this.records].map(([chaveId, t]) => ({ chaveId, requisicoes: t.n, tempo_total_ms: t.ms }));
    const records = [...this.records.values()].flatMap((t) => t.last.slice(-RECENT_KEPT));
    this.pending.clear();
    this.records = new Map();
    // Forget what we knew of other keys' counts: the next request of each re-reads it, so what other
    // processes added is seen within one interval.
    this.stored.clear();
    if (counts.length === 0 && totals.length === 0) return;
    for (const t of this.store.add(counts, totals, records)) this.stored.set(`${t.chaveId}:${t.dia}`, t.requisicoes);
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
