import { systemClock, type Clock } from '../clock.js';

/**
 * Per-key token bucket: `rate` tokens per second, bursts up to `rate`. In memory, per process — it
 * smooths bursts; the daily quota is the contract and is shared through the control plane.
 */
export class RateLimiter {
  private readonly buckets = new Map<number, { tokens: number; at: number }>();

  constructor(private readonly clock: Clock = systemClock) {}

  /** Takes one token; returns 0 when allowed, else the seconds to wait for the next token. */
  take(chaveId: number, rate: number, nowMs = this.clock.now()): number {
    const b = this.buckets.get(chaveId) ?? { tokens: rate, at: nowMs };
    b.tokens = Math.min(rate, b.tokens + ((nowMs - b.at) / 1000) * rate);
    b.at = nowMs;
    this.buckets.set(chaveId, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / rate));
  }
}
