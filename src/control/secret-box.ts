import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';

/** Prefix of a sealed value: `svcenc1:<key id>:<iv>:<tag>:<ciphertext>` (base64url parts). */
const PREFIX = 'svcenc1';

/** A sealed value names a key this process was not given. */
export class SecretKeyMissingError extends Error {
  constructor(keyId: string) {
    super(
      `um segredo de webhook foi cifrado com a chave ${keyId}, que não está configurada (SVC_SECRET_KEY ou SVC_SECRET_KEY_FILE; veja docs/configuration.md)`,
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

/** The id a sealed value names its key by: the first 8 hex digits of the key's SHA-256 (never the key itself). */
export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/** The key id a stored value was sealed with; null for a secret stored in plain text before encryption. */
function sealedKeyId(stored: string): string | null {
  const parts = stored.split(':');
  return parts[0] === PREFIX && parts.length === 5 ? parts[1]! : null;
}

/** The process was given another key than the one the control plane's secrets are sealed under. */
export class SecretKeyMismatchError extends Error {
  constructor(
    readonly needed: string,
    readonly got: string,
    given = 'a chave configurada',
  ) {
    super(
      `os segredos de webhook deste plano de controle estão cifrados com a chave ${needed}, mas ${given} é ${got}; nada foi alterado (confira SVC_SECRET_KEY ou SVC_SECRET_KEY_FILE; para trocar de chave: svc keys rotate-secret-key --old-key-file ARQUIVO)`,
    );
    this.name = 'SecretKeyMismatchError';
  }
}

/**
 * The key ids a control plane's secrets are bound to: the recorded one (`chave_segredos`), else those of the
 * sealed secrets it holds (a control plane from before the record). Empty: nothing sealed, any key may bind it.
 */
function boundKeyIds(recorded: string | null, stored: readonly string[]): string[] {
  if (recorded !== null) return [recorded];
  return [...new Set(stored.map(sealedKeyId).filter((id): id is string => id !== null))].sort();
}

/**
 * Checks, as a process opens the control plane, that the box's current key is the one its secrets are sealed under.
 * Returns whether that binding still has to be recorded (a control plane from before the record). One that holds no
 * sealed secret binds no key: the first secret sealed records it (`checkSealingKey`).
 */
export function checkKeyBinding(box: SecretBox, recorded: string | null, stored: readonly string[]): boolean {
  const bound = boundKeyIds(recorded, stored);
  if (bound.some((id) => id !== box.currentKeyId)) throw new SecretKeyMismatchError(bound.join(', '), box.currentKeyId);
  return recorded === null && bound.length > 0;
}

/** Before a secret is sealed: the recorded key (just recorded when it was the first) must be the box's current one. */
export function checkSealingKey(box: SecretBox, recorded: string | undefined): void {
  if (recorded !== box.currentKeyId) throw new SecretKeyMismatchError(recorded ?? '?', box.currentKeyId);
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
 * Seals webhook secrets at rest (AES-256-GCM). The first key seals; every key opens what it sealed (a second key
 * only while `svc keys rotate-secret-key` seals everything again, or to read a `svc db copy` source). A value
 * without the prefix is a secret stored before encryption.
 */
export class SecretBox {
  private readonly keys: Map<string, Buffer>;
  readonly currentKeyId: string;

  constructor(keys: readonly Buffer[]) {
    if (keys.length === 0) throw new Error('SecretBox needs at least one key');
    this.keys = new Map(keys.map((k) => [keyId(k), k]));
    this.currentKeyId = keyId(keys[0]!);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentKeyId)!, iv);
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [
      PREFIX,
      this.currentKeyId,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      ct.toString('base64url'),
    ].join(':');
  }

  open(stored: string): string {
    const id = sealedKeyId(stored);
    if (id === null) return stored;
    const [, , iv, tag, ct] = stored.split(':') as [string, string, string, string, string];
    const key = this.keys.get(id);
    if (!key) throw new SecretKeyMissingError(id);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Whether a stored value is plain text or sealed with a key other than the current one. */
  resealNeeded(stored: string): boolean {
    return sealedKeyId(stored) !== this.currentKeyId;
  }
}

/** What `svc keys rotate-secret-key` did: from which key id to which, and how many stored secrets it sealed again. */
export interface SecretKeyRotation {
  de: string;
  para: string;
  resselados: number;
}

/**
 * The stored secrets `svc keys rotate-secret-key` seals again with the box's current key (those plain or under
 * another key), each with its new value. Refused when the control plane is bound to neither the old key nor the
 * new one: the old key given is not the one its secrets need.
 */
export function resealForRotation<T extends { v: string }>(
  box: SecretBox,
  oldKeyId: string,
  recorded: string | null,
  stored: readonly T[],
): (T & { sealed: string })[] {
  const bound = boundKeyIds(
    recorded,
    stored.map((r) => r.v),
  );
  if (bound.some((id) => id !== box.currentKeyId && id !== oldKeyId))
    throw new SecretKeyMismatchError(bound.join(', '), oldKeyId, 'a chave de --old-key-file');
  return stored.filter((r) => box.resealNeeded(r.v)).map((r) => ({ ...r, sealed: box.seal(box.open(r.v)) }));
}

/**
 * `svc doctor`: whether `key` can open the control plane's webhook secrets — bound to it and every sealed value
 * decrypting. Null when it can; else the reason, in one line.
 */
export function secretsProblem(
  key: Buffer | undefined,
  recorded: string | null,
  stored: readonly string[],
): string | null {
  const sealed = stored.filter((v) => sealedKeyId(v) !== null);
  if (!key) return sealed.length === 0 ? null : `${sealed.length} segredos cifrados e nenhuma chave configurada`;
  const box = new SecretBox([key]);
  try {
    checkKeyBinding(box, recorded, stored);
    for (const v of sealed) box.open(v);
    return null;
  } catch (err) {
    if (err instanceof SecretKeyMismatchError || err instanceof SecretKeyMissingError) return err.message;
    return `um segredo não abre com a chave ${box.currentKeyId} (${(err as Error).message})`;
  }
}
