import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';

/** Prefix of a sealed value: `svcenc1:<key id>:<iv>:<tag>:<ciphertext>` (base64url parts). */
const PREFIX = 'svcenc1';

/** A sealed value names a key this process was not given. */
export class SecretKeyMissingError extends Error {
  constructor(keyId: string) {
    super(
      `um segredo de webhook foi cifrado com a chave ${keyId}, que não está configurada (SVC_SECRET_KEY, SVC_SECRET_KEY_FILE ou SVC_SECRET_KEYS_OLD; veja docs/configuration.md)`,
    );
    this.name = 'SecretKeyMissingError';
  }
}

/** Key text as configured: 64 hex digits or base64 of 32 bytes are the key itself; anything else is a passphrase. */
export function keyFromText(text: string): Buffer {
  const t = text.trim();
  if (/^[0-9a-f]{64}$/i.test(t)) return Buffer.from(t, 'hex');
  const b64 = Buffer.from(t, 'base64');
  if (b64.length === 32 && /^[A-Za-z0-9+/_-]+={0,2}$/.test(t)) return b64;
  return createHash('sha256').update(t, 'utf8').digest();
}

function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/**
 * Reads the key file, creating it (32 random bytes as hex, mode 0600, O_EXCL so two processes starting
 * together agree) when absent: the embedded default keeps secrets encrypted with no setup.
 */
export function keyFile(file: string): Buffer {
  try {
    return keyFromText(readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  try {
    const fd = openSync(file, 'wx', 0o600);
    try {
      writeSync(fd, `${randomBytes(32).toString('hex')}\n`);
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return keyFromText(readFileSync(file, 'utf8'));
}

/**
 * Seals webhook secrets at rest (AES-256-GCM). The first key seals; every key opens what it sealed, so a key
 * is rotated by configuring the new one first and the old one among the previous keys until every secret has
 * been sealed again (`resealNeeded`). A value without the prefix is a secret stored before encryption.
 */
export class SecretBox {
  private readonly keys: Map<string, Buffer>;
  private readonly currentId: string;

  constructor(keys: readonly Buffer[]) {
    if (keys.length === 0) throw new Error('SecretBox needs at least one key');
    this.keys = new Map(keys.map((k) => [keyId(k), k]));
    this.currentId = keyId(keys[0]!);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentId)!, iv);
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [
      PREFIX,
      this.currentId,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      ct.toString('base64url'),
    ].join(':');
  }

  open(stored: string): string {
    const parts = stored.split(':');
    if (parts[0] !== PREFIX || parts.length !== 5) return stored;
    const [, id, iv, tag, ct] = parts as [string, string, string, string, string];
    const key = this.keys.get(id);
    if (!key) throw new SecretKeyMissingError(id);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Whether a stored value is plain text or sealed with a key other than the current one. */
  resealNeeded(stored: string): boolean {
    return !stored.startsWith(`${PREFIX}:${this.currentId}:`);
  }
}
