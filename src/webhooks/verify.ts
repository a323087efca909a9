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
  const { timestamp, signature } = input;
  if (!timestamp || !/^\d+$/.test(timestamp)) return { ok: false, motivo: 'X-SVC-Timestamp ausente ou inválido' };
  if (!signature) return { ok: false, motivo: 'X-SVC-Assinatura ausente' };
  const tolerance = input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const age = Math.floor((input.nowMs ?? systemClock.now()) / 1000) - Number(timestamp);
  if (Math.abs(age) > tolerance)
    return { ok: false, motivo: `timestamp fora da tolerância de ${tolerance} s (diferença ${age} s)` };
  const expected = Buffer.from(sign(input.secret, timestamp, input.body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, motivo: 'assinatura não confere' };
  return { ok: true };
}
