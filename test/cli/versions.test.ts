import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import pg from 'pg';
import { openControlDb } from '../../src/control/database.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { DEMO_FIXTURES, FIXTURES_NOW } from '../kit/fixtures.js';
import { runSvcInProcess } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';
import { createTestDatabase, postgresSkip } from '../kit/postgres.js';

const NEWER =
  /^svc: o plano de controle .+ está no esquema 999, mais novo que o desta versão do svc \(029; migrações desconhecidas: 999_futura\.sql\); atualize o svc \(svc --version mostra as versões\)\n$/;

it('svc --version: the binary, the snapshot format, the control-plane schemas, node', async () => {
  const r = await runSvcInProcess(['--version']);
  assert.equal(r.code, 0);
  const lines = r.stdout.trim().split('\n');
  assert.match(lines[0] ?? '', /^svc \d+\.\d+\.\d+$/);
  assert.deepEqual(lines.slice(1, 3), [
    'formato de snapshot: 1',
    'esquema do plano de controle: 029 (SQLite), 029 (PostgreSQL)',
  ]);
  assert.equal(lines[3], `node ${process.version}`);
});

describe('a control plane migrated by a newer svc is refused before anything changes', () => {
  it('SQLite: ingest, serve, keys and webhooks run exit 7 with one line; nothing is published', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const db = await openControlDb(path.join(dir, 'control.db'));
      db.prepare("INSERT INTO schema_migrations (nome, aplicada_em) VALUES ('999_futura.sql', ?)").run(FIXTURES_NOW);
      db.close();
      for (const args of [
        ['ingest', DEMO_FIXTURES],
        ['serve', '--port', '0'],
        ['keys', 'list'],
        ['webhooks', 'run'],
      ]) {
        const r = await runSvcInProcess([...args, '--data-dir', dir]);
        assert.equal(r.code, EXIT.notReady, `${args.join(' ')}: ${r.stderr}`);
        assert.match(r.stderr, NEWER, args.join(' '));
      }
      assert.equal(existsSync(path.join(dir, 'CURRENT')), false);
      const json = await runSvcInProcess(['keys', 'list', '--json', '--data-dir', dir]);
      assert.equal(JSON.parse(json.stdout).erro.codigo, 'nao_pronto');
    } finally {
      cleanup();
    }
  });

  it('PostgreSQL: serve and webhooks run on a newer schema exit 7', { skip: postgresSkip ?? false }, async () => {
    const database = await createTestDatabase();
    const { dir, cleanup } = tempDir();
    const env = { SVC_SECRET_KEY: 'chave-de-teste-com-mais-de-16-caracteres' };
    try {
      assert.equal((await runSvcInProcess(['db', 'migrate', '--database-url', database.url], { env })).code, 0);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query("INSERT INTO schema_migrations (nome, aplicada_em) VALUES ('999_futura.sql', $1)", [
        FIXTURES_NOW,
      ]);
      await client.end();
      for (const args of [
        ['serve', '--port', '0'],
        ['webhooks', 'run'],
        ['db', 'migrate'],
      ]) {
        const r = await runSvcInProcess([...args, '--data-dir', dir, '--database-url', database.url], { env });
        assert.equal(r.code, EXIT.notReady, `${args.join(' ')}: ${r.stderr}`);
        assert.match(r.stderr, NEWER, args.join(' '));
      }
    } finally {
      cleanup();
      await database.drop();
    }
  });
});
