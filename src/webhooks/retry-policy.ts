/** Attempts per delivery (docs/webhooks.md, "Delivery rules"). */
export const MAX_ATTEMPTS = 8;

/** Wait before attempt 2, 3, … 8: +10 s, +1 min, +5 min, +30 min, +1 h, +1 h, +1 h. */
export const RETRY_DELAYS_MS: readonly number[] = [10e3, 60e3, 300e3, 1800e3, 3600e3, 3600e3, 3600e3];

const JITTER = 0.1;

export type AttemptOutcome =
  | { kind: 'entregue' }
  | { kind: 'retentar'; delayMs: number }
  | { kind: 'falhou'; motivo: string };

export interface AttemptFacts {
  /** Number of the attempt that just ended (1-based). */
  numero: number;
  /** HTTP status, or null when no response came (timeout, connection failure). */
  statusCode: number | null;
  retryAfter: string | null;
  /** Why there was no response, or why the attempt was refused before sending. */
  erro: string | null;
  /** Attempts this delivery may have (MAX_ATTEMPTS; a test delivery has one). */
  maxAttempts?: number;
  /** The URL guard refused the address: permanent whatever else happened. */
  bloqueada: boolean;
  nowMs: number;
  /** [0, 1): jitter source. */
  random: () => number;
}

/** Temporary failures: retried. Every other non-2xx (3xx included, redirects are never followed) is permanent. */
function isTemporary(status: number | null): boolean {
  return status === null || status >= 500 || status === 408 || status === 429;
}

export function decide(f: AttemptFacts): AttemptOutcome {
  if (f.bloqueada) return { kind: 'falhou', motivo: f.erro ?? 'URL bloqueada' };
  if (f.statusCode !== null && f.statusCode >= 200 && f.statusCode < 300) return { kind: 'entregue' };
  const motivo = f.statusCode !== null ? `HTTP ${f.statusCode}` : (f.erro ?? 'sem resposta');
  if (!isTemporary(f.statusCode)) return { kind: 'falhou', motivo };
  const base = RETRY_DELAYS_MS[f.numero - 1];
  const max = f.maxAttempts ?? MAX_ATTEMPTS;
  if (f.numero >= max || base === undefined)
    return { kind: 'falhou', motivo: `${motivo} (${max === 1 ? 'tentativa única' : `${max} tentativas esgotadas`})` };
  const asked = parseRetryAfter(f.retryAfter, f.nowMs);
  // Retry-After is honoured but bounded, so a receiver can slow us down, not stall or hammer us.
  if (asked !== null) return { kind: 'retentar', delayMs: Math.min(4 * base, Math.max(base, asked)) };
  return { kind: 'retentar', delayMs: Math.round(base * (1 - JITTER + 2 * JITTER * f.random())) };
}

/** `Retry-After` as seconds or an HTTP date, in ms from now; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}
