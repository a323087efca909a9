import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { openControlDb } from '../../src/control/database.js';
import { keyFromText, SecretBox, SecretKeyMissingError } from '../../src/control/secret-box.js';
import { openWebhookRegistry } from '../../src/control/webhooks/registry.js';
import { tempDir } from '../helpers/cli.js';
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
  it('are sealed in control.db with the data dir key file (0600) by default, and read back whole', () => {
    const { dir, cleanup } = tempDir('svc-secrets-');
    try {
      const file = path.join(dir, 'control.db');
      const db = openControlDb(file);
      const registry = openWebhookRegistry(db);
      const w = registry.createWebhook(
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
      assert.equal(registry.getWebhookById(w.id)?.secret, SECRET);
      db.close();
      assert.equal(stored(file).includes(SECRET), false, 'the secret is not in the file');
      assert.equal(statSync(path.join(dir, 'secret.key')).mode & 0o777, 0o600);
    } finally {
      cleanup();
    }
  });

  it('a secret stored in plain text before encryption is sealed when the control plane opens', () => {
    const { dir, cleanup } = tempDir('svc-secrets-');
    try {
      const file = path.join(dir, 'control.db');
      const db = openControlDb(file);
      const conta = createAccount(db, 'a', 'pro');
      db.prepare(`INSERT INTO webhooks (conta_id, nome, url, eventos, ativo, secret, criado_em, atualizado_em, evento_seq_inicial)
        VALUES (?, 'old', 'https://example.com/h', '["partida.gol"]', 1, ?, 'x', 'x', 0)`).run(conta, SECRET);
      db.close();
      const again = openControlDb(file);
      const row = again.prepare('SELECT secret FROM webhooks').get() as { secret: string };
      assert.match(row.secret, /^svcenc1:/);
      assert.equal(openWebhookRegistry(again).listWebhooks(conta)[0]?.secret, SECRET);
      again.close();
    } finally {
      cleanup();
    }
  });

  it('rotating the key: configured new key + old key re-seals everything; without the old key it fails clearly', () => {
    const { dir, cleanup } = tempDir('svc-secrets-');
    try {
      const file = path.join(dir, 'control.db');
      const first = loadConfig({}, { SVC_SECRET_KEY: 'first-key-long-enough' }).secretKeys;
      const db = openControlDb(file, { secretKeys: first });
      const conta = createAccount(db, 'a', 'pro');
      openWebhookRegistry(db).createWebhook(
        { contaId: conta, nome: 'x', url: 'https://example.com/h', eventos: ['partida.gol'], secret: SECRET },
        null,
        Date.now(),
      );
      db.close();

      const second = loadConfig(
        {},
        { SVC_SECRET_KEY: 'second-key-long-enough', SVC_SECRET_KEYS_OLD: 'first-key-long-enough' },
      ).secretKeys;
      const rotated = openControlDb(file, { secretKeys: second });
      assert.equal(openWebhookRegistry(rotated).listWebhooks(conta)[0]?.secret, SECRET);
      rotated.close();
      // Every secret now opens with the new key alone.
      const onlyNew = openControlDb(file, {
        secretKeys: loadConfig({}, { SVC_SECRET_KEY: 'second-key-long-enough' }).secretKeys,
      });
      assert.equal(openWebhookRegistry(onlyNew).listWebhooks(conta)[0]?.secret, SECRET);
      onlyNew.close();
      assert.throws(
        () => openControlDb(file, { secretKeys: [keyFromText('a-third-key-never-used')] }),
        SecretKeyMissingError,
      );
    } finally {
      cleanup();
    }
  });

  it('config: one current key only, old keys need a current one, short keys refused', () => {
    assert.throws(
      () => loadConfig({}, { SVC_SECRET_KEY: 'x'.repeat(20), SVC_SECRET_KEY_FILE: '/nope' }),
      /use só um dos dois/,
    );
    assert.throws(() => loadConfig({}, { SVC_SECRET_KEYS_OLD: 'x'.repeat(20) }), /sem uma chave atual/);
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
