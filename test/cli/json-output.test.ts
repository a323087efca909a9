import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ERROR_CODES, EXIT } from '../../src/cli/exit-codes.js';
import { DEMO_FIXTURES, LIVE_DAY, REPO_ROOT } from '../kit/fixtures.js';
import { runSvcInProcess } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';
import { busyPort } from '../kit/ports.js';

/** The one object a `--json` run prints: exactly one line on stdout, whatever happened. */
function oneObject(stdout: string): Record<string, unknown> {
  const lines = stdout.split('\n');
  assert.equal(lines.length, 2, `one line, then the newline: ${JSON.stringify(stdout)}`);
  assert.equal(lines[1], '');
  const value = JSON.parse(lines[0]!) as unknown;
  assert.ok(value !== null && typeof value === 'object' && !Array.isArray(value), 'an object');
  return value as Record<string, unknown>;
}

describe('--json: one object on stdout for success and for failure, every command', () => {
  let dir: string;
  let cleanup: () => void;
  const svc = (...args: string[]) => runSvcInProcess([...args, '--json', '--data-dir', dir]);
  before(() => ({ dir, cleanup } = tempDir('svc-json-')));
  after(() => cleanup());

  it("success objects carry ok: true and the command's fields", async () => {
    const ingest = await svc('ingest', DEMO_FIXTURES);
    assert.equal(ingest.code, 0, ingest.stderr);
    assert.equal(oneObject(ingest.stdout).ok, true);
    assert.equal(oneObject(ingest.stdout).snapshot_id, '00000001');
    assert.equal(
      (await svc('ingest', path.join(LIVE_DAY, '02-inicio.json'))).code,
      0,
      'a second snapshot (a real change), to roll back to the first',
    );

    const snapshots = oneObject((await svc('snapshots')).stdout);
    assert.deepEqual([snapshots.ok, snapshots.atual], [true, '00000002']);
    const rollback = oneObject((await svc('snapshots', 'rollback', '1')).stdout);
    assert.deepEqual([rollback.ok, rollback.atual], [true, '00000001']);

    const created = oneObject((await svc('keys', 'create', '--account', 'j', '--plan', 'pro')).stdout);
    assert.equal(created.ok, true);
    assert.match(String(created.key), /^svc_live_/);
    for (const args of [
      ['keys', 'show', String(created.id)],
      ['keys', 'rotate', String(created.id)],
      ['keys', 'revoke', String(created.id)],
    ]) {
      const o = oneObject((await svc(...args)).stdout);
      assert.deepEqual([o.ok, o.id], [true, created.id], args.join(' '));
    }
    const list = oneObject((await svc('keys', 'list')).stdout);
    assert.equal(list.ok, true);
    assert.equal((list.chaves as unknown[]).length, 1);
    const plan = oneObject((await svc('keys', 'plan', '--account', 'j', '--plan', 'free')).stdout);
    assert.deepEqual([plan.ok, plan.plano], [true, 'free']);

    const schema = oneObject((await svc('ingest', '--print-schema')).stdout);
    assert.equal(schema.ok, true);
    assert.equal(typeof schema.schema, 'object');
  });

  it('failure objects carry ok: false and a stable code, message and exit code (the stderr line stays)', async () => {
    const held = await busyPort();
    const busy = held.server;
    const port = String(held.port);
    const cases: [string[], number][] = [
      [['ingest', path.join(dir, 'nope.json')], EXIT.unreachable],
      [['ingest', '--bogus'], EXIT.usage],
      [['ingest', path.join(REPO_ROOT, 'package.json')], EXIT.invalidInput],
      [['snapshots', 'rollback', '99'], EXIT.notFound],
      [['keys', 'show', '999'], EXIT.notFound],
      [['keys', 'create'], EXIT.usage],
      [['replay', '--webhook', '5'], EXIT.notFound],
      [['serve', '--port', port, '--host', '127.0.0.1'], EXIT.notReady],
      [['demo', '--port', port, '--host', '127.0.0.1'], EXIT.notReady],
      [['webhooks', 'listen', '--port', port], EXIT.notReady],
      [['webhooks', 'run', '--concurrency', '0'], EXIT.usage],
      [['tui', '--api', 'http://127.0.0.1:1', '--key', 'x'], EXIT.unreachable],
    ];
    try {
      for (const [args, exit] of cases) {
        const r = await svc(...args);
        assert.equal(r.code, exit, `${args.join(' ')}: ${r.stderr}`);
        const o = oneObject(r.stdout);
        const erro = o.erro as { codigo: string; mensagem: string; saida: number };
        assert.deepEqual(
          [o.ok, erro.codigo, erro.saida],
          [false, ERROR_CODES[exit as keyof typeof ERROR_CODES], exit],
          args.join(' '),
        );
        assert.equal(r.stderr.split('\n')[0], `svc: ${erro.mensagem}`, 'the same message as the stderr line');
      }
    } finally {
      busy.close();
    }
  });
});

describe("commander's own usage errors, in Portuguese", () => {
  const cases: [string[], string][] = [
    [['ingest', '--frmat', 'x'], 'opção desconhecida: --frmat (quis dizer --format?)'],
    [['nada'], 'comando desconhecido: nada'],
    [['keys', 'show'], 'falta o argumento obrigatório <chave>'],
    [['keys', 'create'], 'falta a opção obrigatória --account <name>'],
    [['ingest', '--keep'], 'a opção --keep <n> precisa de um valor'],
    [['keys', 'show', '1', '2'], 'argumentos demais para show: esperado(s) 1, recebido(s) 2'],
    [['ingest', '--tipo', 'liga'], 'valor inválido para --tipo <tipo>: "liga" (use pontos-corridos, mata-mata)'],
  ];
  for (const [args, message] of cases) {
    it(`svc ${args.join(' ')}`, async () => {
      const r = await runSvcInProcess(args);
      assert.equal(r.code, EXIT.usage);
      assert.equal(r.stderr, `svc: ${message}; veja --help\n`);
      assert.equal(r.stdout, '');
    });
  }

  it('--help: Portuguese titles, descriptions and defaults', async () => {
    const r = await runSvcInProcess(['serve', '--help']);
    assert.equal(r.code, 0);
    for (const text of [
      'Uso: svc serve [opções]',
      'Opções:',
      'porta TCP',
      'padrão: 8080',
      'variável: PORT',
      'mostra esta ajuda',
      'Exemplos:',
    ]) {
      assert.ok(r.stdout.includes(text), text);
    }
    assert.doesNotMatch(r.stdout, /Usage|Options:|default:|display help/);
  });
});
