import assert from 'node:assert/strict';
import { sqliteSql } from '../../src/control/sql/control-sql.js';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { accountsStoreOn } from '../../src/control/accounts-store.js';
import { openControlDb } from '../../src/control/database.js';
import { countersOn } from '../../src/control/counters.js';
import { openPgControl } from '../../src/control/postgres/pg-control.js';
import { postgresSql } from '../../src/control/sql/control-sql.js';
import { sqliteControlPlane } from '../../src/control/control-plane.js';
import { keyFromText } from '../../src/control/secret-box.js';
import { KNOWN_MIGRATIONS } from '../../src/control/schema-version.js';
import { runSvc } from '../kit/svc.js';
import { createTestDatabase, postgresSkip } from '../kit/postgres.js';

const SVC_SECRET_KEY = 'chave-de-teste-com-mais-de-16-caracteres';

describe('svc db migrate and svc db copy (real PostgreSQL, real bin/svc)', { skip: postgresSkip ?? false }, () => {
  let dir: string;
  let database: { url: string; drop(): Promise<void> };
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'svc-db-'));
    database = await createTestDatabase();
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  });

  it('two migrates started together apply the schema once (advisory lock)', async () => {
    const env = { SVC_DATABASE_URL: database.url, SVC_SECRET_KEY };
    const runs = await Promise.all([
      runSvc(['db', 'migrate', '--json'], { env }),
      runSvc(['db', 'migrate', '--json'], { env }),
    ]);
    for (const r of runs) assert.equal(r.code, 0, r.stderr);
    const control = await openPgControl(database.url, { secretKeys: [keyFromText(SVC_SECRET_KEY)] });
    try {
      const { rows } = await control.pool.query<{ nome: string }>('SELECT nome FROM schema_migrations ORDER BY nome');
      assert.deepEqual(
        rows.map((r) => r.nome),
        [...KNOWN_MIGRATIONS.postgres],
        'each file once',
      );
    } finally {
      await control.close();
    }
  });

  it('copies a SQLite control plane: keys keep working, secrets re-sealed, counters and ids carry on', async () => {
    const dataDir = path.join(dir, 'data');
    const sqlite = await openControlDb(path.join(dataDir, 'control.db'));
    const cp = sqliteControlPlane(sqlite);
    const accounts = cp.accounts;
    const acme = await accounts.createAccount('acme', 'pro');
    const { key } = await accounts.createKey(acme.id, 'prod');
    await cp.webhooks.createWebhook(
      { contaId: acme.id, nome: 'gols', url: 'https://example.com/h', eventos: ['partida.gol'], secret: 'whsec_abc' },
      null,
      Date.now(),
    );
    await countersOn(sqliteSql(sqlite).db).reserve('evento_seq', 41);
    sqlite.close();

    const r = await runSvc(['db', 'copy', '--data-dir', dataDir, '--to', database.url, '--json'], {
      env: { SVC_SECRET_KEY },
    });
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { linhas: Record<string, number> };
    assert.equal(out.linhas.contas, 1);
    assert.equal(out.linhas.webhooks, 1);

    const control = await openPgControl(database.url, { secretKeys: [keyFromText(SVC_SECRET_KEY)] });
    try {
      const pgAccounts = accountsStoreOn(postgresSql(control.pool));
      assert.equal((await pgAccounts.authenticate(key))?.account.nome, 'acme');
      const second = await pgAccounts.createAccount('beta', 'free');
      assert.equal(second.id, acme.id + 1, 'identities continue after the copied ids');
      assert.equal(await countersOn(postgresSql(control.pool).db).reserve('evento_seq'), 42);
      const { rows } = await control.pool.query<{ secret: string }>('SELECT secret FROM webhooks');
      assert.notEqual(rows[0]?.secret, 'whsec_abc', 'sealed at rest');
      assert.equal(control.box.open(rows[0]?.secret as string), 'whsec_abc');
    } finally {
      await control.close();
    }

    const again = await runSvc(['db', 'copy', '--data-dir', dataDir, '--to', database.url], {
      env: { SVC_SECRET_KEY },
    });
    assert.equal(again.code, 7);
    assert.match(again.stderr, /já tem um plano de controle/);
  });

  it('bad input: a URL that is not postgres://, no shared key, an unreachable server', async () => {
    const bad = await runSvc(['db', 'migrate', '--database-url', 'mysql://x@y/z']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--database-url inválida: "mysql:\/\/x@y\/z"/);
    const noKey = await runSvc(['db', 'migrate', '--database-url', database.url], { env: { SVC_SECRET_KEY: '' } });
    assert.equal(noKey.code, 2);
    assert.match(noKey.stderr, /precisa de SVC_SECRET_KEY/);
    const down = await runSvc(['db', 'migrate', '--database-url', 'postgres://u:senha@127.0.0.1:1/x'], {
      env: { SVC_SECRET_KEY },
    });
    assert.equal(down.code, 4);
    assert.match(down.stderr, /u:\*\*\*@127\.0\.0\.1:1/);
    assert.doesNotMatch(down.stderr, /senha/);
  });
});

describe('svc keys with SVC_DATABASE_URL (real PostgreSQL, real bin/svc)', { skip: postgresSkip ?? false }, () => {
  it("keeps keys in PostgreSQL, apart from the data dir's SQLite; without the shared key it refuses in one line", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-db-'));
    const database = await createTestDatabase();
    try {
      const env = { SVC_DATABASE_URL: database.url, SVC_SECRET_KEY };
      const created = await runSvc(
        ['keys', 'create', '--account', 'acme', '--plan', 'pro', '--json', '--data-dir', dir],
        {
          env,
        },
      );
      assert.equal(created.code, 0, created.stderr);
      const listed = (url: Record<string, string>) =>
        runSvc(['keys', 'list', '--json', '--data-dir', dir], { env: url }).then((r) =>
          (JSON.parse(r.stdout) as { chaves: { conta: string }[] }).chaves.map((k) => k.conta),
        );
      assert.deepEqual(await listed(env), ['acme']);
      assert.deepEqual(await listed({}), [], "the data dir's SQLite control plane is another one");
      const noKey = await runSvc(['keys', 'list', '--data-dir', dir], { env: { SVC_DATABASE_URL: database.url } });
      assert.equal(noKey.code, 2);
      assert.match(noKey.stderr, /^svc: o plano de controle em PostgreSQL precisa de SVC_SECRET_KEY/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await database.drop();
    }
  });
});
