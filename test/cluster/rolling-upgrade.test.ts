import assert from 'node:assert/strict';
import { cpSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EXIT } from '../../src/cli/exit-codes.js';
import { migrationVersion, PG_MIGRATIONS, SQLITE_MIGRATIONS } from '../../src/control/schema-version.js';
import { DEMO_FIXTURES, LIVE_DAY, REPO_ROOT } from '../kit/fixtures.js';
import { runSvc, SvcProcess } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';
import { createTestDatabase, postgresSkip } from '../kit/postgres.js';
import { waitFor } from '../kit/wait.js';

const SVC_SECRET_KEY = 'chave-de-teste-da-atualizacao-com-32-caracteres';
const ANSWERS = [
  '/v1/campeonatos',
  '/v1/campeonatos/1/tabela',
  '/v1/campeonatos/1/partidas?rodada=34&por_pagina=5',
  '/v1/jogadores?q=guimaraes&posicao=atacante',
];

/** The next migration after `known`'s newest: `005_x.sql` → `006_teste_atualizacao.sql`. */
function nextMigration(known: readonly string[]): string {
  const n = Number(migrationVersion(known.at(-1) ?? '')) + 1;
  return `${String(n).padStart(3, '0')}_teste_atualizacao.sql`;
}
const PG_NEXT = nextMigration(PG_MIGRATIONS);
const SQLITE_NEXT = nextMigration(SQLITE_MIGRATIONS);
/** What docs/deploy.md allows a migration: a new table, new columns on tables old nodes read and write. */
const MIGRATION = `CREATE TABLE teste_atualizacao (id INTEGER PRIMARY KEY, nota TEXT NOT NULL);
ALTER TABLE chaves_api ADD COLUMN rotulo TEXT;
ALTER TABLE webhooks ADD COLUMN rotulo TEXT;
`;

/**
 * A newer release of svc installed beside this one, the way an operator has two versions on a machine: this
 * checkout's build as it is (bin/, dist/, the sources dist reads its SQL and JSON from, and every input
 * dist/build.json lists, timestamps kept so bin/svc finds the build current), plus one migration of each control
 * plane. svc itself has no switch for it.
 */
function installNewerRelease(root: string): string {
  const { inputs } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'dist/build.json'), 'utf8')) as { inputs: string[] };
  for (const part of new Set(['bin', 'dist', 'src', 'package.json', ...inputs]))
    cpSync(path.join(REPO_ROOT, part), path.join(root, part), { recursive: true, preserveTimestamps: true });
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'));
  writeFileSync(path.join(root, 'src/control/postgres/migrations', PG_NEXT), MIGRATION);
  writeFileSync(path.join(root, 'src/control/migrations', SQLITE_NEXT), MIGRATION);
  return path.join(root, 'bin/svc');
}

/** The one line an old binary prints on a control plane its newer release migrated. */
function refusal(where: RegExp, next: string, known: readonly string[]): RegExp {
  const v = migrationVersion(next);
  return new RegExp(
    `^svc: o plano de controle ${where.source} está no esquema ${v}, mais novo que o desta versão do svc \\(${migrationVersion(known.at(-1) ?? '')}; migrações desconhecidas: ${next.replace('.', '\\.')}\\); atualize o svc \\(svc --version mostra as versões\\)\n$`,
  );
}

describe('a rolling upgrade across a migration (docs/deploy.md "Rolling upgrade")', () => {
  const tmp = tempDir('svc-upgrade-');
  let newBin = '';
  before(() => {
    newBin = installNewerRelease(path.join(tmp.dir, 'release-new'));
  });
  after(() => tmp.cleanup());

  it('the newer release knows one more migration of each control plane', async () => {
    const [old, updated] = await Promise.all([runSvc(['--version']), runSvc(['--version'], { bin: newBin })]);
    const schemas = (r: { stdout: string }) => r.stdout.split('\n').find((l) => l.startsWith('esquema'));
    assert.equal(
      schemas(old),
      `esquema do plano de controle: ${migrationVersion(SQLITE_MIGRATIONS.at(-1) ?? '')} (SQLite), ${migrationVersion(PG_MIGRATIONS.at(-1) ?? '')} (PostgreSQL)`,
    );
    assert.equal(
      schemas(updated),
      `esquema do plano de controle: ${migrationVersion(SQLITE_NEXT)} (SQLite), ${migrationVersion(PG_NEXT)} (PostgreSQL)`,
    );
  });

  it('PostgreSQL: an old node keeps serving beside a new one after the migration, and refuses to restart', {
    skip: postgresSkip ?? false,
  }, async (t) => {
    const database = await createTestDatabase();
    const data = path.join(tmp.dir, 'pg-data');
    const env = { SVC_DATABASE_URL: database.url, SVC_SECRET_KEY };
    const svc = async (bin: string | undefined, ...args: string[]) => {
      const r = await runSvc([...args, '--data-dir', data], { env, bin });
      assert.equal(r.code, 0, `svc ${args.join(' ')}: ${r.stderr}`);
      return r.stdout;
    };
    const serve = async (bin?: string) => {
      const node = new SvcProcess(
        ['serve', '--json', '--port', '0', '--host', '127.0.0.1', '--allow-private-urls', '--data-dir', data],
        env,
        bin,
      );
      return { node, url: (await node.waitForOutput(/"event":"ouvindo","url":"([^"]+)"/))[1] as string };
    };
    const nodes: SvcProcess[] = [];
    try {
      await svc(undefined, 'ingest', DEMO_FIXTURES);
      const keyOf = (out: string) => (JSON.parse(out) as { key: string }).key;
      const before = keyOf(
        await svc(undefined, 'keys', 'create', '--account', 'antes', '--plan', 'enterprise', '--json'),
      );
      const old = await serve();
      nodes.push(old.node);

      // The new release migrates the shared database while the old node serves.
      await svc(newBin, 'db', 'migrate');
      const fresh = await serve(newBin);
      nodes.push(fresh.node);
      const after = keyOf(await svc(newBin, 'keys', 'create', '--account', 'depois', '--plan', 'enterprise', '--json'));

      const get = (url: string, key: string, route: string, init: RequestInit = {}) =>
        fetch(`${url}${route}`, { ...init, headers: { authorization: `Bearer ${key}`, ...init.headers } });
      for (const route of ANSWERS) {
        const [a, b] = await Promise.all([get(old.url, before, route), get(fresh.url, after, route)]);
        assert.equal(a.status, 200, `old node ${route}`);
        assert.equal(b.status, 200, `new node ${route}`);
        assert.ok(
          Buffer.from(await a.arrayBuffer()).equals(Buffer.from(await b.arrayBuffer())),
          `${route}: same bytes`,
        );
      }

      // Writes cross in both directions: a webhook created on each node is listed by the other, usage counted by
      // the old node shows on the new one.
      const create = async (url: string, nome: string) => {
        const r = await get(url, before, '/v1/webhooks', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ nome, url: 'http://127.0.0.1:9/', eventos: ['partida.gol'] }),
        });
        assert.equal(r.status, 201, `${nome}: ${await r.clone().text()}`);
      };
      await create(old.url, 'do-antigo');
      await create(fresh.url, 'do-novo');
      for (const url of [old.url, fresh.url]) {
        const listed = (await (await get(url, before, '/v1/webhooks')).json()) as { data: { nome: string }[] };
        assert.deepEqual(listed.data.map((w) => w.nome).sort(), ['do-antigo', 'do-novo'], url);
      }
      const served = async (url: string, key: string) =>
        ((await (await get(url, key, '/v1/me')).json()) as { data: { consumo: { requisicoes_utilizadas: number } } })
          .data.consumo.requisicoes_utilizadas;
      await waitFor(async () => (await served(fresh.url, after)) >= ANSWERS.length, 'old node usage on the new');

      // A key the new release's CLI creates works on the old node; one it revokes stops there (auth cache: 1 s).
      assert.equal((await get(old.url, after, '/v1/campeonatos')).status, 200, 'new key on the old node');
      const [antes] = JSON.parse(await svc(newBin, 'keys', 'list', '--account', 'antes', '--json')).chaves;
      await svc(newBin, 'keys', 'revoke', String(antes.id));
      await waitFor(async () => (await get(old.url, before, '/v1/campeonatos')).status === 401, 'revocation');

      // The old node restarts: refused, one line, exit 7; its CLI and worker too. The new node serves on.
      old.node.kill('SIGTERM');
      assert.equal((await old.node.exited).code, 0, old.node.stderr);
      const again = new SvcProcess(['serve', '--port', '0', '--data-dir', data], env);
      const exit = await again.exited;
      const newer = refusal(/em PostgreSQL/, PG_NEXT, PG_MIGRATIONS);
      assert.equal(exit.code, EXIT.notReady, again.stderr);
      assert.match(again.stderr, newer);
      for (const args of [
        ['webhooks', 'run'],
        ['keys', 'list'],
      ]) {
        const r = await runSvc([...args, '--data-dir', data], { env });
        assert.equal(r.code, EXIT.notReady, `${args.join(' ')}: ${r.stderr}`);
        assert.match(r.stderr, newer, args.join(' '));
      }
      assert.equal((await get(fresh.url, after, '/v1/campeonatos')).status, 200);
      t.diagnostic(`old node refused: ${again.stderr.trim()}`);
    } finally {
      for (const n of nodes) n.kill('SIGTERM');
      await Promise.all(nodes.map((n) => n.exited));
      await database.drop();
    }
  });

  it('SQLite: after the new release migrates a data dir, the old ingest and webhooks run refuse it', async () => {
    const data = path.join(tmp.dir, 'sqlite-data');
    const ingest = (bin?: string) =>
      runSvc(['ingest', path.join(LIVE_DAY, '01-pre-jogo.json'), '--data-dir', data], { bin });
    assert.equal((await runSvc(['ingest', DEMO_FIXTURES, '--data-dir', data])).code, 0);
    const migrated = await runSvc(['db', 'migrate', '--data-dir', data], { bin: newBin });
    assert.equal(migrated.code, 0, migrated.stderr);
    const current = readFileSync(path.join(data, 'CURRENT'), 'utf8');
    const newer = refusal(/\S+control\.db/, SQLITE_NEXT, SQLITE_MIGRATIONS);
    for (const run of [() => ingest(), () => runSvc(['webhooks', 'run', '--data-dir', data])]) {
      const r = await run();
      assert.equal(r.code, EXIT.notReady, r.stderr);
      assert.match(r.stderr, newer);
    }
    assert.equal(readFileSync(path.join(data, 'CURRENT'), 'utf8'), current, 'the old ingest published nothing');
    const updated = await ingest(newBin);
    assert.equal(updated.code, 0, updated.stderr);
    assert.notEqual(readFileSync(path.join(data, 'CURRENT'), 'utf8'), current, 'the new release ingests');
  });
});
