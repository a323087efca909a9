/**
 * Verifies a webhook delivery on the receiver (Node): `X-SVC-Assinatura` is `sha256=` + hex HMAC-SHA256 of
 * `X-SVC-Timestamp` + "." + the raw body, with the webhook's secret; the timestamp must be within the tolerance.
 *
 *   const v = verifyDelivery({ secret, body: rawBody, timestamp: req.headers['x-svc-timestamp'], signature: req.headers['x-svc-assinatura'] });
 *   if (v.ok) { const evento = JSON.parse(rawBody) as WebhookEvento; … }
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Receivers accept a timestamp at most this far from their clock, in both directions. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export interface VerifyInput {
  secret: string;
  /** The raw body bytes exactly as received, before any JSON parsing. */
  body: string | Uint8Array;
  timestamp: string | undefined;
  signature: string | undefined;
  /** Now, in ms since the epoch; default Date.now(). */
  nowMs?: number;
  toleranceSeconds?: number;
}

export type VerifyResult = { ok: true } | { ok: false; motivo: string };

/** Checks a delivery's `X-SVC-Assinatura` (constant-time) and `X-SVC-Timestamp` age. */
export function verifyDelivery(input: VerifyInput): VerifyResult {
  const r = verifyAny({ ...input, secrets: [input.secret], signatures: [input.signature] });
  return r.ok ? { ok: true } : r;
}

export interface VerifyAnyInput extends Omit<VerifyInput, 'secret' | 'signature'> {
  /** Every secret the receiver accepts now: during a rotation's overlap, the new one and the previous one. */
  secrets: readonly string[];
  /** `X-SVC-Assinatura`, then `X-SVC-Assinatura-Anterior` (present during an overlap). */
  signatures: readonly (string | undefined)[];
}

export type VerifyAnyResult = { ok: true; secretIndex: number; signatureIndex: number } | { ok: false; motivo: string };

/** Accepts a delivery when any given signature verifies with any given secret; says which pair matched. */
export function verifyAny(input: VerifyAnyInput): VerifyAnyResult {
  const { timestamp } = input;
  if (!timestamp || !/^\d+$/.test(timestamp)) return { ok: false, motivo: 'X-SVC-Timestamp ausente ou inválido' };
  if (!input.signatures[0]) return { ok: false, motivo: 'X-SVC-Assinatura ausente' };
  const tolerance = input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const age = Math.floor((input.nowMs ?? Date.now()) / 1000) - Number(timestamp);
  if (Math.abs(age) > tolerance)
    return { ok: false, motivo: `timestamp fora da tolerância de ${tolerance} s (diferença ${age} s)` };
  for (const [secretIndex, secret] of input.secrets.entries()) {
    const hmac = createHmac('sha256', secret).update(`${timestamp}.`).update(input.body).digest('hex');
    const expected = Buffer.from(`sha256=${hmac}`);
    for (const [signatureIndex, signature] of input.signatures.entries()) {
      const given = Buffer.from(signature ?? '');
      if (expected.length === given.length && timingSafeEqual(expected, given))
        return { ok: true, secretIndex, signatureIndex };
    }
  }
  return { ok: false, motivo: 'assinatura não confere' };
}
