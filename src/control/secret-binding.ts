import { nowDate } from '../clock.js';
import { schemaOf } from './migrate.js';
import type { SchemaState } from './schema-version.js';
import {
  checkKeyBinding,
  checkSealingKey,
  keyId,
  resealForRotation,
  SecretBox,
  secretsProblem,
  type SecretKeyRotation,
} from './secret-box.js';
import { sql, type ControlQuery, type ControlSql } from './sql/control-sql.js';
import { lockTable } from './sql/dialect.js';

/**
 * The key a control plane's webhook secrets are sealed with (`chave_segredos`), on either engine: checked as it
 * opens, recorded with the first secret sealed, changed only by `svc keys rotate-secret-key`.
 */

/** A stored webhook secret (current or previous), as `svc keys rotate-secret-key` seals it again. */
interface StoredSecret {
  id: number;
  coluna: 'secret' | 'segredo_anterior';
  v: string;
}

async function storedSecrets(q: ControlQuery): Promise<StoredSecret[]> {
  return q
    .selectFrom('webhooks')
    .select(['id', sql<StoredSecret['coluna']>`'secret'`.as('coluna'), 'secret as v'])
    .unionAll(
      q
        .selectFrom('webhooks')
        .select(['id', sql<StoredSecret['coluna']>`'segredo_anterior'`.as('coluna'), 'segredo_anterior as v'])
        .where('segredo_anterior', 'is not', null)
        .$narrowType<{ v: string }>(),
    )
    .execute();
}

async function recordedKeyId(q: ControlQuery): Promise<string | null> {
  return (await q.selectFrom('chave_segredos').select('chave_id').executeTakeFirst())?.chave_id ?? null;
}

async function recordKeyId(tx: ControlQuery, id: string): Promise<void> {
  await tx
    .insertInto('chave_segredos')
    .values({ id: 1, chave_id: id, definida_em: nowDate().toISOString() })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        chave_id: eb.ref('excluded.chave_id'),
        definida_em: eb.ref('excluded.definida_em'),
      })),
    )
    .execute();
}

/**
 * As a process opens the control plane: its current key must be the one the secrets are sealed under
 * (`SecretKeyMismatchError` otherwise, nothing written). A control plane from before the record gets it now.
 */
export async function bindSecretKey(control: ControlSql, box: SecretBox): Promise<void> {
  const check = async (q: ControlQuery) =>
    checkKeyBinding(
      box,
      await recordedKeyId(q),
      (await storedSecrets(q)).map((r) => r.v),
    );
  if (!(await check(control.db))) return;
  // Checked again under the lock: two processes binding a control plane with different keys.
  await control.write(async (tx) => {
    await lockTable(tx, control.engine, 'chave_segredos');
    if (await check(tx)) await recordKeyId(tx, box.currentKeyId);
  });
}

/**
 * Seals a webhook secret with the box's current key, which the control plane is then bound to: the first secret
 * records it; any later one is refused under another key (a process started before a rotation, or before the first
 * secret). `q` is the caller's transaction when it has one.
 */
export async function sealSecret(q: ControlQuery, box: SecretBox, plain: string): Promise<string> {
  await q
    .insertInto('chave_segredos')
    .values({ id: 1, chave_id: box.currentKeyId, definida_em: nowDate().toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  checkSealingKey(box, (await recordedKeyId(q)) ?? undefined);
  return box.seal(plain);
}

/**
 * `svc keys rotate-secret-key`: seals every webhook secret (plain ones too) with `newKey` and binds the control plane
 * to it, in one transaction. Refused unless it is bound to `oldKey` (or already to `newKey`: running it twice is
 * harmless).
 */
export async function rotateSecretKey(control: ControlSql, newKey: Buffer, oldKey: Buffer): Promise<SecretKeyRotation> {
  const box = new SecretBox([newKey, oldKey]);
  return control.write(async (tx) => {
    await lockTable(tx, control.engine, 'chave_segredos');
    // No node seals a secret with the old key while they are sealed again.
    await lockTable(tx, control.engine, 'webhooks');
    const resealed = resealForRotation(box, keyId(oldKey), await recordedKeyId(tx), await storedSecrets(tx));
    for (const r of resealed)
      await tx
        .updateTable('webhooks')
        .set({ [r.coluna]: r.sealed })
        .where('id', '=', r.id)
        .execute();
    await recordKeyId(tx, box.currentKeyId);
    return { de: keyId(oldKey), para: box.currentKeyId, resselados: resealed.length };
  });
}

/** What `svc doctor` reads of a control plane: never migrated, bound or written. */
export interface ControlInspection {
  schema: SchemaState;
  secrets: number;
  keyProblem: string | null;
}

/** Reads a control plane's schema and whether `key` opens its webhook secrets (not asked of one behind or ahead). */
export async function inspectControl(control: ControlSql, key: Buffer | undefined): Promise<ControlInspection> {
  const schema = await schemaOf(control);
  if (schema.pending.length > 0 || schema.unknown.length > 0) return { schema, secrets: 0, keyProblem: null };
  const stored = (await storedSecrets(control.db)).map((r) => r.v);
  return { schema, secrets: stored.length, keyProblem: secretsProblem(key, await recordedKeyId(control.db), stored) };
}
