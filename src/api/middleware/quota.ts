import { ApiError } from '../errors.js';
import type { RateLimiter } from '../rate-limiter.js';
import type { QuotaRefusal } from '../metrics.js';
import type { Admission, UsageMeter } from '../usage-meter.js';
import type { ApiContext } from '../state.js';
import type { RequestCheck } from './admission.js';

const LIMIT_ERROR = 'Limite de requisições';

/**
 * Per-second token bucket, then the daily quota. Every authenticated response carries
 * `RateLimit-Limit/Remaining/Reset` (the daily quota), 429s included; refusals carry `Retry-After`.
 * `consume: false` (the key's own profile and usage, like GitHub's `/rate_limit`): the daily quota is
 * reported but neither counted nor enforced, so a key at its quota can still see why; the per-second
 * bucket still applies. `refused` hears of each 429 (the metrics count them).
 */
export function enforceQuota(
  usage: UsageMeter,
  limiter: RateLimiter,
  consume = true,
  refused: (motivo: QuotaRefusal) => void = () => {},
): RequestCheck {
  return (ctx) => {
    const auth = ctx.state.auth;
    const limits = ctx.state.limits;
    if (!auth || !limits) return;
    const wait = limiter.take(auth.keyId, limits.por_segundo);
    if (wait > 0) {
      refused('por_segundo');
      return usage.peek(auth.keyId, limits.requisicoes).then((a) => {
        throw new ApiError(
          429,
          LIMIT_ERROR,
          `Limite de ${limits.por_segundo} requisições por segundo excedido; tente novamente em ${wait} s.`,
          { ...rateLimitHeaders(a), 'Retry-After': String(wait) },
        );
      });
    }
    if (!consume) return usage.peek(auth.keyId, limits.requisicoes).then((a) => setHeaders(ctx, a));
    const a = usage.admit(auth.keyId, limits.requisicoes);
    // A block of quota in hand answers at once; a new block is reserved in the control plane first.
    if (a instanceof Promise) return a.then(admitted);
    admitted(a);

    function admitted(a: Admission): void {
      if (!a.allowed) {
        refused('cota_diaria');
        const headers = rateLimitHeaders(a);
        throw new ApiError(
          429,
          LIMIT_ERROR,
          `Cota de ${a.limit} requisições por ${limits!.periodo} esgotada; ela é renovada em ${new Date(a.resetAt).toISOString()} (meia-noite UTC).`,
          { ...headers, 'Retry-After': headers['RateLimit-Reset'] },
        );
      }
      setHeaders(ctx, a);
    }
  };
}

function setHeaders(ctx: ApiContext, a: Admission): void {
  for (const [name, value] of Object.entries(rateLimitHeaders(a))) ctx.addHeader(name, value);
}

function rateLimitHeaders(a: Admission): Record<'RateLimit-Limit' | 'RateLimit-Remaining' | 'RateLimit-Reset', string> {
  return {
    'RateLimit-Limit': String(a.limit),
    'RateLimit-Remaining': String(a.remaining),
    'RateLimit-Reset': String(a.resetSeconds),
  };
}
