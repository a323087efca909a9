import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { openControlDb, rotateSecretKey } from '../../src/control/database.js';
import { keyFile, keyFromText, keyId, SecretBox, SecretKeyMismatchError } from '../../src/control/secret-box.js';
import { sqliteControlPlane } from '../../src/control/control-plane.js';
import { tempDir } from '../kit/dirs.js';
import { createAccount } from '../webhooks/helpers.js';

const SECRET = 'whsec_this_must_never_be_stored_in_clear';

/** The bytes of control.db and its WAL, as a backup or a stolen copy would hold them. */
function stored(file: string): string {
  let text = readFileSync(file).toString('latin1');
  try {
    text += readFileSync(`${file}-wal`).toString('latin1');
  } catch {
    // no WAL
  }
  return text;
}

describe('webhook secrets at rest', () => {
  it('are sealed in control.db with the data dir key file (0600) by default, and read back whole', async () => {
    const { dir, cleanup } = tempDir('svc-secrets-');
    try {
      const file = path.join(dir, 'control.db');
      const db = await openControlDb(file);
      const registry = sqliteControlPlane(db).webhooks;
      const w = await registry.createWebhook(
        {
          contaId: createAccount(db, 'a', 'pro'),
          nome: 'x',
          url: 'https://example.com/h',
          eventos: ['partida.gol'],
          secret: SECRET,
        },
        null,
        Date.now(),
      );
      assert.equal((await registry.getWebhookById(w.id))?.secret, SECRET);
      db.close();
      assert.equal(stored(file).includes(SECRET), false, 'the secret is not in the file');
      assert.equal(statSync(path.join(dir, 'secret.key')).mode & 0o777, 0o600);
    } finally {
      cleanup();
    }
  });

  it('a secret stored in plain text before encryption is read as it is, and sealed only by the rotation', async () => {
    const { dir, cleanup } = tempDir('svc-secrets-');
    try {
      const file = path.join(dir, 'control.db');
      const db = await openControlDb(file);
      const conta = createAccount(db, 'a', 'pro');
      db.prepare(`INSERT INTO webhooks (conta_id, nome, url, eventos, ativo, secret, criado_em, atualizado_em, evento_seq_inicial)
        VALUES (?, 'old', 'https://example.com/h', '["partida.gol"]', 1, ?, 'x', 'x', 0)`).run(conta, SECRET);
      db.close();
      const again = await openControlDb(file);
      assert.equal((again.prepare('SELECT secret FROM webhooks').get() as { secret: string }).secret, SECRET);
      assert.equal((await sqliteControlPlane(again).webhooks.listWebhooks(conta))[0]?.secret, SECRET);
      again.close();
      const key = keyFile(path.join(dir, 'secret.key'));
      assert.deepEqual(await rotateSecretKey(file, key, key), { de: keyId(key), para: keyId(key), resselados: 1 });
      const sealed = await openControlDb(file);
      assert.match((sealed.prepare('SELECT secret FROM webhooks').get() as { secret: string }).secret, /^svcenc1:/);
      assert.equal((await sqliteControlPlane(sealed).webhooks.listWebhooks(conta))[0]?.secret, SECRET);
      sealed.close();
    } finally {
      cleanup();
    }
  });

  it('another key is refused before anything is sealed; the rotation needs the old key and moves the binding', async () => {
    const { dir, cleanup } = tempDir('svc-secrets-');
    try {
      const file = path.join(dir, 'control.db');
      const [first, second] = [keyFromText('first-key-long-enough'), keyFromText('second-key-long-enough')];
      const db = await openControlDb(file, { secretKeys: [first] });
      const conta = createAccount(db, 'a', 'pro');
      await sqliteControlPlane(db).webhooks.createWebhook(
        { contaId: conta, nome: 'x', url: 'https://example.com/h', eventos: ['partida.gol'], secret: SECRET },
        null,
        Date.now(),
      );
      db.close();
      const before = readFileSync(file);
      await assert.rejects(
        openControlDb(file, { secretKeys: [second] }),
        (err: unknown) =>
          err instanceof SecretKeyMismatchError && err.needed === keyId(first) && err.got === keyId(second),
      );
      // The data dir's key file (the default) is another key too.
      await assert.rejects(openControlDb(file), SecretKeyMismatchError);
      assert.deepEqual(readFileSync(file), before, 'nothing written');

      // The rotation from a key the secrets are not sealed with is refused too.
      await assert.rejects(
        rotateSecretKey(file, second, keyFromText('a-third-key-never-used')),
        SecretKeyMismatchError,
      );
      assert.deepEqual(await rotateSecretKey(file, second, first), {
        de: keyId(first),
        para: keyId(second),
        resselados: 1,
      });
      const rotated = await openControlDb(file, { secretKeys: [second] });
      assert.equal((await sqliteControlPlane(rotated).webhooks.listWebhooks(conta))[0]?.secret, SECRET);
      rotated.close();
      await assert.rejects(openControlDb(file, { secretKeys: [first] }), SecretKeyMismatchError);
    } finally {
      cleanup();
    }
  });

  it('a control plane from before the binding is bound to the key of its sealed secrets', async () => {
    const { dir, cleanup } = tempDir('svc-secrets-');
    try {
      const file = path.join(dir, 'control.db');
      const key = keyFromText('first-key-long-enough');
      const db = await openControlDb(file, { secretKeys: [key] });
      const conta = createAccount(db, 'a', 'pro');
      await sqliteControlPlane(db).webhooks.createWebhook(
        { contaId: conta, nome: 'x', url: 'https://example.com/h', eventos: ['partida.gol'], secret: SECRET },
        null,
        Date.now(),
      );
      db.exec('DELETE FROM chave_segredos');
      db.close();
      await assert.rejects(openControlDb(file, { secretKeys: [keyFromText('second-key-long-enough')] }), {
        name: 'SecretKeyMismatchError',
      });
      (await openControlDb(file, { secretKeys: [key] })).close();
      const bound = await openControlDb(file, { secretKeys: [key] });
      assert.equal(
        (bound.prepare('SELECT chave_id FROM chave_segredos').get() as { chave_id: string }).chave_id,
        keyId(key),
      );
      bound.close();
    } finally {
      cleanup();
    }
  });

  it('config: one current key only, old keys no longer read, short keys refused', () => {
    assert.throws(
      () => loadConfig({}, { SVC_SECRET_KEY: 'x'.repeat(20), SVC_SECRET_KEY_FILE: '/nope' }),
      /use só um dos dois/,
    );
    assert.throws(
      () => loadConfig({}, { SVC_SECRET_KEY: 'y'.repeat(20), SVC_SECRET_KEYS_OLD: 'x'.repeat(20) }),
      /SVC_SECRET_KEYS_OLD não é mais lida: para trocar a chave rode svc keys rotate-secret-key/,
    );
    assert.throws(() => loadConfig({}, { SVC_SECRET_KEY: 'short' }), /ao menos 16 caracteres/);
    assert.throws(
      () => loadConfig({}, { SVC_SECRET_KEY_FILE: '/nonexistent/key' }),
      /SVC_SECRET_KEY_FILE \/nonexistent\/key: ENOENT/,
    );
    const box = new SecretBox([keyFromText('a'.repeat(64))]);
    assert.notEqual(box.seal('s'), box.seal('s'), 'a fresh IV per seal');
    assert.equal(box.open(box.seal('s')), 's');
  });
});
