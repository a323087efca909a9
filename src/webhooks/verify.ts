import { systemClock } from '../clock.js';
import { timingSafeEqual } from 'node:crypto';
import { sign } from './signing.js';

/** Receivers accept a timestamp at most this far from their clock, in both directions (docs/webhooks.md). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export interface VerifyInput {
  secret: string;
  /** The raw body bytes exactly as received. */
  body: string | Buffer;
  timestamp: string | undefined;
  signature: string | undefined;
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
  const age = Math.floor((input.nowMs ?? systemClock.now()) / 1000) - Number(timestamp);
  if (Math.abs(age) > tolerance)
    return { ok: false, motivo: `timestamp fora da tolerância de ${tolerance} s (diferença ${age} s)` };
  for (const [secretIndex, secret] of input.secrets.entries()) {
    const expected = Buffer.from(sign(secret, timestamp, input.body));
    for (const [signatureIndex, signature] of input.signatures.entries()) {
      const given = Buffer.from(signature ?? '');
      if (expected.length === given.length && timingSafeEqual(expected, given))
        return { ok: true, secretIndex, signatureIndex };
    }
  }
  return { ok: false, motivo: 'assinatura não confere' };
}
