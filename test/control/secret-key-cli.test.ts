import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openSqliteControlPlane, type ControlPlane } from '../../src/control/control-plane.js';
import { openPgControlPlane } from '../../src/control/postgres/pg-control-plane.js';
import { keyFromText, keyId } from '../../src/control/secret-box.js';
import type { WebhookRecord } from '../../src/control/webhooks/records.js';
import { DEMO_FIXTURES } from '../kit/fixtures.js';
import { runSvc, SvcProcess } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';
import { createTestDatabase, postgresSkip } from '../kit/postgres.js';
import { Receiver } from '../kit/receiver.js';

const KEY = 'chave-certa-do-plano-de-controle-32';
const WRONG = 'chave-digitada-errada-com-32-chars';
const NEW = 'chave-nova-depois-da-troca-32-chars';
const SECRET = 'whsec_segredo_que_nao_pode_se_perder';
// closedHere collects the statements that keep a closed libsql connection open.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const id = (key: string) => keyId(keyFromText(key));

/**
 * A wrong SVC_SECRET_KEY through the real `svc`: every command refuses before it seals anything, the secrets still
 * sign deliveries with the right key, and only `svc keys rotate-secret-key` with the old key moves them to another.
 */
/**
 * Waits until this process has no descriptor of SQLite file `file` open. libsql's close() leaves the connection open
 * until its prepared statements are collected, and the real close then checkpoints the WAL into the file: a write at
 * a moment of the garbage collector's choosing, which a byte-for-byte check of another process must not see.
 */
async function closedHere(file: string): Promise<void> {
  const open = () =>
    readdirSync('/proc/self/fd').some((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`).startsWith(file);
      } catch {
        return false;
      }
    });
  for (let i = 0; i < 50 && open(); i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.equal(open(), false, `this test process still holds ${file} open`);
}

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`a wrong secret key destroys nothing (${engine}, real bin/svc)`, {
    skip: engine === 'postgres' ? (postgresSkip ?? false) : false,
  }, () => {
    let dir: { dir: string; cleanup: () => void };
    let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
    const receiver = new Receiver();
    let hook: WebhookRecord;

    const env = (key: string): Record<string, string> => ({
      SVC_SECRET_KEY: key,
      ...(database && { SVC_DATABASE_URL: database.url }),
    });
    const svc = (key: string, ...args: string[]) => runSvc([...args, '--data-dir', dir.dir], { env: env(key) });

    async function withControl<T>(key: string, fn: (c: ControlPlane) => Promise<T>): Promise<T> {
      const secretKeys = [keyFromText(key)];
      const control = database
        ? await openPgControlPlane(database.url, { secretKeys })
        : await openSqliteControlPlane(path.join(dir.dir, 'control.db'), { secretKeys });
      try {
        return await fn(control);
      } finally {
        await control.close();
      }
    }

    /** The sealed value as stored, read with the right key's control plane. */
    async function stored(key: string): Promise<string> {
      return withControl(key, async (c) => {
        if ('pg' in c) {
          const { rows } = await (c as { pg: { pool: import('pg').Pool } }).pg.pool.query<{ secret: string }>(
            'SELECT secret FROM webhooks',
          );
          return rows[0]!.secret;
        }
        const { db } = c as ControlPlane & { db: { prepare(s: string): { get(): unknown } } };
        return (db.prepare('SELECT secret FROM webhooks').get() as { secret: string }).secret;
      });
    }

    /** A delivery queued, then sent by a real `svc webhooks run` with `key`: checked against the webhook's secret. */
    async function deliver(key: string): Promise<void> {
      const sent = receiver.requests.length;
      await withControl(key, (c) =>
        c.webhooks.enqueueDelivery(hook, 'partida.gol', '{"n":1}', 'automatica', Date.now()),
      );
      const worker = new SvcProcess(['webhooks', 'run', '--allow-private-urls', '--data-dir', dir.dir], env(key));
      try {
        await Promise.race([
          receiver.waitFor(sent + 1),
          worker.exited.then((e) => {
            throw new Error(`svc webhooks run exited (${JSON.stringify(e)}): ${worker.stderr}`);
          }),
        ]);
      } finally {
        worker.kill('SIGTERM');
        await worker.exited;
      }
      const { headers, body } = receiver.requests[sent]!;
      const signed = createHmac('sha256', SECRET).update(`${headers['x-svc-timestamp']}.${body}`).digest('hex');
      assert.equal(headers['x-svc-assinatura'], `sha256=${signed}`, 'signed with the secret as it was created');
    }

    /** One line on stderr naming the key the secrets need and the one given; exit 2; nothing written. */
    async function refused(r: Promise<{ code: number | null; stderr: string }>, needed: string, got: string) {
      const { code, stderr } = await r;
      assert.equal(code, 2, stderr);
      assert.equal(stderr.split('\n').filter(Boolean).length, 1, stderr);
      assert.match(
        stderr,
        new RegExp(`^svc: .*cifrados com a chave ${needed}, mas a chave .* é ${got}; nada foi alterado`),
      );
    }

    before(async () => {
      dir = tempDir('svc-secret-key-');
      database = engine === 'postgres' ? await createTestDatabase() : undefined;
      const url = await receiver.start();
      const demo = await svc(KEY, 'ingest', DEMO_FIXTURES);
      assert.equal(demo.code, 0, demo.stderr);
      hook = await withControl(KEY, async (c) => {
        const conta = await c.accounts.createAccount('acme', 'enterprise');
        return c.webhooks.createWebhook(
          { contaId: conta.id, nome: 'gols', url, eventos: ['partida.gol'], secret: SECRET },
          null,
          Date.now(),
        );
      });
    });

    after(async () => {
      await receiver.stop();
      dir?.cleanup();
      await database?.drop();
    });

    it('every command with another key refuses in one line; the secrets still sign with the right key', async () => {
      const sealed = await stored(KEY);
      await refused(svc(WRONG, 'keys', 'list'), id(KEY), id(WRONG));
      await refused(svc(WRONG, 'webhooks', 'run', '--allow-private-urls'), id(KEY), id(WRONG));
      await refused(svc(WRONG, 'ingest', DEMO_FIXTURES), id(KEY), id(WRONG));
      const json = await svc(WRONG, 'keys', 'list', '--json');
      assert.deepEqual(
        (JSON.parse(json.stdout) as { erro: { codigo: string; saida: number } }).erro.codigo,
        'uso_invalido',
      );
      assert.equal(await stored(KEY), sealed, 'not sealed again');

      const ingest = await svc(KEY, 'ingest', DEMO_FIXTURES);
      assert.equal(ingest.code, 0, ingest.stderr);
      await deliver(KEY);
    });

    it('rotate-secret-key needs the old key; afterwards the old key is refused and the new one signs', async () => {
      const oldFile = path.join(dir.dir, 'antiga.key');
      const wrongFile = path.join(dir.dir, 'errada.key');
      writeFileSync(oldFile, KEY);
      writeFileSync(wrongFile, WRONG);
      const sealed = await stored(KEY);
      const wrongOld = await svc(NEW, 'keys', 'rotate-secret-key', '--old-key-file', wrongFile);
      assert.equal(wrongOld.code, 2, wrongOld.stderr);
      assert.match(
        wrongOld.stderr,
        new RegExp(`^svc: .*chave ${id(KEY)}, mas a chave de --old-key-file é ${id(WRONG)}`),
      );
      assert.equal(await stored(KEY), sealed, 'a refused rotation changes nothing');

      const rotated = await svc(NEW, 'keys', 'rotate-secret-key', '--old-key-file', oldFile, '--json');
      assert.equal(rotated.code, 0, rotated.stderr);
      assert.deepEqual(JSON.parse(rotated.stdout), { ok: true, de: id(KEY), para: id(NEW), resselados: 1 });

      await refused(svc(KEY, 'keys', 'list'), id(NEW), id(KEY));
      assert.equal((await svc(NEW, 'keys', 'list')).code, 0);
      await deliver(NEW);
    });

    if (engine === 'sqlite')
      it('a data dir on its default key file: a configured key is refused, not sealed over it', async () => {
        const other = tempDir('svc-secret-key-default-');
        try {
          const file = path.join(other.dir, 'control.db');
          const run = (e: Record<string, string>, ...args: string[]) =>
            runSvc([...args, '--data-dir', other.dir], { env: { SVC_SECRET_KEY: '', ...e } });
          const control = await openSqliteControlPlane(file);
          const conta = await control.accounts.createAccount('acme', 'enterprise');
          const w = await control.webhooks.createWebhook(
            { contaId: conta.id, nome: 'gols', url: 'https://example.com/h', eventos: ['partida.gol'], secret: SECRET },
            null,
            Date.now(),
          );
          await control.close();
          const keyFile = path.join(other.dir, 'secret.key');
          const defaultId = keyId(keyFromText(readFileSync(keyFile, 'utf8')));
          await refused(run({ SVC_SECRET_KEY: WRONG }, 'keys', 'list'), defaultId, id(WRONG));
          const again = await openSqliteControlPlane(file);
          assert.equal((await again.webhooks.getWebhookById(w.id))?.secret, SECRET, 'still opens with the key file');
          await again.close();
          const rotated = await run({ SVC_SECRET_KEY: NEW }, 'keys', 'rotate-secret-key', '--old-key-file', keyFile);
          assert.equal(rotated.code, 0, rotated.stderr);
          await refused(run({}, 'keys', 'list'), id(NEW), defaultId);
        } finally {
          other.cleanup();
        }
      });

    if (engine === 'sqlite')
      it('svc db copy never writes its SQLite source, refused or done', { skip: postgresSkip ?? false }, async () => {
        const target = await createTestDatabase();
        try {
          const file = path.join(dir.dir, 'control.db');
          // A read-only open of a WAL database may leave an empty -wal where there was none: no byte of it written.
          const bytes = () =>
            [file, `${file}-wal`].map((f) => (existsSync(f) && statSync(f).size > 0 ? readFileSync(f) : null));
          // The bytes are svc's to keep only once this process holds no connection that could still write them.
          await closedHere(file);
          const before = bytes();
          const copy = (key: string) => svc(key, 'db', 'copy', '--to', target.url, '--json');
          // The source's secrets are sealed with NEW: WRONG cannot open them, and the copy is one transaction.
          const wrong = await copy(WRONG);
          assert.equal(wrong.code, 2, wrong.stderr);
          assert.match(wrong.stderr, new RegExp(`chave ${id(NEW)}, que não está configurada`));
          assert.deepEqual(bytes(), before);
          const done = await copy(NEW);
          assert.equal(done.code, 0, done.stderr);
          assert.deepEqual(bytes(), before, 'the source is byte-identical');
          const control = await openPgControlPlane(target.url, { secretKeys: [keyFromText(NEW)] });
          try {
            assert.equal((await control.webhooks.getWebhookById(hook.id))?.secret, SECRET);
          } finally {
            await control.close();
          }
        } finally {
          await target.drop();
        }
      });
  });
}
