import assert from 'node:assert/strict';
import { appendFileSync, chmodSync, cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openControlDb } from '../../src/control/database.js';
import { sqliteControlPlane } from '../../src/control/control-plane.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { DEMO_FIXTURES, FIXTURES_NOW } from '../kit/fixtures.js';
import { runSvcInProcess, SvcProcess } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';
import { createTestDatabase, postgresSkip } from '../kit/postgres.js';
import { busyPort } from '../kit/ports.js';

interface Check {
  nome: string;
  estado: 'ok' | 'aviso' | 'falha';
  mensagem: string;
}

async function doctor(args: string[], env: Record<string, string | undefined> = {}) {
  const r = await runSvcInProcess(['doctor', '--json', '--port', '0', ...args], { env });
  const out = JSON.parse(r.stdout) as { ok: boolean; verificacoes: Check[]; erro?: { codigo: string } };
  const by = Object.fromEntries(out.verificacoes.map((c) => [c.nome, c]));
  return { ...r, out, by };
}

describe('svc doctor', () => {
  const tmp = tempDir();
  /** A data dir with a snapshot, a key and a webhook whose secret is sealed with the data dir's secret.key. */
  const healthy = path.join(tmp.dir, 'healthy');
  let n = 0;
  /** A copy of the healthy data dir for one test to break. */
  const copy = () => {
    const dir = path.join(tmp.dir, `case-${++n}`);
    cpSync(healthy, dir, { recursive: true });
    return dir;
  };

  before(async () => {
    const r = await runSvcInProcess(['ingest', DEMO_FIXTURES, '--data-dir', healthy, '--json']);
    assert.equal(r.code, 0, r.stderr);
    const db = await openControlDb(path.join(healthy, 'control.db'));
    const cp = sqliteControlPlane(db);
    const acme = await cp.accounts.createAccount('acme', 'pro');
    await cp.webhooks.createWebhook(
      { contaId: acme.id, nome: 'gols', url: 'https://example.com/h', eventos: ['partida.gol'], secret: 'whsec_abc' },
      null,
      Date.parse(FIXTURES_NOW),
    );
    db.close();
  });
  after(() => tmp.cleanup());

  it('a healthy data dir: every check ok, one line each, exit 0', async () => {
    const { code, out, by } = await doctor(['--data-dir', healthy]);
    assert.equal(code, 0);
    assert.equal(out.ok, true);
    assert.deepEqual(
      out.verificacoes.map((c) => [c.nome, c.estado]),
      [
        ['pasta de dados', 'ok'],
        ['permissões', 'ok'],
        ['snapshots', 'ok'],
        ['espaço em disco', 'ok'],
        ['plano de controle', 'ok'],
        ['chave de segredos', 'ok'],
        ['ingest residente', 'ok'],
        ['porta', 'ok'],
        ['relógio', 'ok'],
      ],
    );
    assert.equal(by['chave de segredos']?.mensagem, 'abre os 1 segredos de webhook');
    assert.equal(by['ingest residente']?.mensagem, 'nenhum: cada svc ingest roda no próprio processo');
    const human = await runSvcInProcess(['doctor', '--port', '0', '--data-dir', healthy]);
    assert.equal(human.code, 0);
    assert.equal(human.stdout.split('\n').filter(Boolean).length, 9);
    assert.match(human.stdout, /^OK {5}snapshots: 1, atual 00000001/m);
  });

  it("the resident ingester: taking this environment's steps, refusing them (a warning naming why), stopped", async () => {
    const dir = copy();
    const socket = path.join(dir, 'ingest.sock');
    const resident = new SvcProcess(['ingest', '--resident', '--data-dir', dir]);
    try {
      await resident.waitForOutput(/residente em /);
      const taking = await doctor(['--data-dir', dir]);
      assert.equal(taking.code, 0);
      assert.deepEqual(taking.by['ingest residente'], {
        nome: 'ingest residente',
        estado: 'ok',
        mensagem: `em ${socket}: recebe os svc ingest deste ambiente`,
      });
      const other = await doctor(['--data-dir', dir], { SVC_FEED_TIMEOUT_MS: '999' });
      assert.equal(other.code, 0, 'a warning, not a failure: the steps still run');
      assert.equal(other.by['ingest residente']?.estado, 'aviso');
      assert.match(
        other.by['ingest residente']?.mensagem ?? '',
        /recusaria os svc ingest deste ambiente \(ambiente diferente do residente: SVC_FEED_TIMEOUT_MS\)/,
      );
    } finally {
      resident.kill('SIGKILL');
      await resident.exited;
    }
    const stopped = await doctor(['--data-dir', dir]);
    assert.equal(stopped.by['ingest residente']?.estado, 'aviso');
    assert.match(stopped.by['ingest residente']?.mensagem ?? '', /deixado por um residente que parou/);
    assert.equal(resident.stderr.includes('recusado'), false, 'asking runs nothing and logs nothing');
  });

  it('each fault fails its check, exit 7 and one line on stderr', async () => {
    const cases: [string, (dir: string) => string[], string, RegExp][] = [
      ['missing data dir', (dir) => ['--data-dir', path.join(dir, 'none')], 'pasta de dados', /não existe/],
      [
        'data dir writable by anyone',
        (dir) => (chmodSync(dir, 0o777), ['--data-dir', dir]),
        'pasta de dados',
        /gravável por qualquer usuário/,
      ],
      [
        'secret.key readable by others',
        (dir) => (chmodSync(path.join(dir, 'secret.key'), 0o644), ['--data-dir', dir]),
        'permissões',
        /secret\.key \(0644\)/,
      ],
      [
        'CURRENT naming a missing snapshot',
        (dir) => (writeFileSync(path.join(dir, 'CURRENT'), '00000007\n'), ['--data-dir', dir]),
        'snapshots',
        /CURRENT aponta para 00000007, que não existe/,
      ],
      [
        'a snapshot altered after its manifest',
        (dir) => (appendFileSync(path.join(dir, 'snapshots/00000001.duckdb'), 'x'), ['--data-dir', dir]),
        'snapshots',
        /o manifesto registra/,
      ],
      [
        'too little disk for the retention',
        (dir) => ['--data-dir', dir, '--keep', '1000000000'],
        'espaço em disco',
        /precisam de mais/,
      ],
      [
        'another secret key',
        (dir) => ['--data-dir', dir],
        'chave de segredos',
        /estão cifrados com a chave [0-9a-f]{8}, mas a chave configurada é/,
      ],
    ];
    for (const [what, setup, name, message] of cases) {
      const dir = copy();
      const env = what === 'another secret key' ? { SVC_SECRET_KEY: 'outra-chave-com-mais-de-16' } : {};
      const { code, out, by, stderr } = await doctor(setup(dir), env);
      assert.equal(code, EXIT.notReady, what);
      assert.equal(by[name]?.estado, 'falha', `${what}: ${JSON.stringify(by[name])}`);
      assert.match(by[name]?.mensagem ?? '', message, what);
      assert.equal(out.erro?.codigo, 'nao_pronto');
      assert.match(stderr, /^svc: 1 verificação\(ões\) falharam: .+\n$/, what);
    }
  });

  it('a control plane migrated by a newer svc fails; one behind is a warning', async () => {
    const newer = copy();
    const db = await openControlDb(path.join(newer, 'control.db'));
    db.prepare("INSERT INTO schema_migrations (nome, aplicada_em) VALUES ('999_futura.sql', ?)").run(FIXTURES_NOW);
    db.close();
    const r = await doctor(['--data-dir', newer]);
    assert.equal(r.code, EXIT.notReady);
    assert.match(r.by['plano de controle']?.mensagem ?? '', /esquema 999, mais novo que o deste svc \(029\)/);

    const behind = copy();
    const db2 = await openControlDb(path.join(behind, 'control.db'));
    db2.prepare("DELETE FROM schema_migrations WHERE nome LIKE '026%'").run();
    db2.close();
    const b = await doctor(['--data-dir', behind]);
    assert.equal(b.code, 0);
    assert.equal(b.by['plano de controle']?.estado, 'aviso');
    assert.match(b.by['plano de controle']?.mensagem ?? '', /faltam as migrações 026_chave_segredos\.sql/);
  });

  it('a port in use is a warning (it may be this svc serve)', async () => {
    const { port, server: busy } = await busyPort();
    try {
      const r = await doctor(['--data-dir', healthy, '--port', String(port), '--host', '127.0.0.1']);
      assert.equal(r.code, 0);
      assert.deepEqual(r.by.porta, {
        nome: 'porta',
        estado: 'aviso',
        mensagem: `a porta ${port} já está em uso; escolha outra com --port ou PORT`,
      });
    } finally {
      busy.close();
    }
  });

  it('a snapshot dated in the future of this clock fails the clock check', async () => {
    const dir = path.join(tmp.dir, 'future');
    const r = await runSvcInProcess([
      'ingest',
      '--now',
      '2999-01-01T00:00:00Z',
      DEMO_FIXTURES,
      '--data-dir',
      dir,
      '--json',
    ]);
    assert.equal(r.code, 0, r.stderr);
    const d = await doctor(['--data-dir', dir]);
    assert.equal(d.code, EXIT.notReady);
    assert.match(
      d.by.relógio?.mensagem ?? '',
      /o snapshot atual é de 2999-01-01T00:00:00.000Z, no futuro deste relógio/,
    );
  });

  it('bad --keep is a usage error', async () => {
    const r = await runSvcInProcess(['doctor', '--keep', '0']);
    assert.equal(r.code, EXIT.usage);
    assert.equal(r.stderr.split('\n').length, 2);
  });
});

describe('svc doctor on PostgreSQL', { skip: postgresSkip ?? false }, () => {
  it('reachable, migrated, the key opens the secrets, clocks agree; unreachable fails', async () => {
    const database = await createTestDatabase();
    const { dir, cleanup } = tempDir();
    try {
      const env = { SVC_SECRET_KEY: 'chave-de-teste-com-mais-de-16-caracteres' };
      assert.equal((await runSvcInProcess(['db', 'migrate', '--database-url', database.url], { env })).code, 0);
      const r = await doctor(['--data-dir', dir, '--database-url', database.url], env);
      assert.equal(r.by['plano de controle']?.estado, 'ok', JSON.stringify(r.by));
      assert.equal(r.by['chave de segredos']?.estado, 'ok');
      assert.equal(r.by.relógio?.estado, 'ok');
      assert.match(r.by.relógio?.mensagem ?? '', /de acordo com o PostgreSQL/);
      const down = await doctor(['--data-dir', dir, '--database-url', 'postgres://postgres@127.0.0.1:1/x'], env);
      assert.equal(down.code, EXIT.notReady);
      assert.match(
        down.by['plano de controle']?.mensagem ?? '',
        /^postgres:\/\/postgres@127\.0\.0\.1:1\/x inalcançável/,
      );
    } finally {
      cleanup();
      await database.drop();
    }
  });
});
