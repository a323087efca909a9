import { systemClock } from '../clock.js';
import {
  verifyAny as verifyAnyAt,
  verifyDelivery as verify,
  type VerifyAnyInput,
  type VerifyAnyResult,
  type VerifyInput,
  type VerifyResult,
} from '../../clients/typescript/webhooks.js';

// The receivers' check lives in the client package (customers install it); `svc webhooks listen` uses it as is.
export {
  DEFAULT_TOLERANCE_SECONDS,
  type VerifyAnyInput,
  type VerifyAnyResult,
  type VerifyInput,
  type VerifyResult,
} from '../../clients/typescript/webhooks.js';

/** Checks a delivery's `X-SVC-Assinatura` (constant-time) and `X-SVC-Timestamp` age, on the product's clock. */
export function verifyDelivery(input: VerifyInput): VerifyResult {
  return verify({ nowMs: systemClock.now(), ...input });
}

/** Any of the signatures with any of the secrets (a rotation's overlap), on the product's clock. */
export function verifyAny(input: VerifyAnyInput): VerifyAnyResult {
  return verifyAnyAt({ nowMs: systemClock.now(), ...input });
}
