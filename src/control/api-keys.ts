import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PREFIX = 'svc_live_';
const RANDOM_CHARS = 32;
/** Visible part: the fixed prefix plus 4 random characters (≈ 24 bits: enough for support, useless to guess). */
const VISIBLE_CHARS = KEY_PREFIX.length + 4;

/** A new API key: `svc_live_` + 32 base62 characters (≈ 190 bits) from the CSPRNG. */
export function generateApiKey(): string {
  let out = KEY_PREFIX;
  for (let i = 0; i < RANDOM_CHARS; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function visiblePrefix(key: string): string {
  return key.slice(0, VISIBLE_CHARS);
}

/** Constant-time comparison of two hex hashes of the same length. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
