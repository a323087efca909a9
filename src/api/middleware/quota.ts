import { ApiError } from '../errors.js';
import { addHeader } from '../headers.js';
import type { RateLimiter } from '../rate-limiter.js';
import type { UsageMeter } from '../usage-meter.js';
import type { RequestCheck } from './admission.js';

const LIMIT_ERROR = 'Limite de requisições';

/**
 * Per-second token bucket, then the daily quota. Every authenticated response carries
 * `RateLimit-Limit/Remaining/Reset` (the daily quota); refusals are 429 with `Retry-After`.
 * `consume: false` (the key's own profile and usage, like GitHub's `/rate_limit`): the daily quota is
 * reported but neither counted nor enforced, so a key at its quota can still see why; the per-second
 * bucket still applies.
 */
export function enforceQuota(usage: UsageMeter, limiter: RateLimiter, consume = true): RequestCheck {
  return (ctx) => {
    const auth = ctx.state.auth;
    const limits = ctx.state.limits;
    if (!auth || !limits) return;
    const wait = limiter.take(auth.keyId, limits.por_segundo);
    if (wait > 0) {
      throw new ApiError(429, LIMIT_ERROR, `Limite de ${limits.por_segundo} requisições por segundo excedido; tente novamente em ${wait} s.`, {
        'Retry-After': String(wait),
      });
    }
    const a = consume ? usage.admit(auth.keyId, limits.requisicoes) : usage.peek(auth.keyId, limits.requisicoes);
    const limit = String(a.limit);
    const remaining = String(a.remaining);
    const reset = String(a.resetSeconds);
    if (!a.allowed) {
      throw new ApiError(
        429,
        LIMIT_ERROR,
        `Cota de ${a.limit} requisições por ${limits.periodo} esgotada; ela é renovada em ${new Date(a.resetAt).toISOString()} (meia-noite UTC).`,
        { 'RateLimit-Limit': limit, 'RateLimit-Remaining': remaining, 'RateLimit-Reset': reset, 'Retry-After': reset },
      );
    }
    addHeader(ctx, 'RateLimit-Limit', limit);
    addHeader(ctx, 'RateLimit-Remaining', remaining);
    addHeader(ctx, 'RateLimit-Reset', reset);
  };
}
