import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT, DEMO_FIXTURES, LIVE_DAY } from '../kit/fixtures.js';
import { SVC_BIN, runSvcInProcess } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';
import { busyPort } from '../kit/ports.js';

/** Starts the real binary, resolves with the URL from its `--json` "ouvindo" line. */
function startServe(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [SVC_BIN, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      const m = /"event":"ouvindo","url":"([^"]+)"/.exec(stdout);
      if (m) resolve(m[1]!);
    });
    void exited.then((code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
  return { child, url, exited, out: () => stdout, err: () => stderr };
}

describe('svc keys and svc serve', () => {
  let dir: string;
  let cleanup: () => void;
  before(async () => {
    ({ dir, cleanup } = tempDir('svc-api-cli-'));
    const r = await runSvcInProcess(['ingest', DEMO_FIXTURES, '--data-dir', dir]);
    assert.equal(r.code, 0, r.stderr);
  });
  after(() => cleanup());

  it('keys: create prints the key once, list/show never do; revoke, rotate and plan change work', async () => {
    const created = await runSvcInProcess([
      'keys',
      'create',
      '--account',
      'acme',
      '--plan',
      'pro',
      '--name',
      'site',
      '--json',
      '--data-dir',
      dir,
    ]);
    assert.equal(created.code, 0, created.stderr);
    const k = JSON.parse(created.stdout) as { key: string; id: number; prefixo: string; plano: string; nome: string };
    assert.match(k.key, /^svc_live_[0-9A-Za-z]{32}$/);
    assert.equal(k.prefixo, k.key.slice(0, 13));
    assert.equal(k.plano, 'pro');
    assert.equal(k.nome, 'site');
    const db = readFileSync(path.join(dir, 'control.db')).toString('latin1');
    assert.equal(db.includes(k.key), false, 'the key itself is not stored');

    const list = await runSvcInProcess(['keys', 'list', '--data-dir', dir]);
    assert.equal(list.code, 0);
    assert.match(list.stdout, new RegExp(`${k.prefixo}\\s+acme\\s+pro\\s+site\\s+sim`));
    assert.equal(list.stdout.includes(k.key), false);
    const show = await runSvcInProcess(['keys', 'show', k.prefixo, '--json', '--data-dir', dir]);
    assert.equal(JSON.parse(show.stdout).id, k.id);
    assert.equal(show.stdout.includes(k.key), false);

    const rotated = await runSvcInProcess(['keys', 'rotate', String(k.id), '--json', '--data-dir', dir]);
    const r = JSON.parse(rotated.stdout) as { key: string; id: number };
    assert.equal(r.id, k.id);
    assert.notEqual(r.key, k.key);

    const plan = await runSvcInProcess([
      'keys',
      'plan',
      '--account',
      'acme',
      '--plan',
      'enterprise',
      '--quota',
      '5000',
      '--json',
      '--data-dir',
      dir,
    ]);
    assert.equal(plan.code, 0, plan.stderr);
    assert.equal(JSON.parse(plan.stdout).plano, 'enterprise');
    assert.equal(JSON.parse(plan.stdout).cota_requisicoes, 5000);

    const revoked = await runSvcInProcess(['keys', 'revoke', String(k.id), '--json', '--data-dir', dir]);
    assert.equal(JSON.parse(revoked.stdout).ativa, false);
  });

  it('keys: one-line errors with exit codes', async () => {
    const cases: [string[], number, string][] = [
      [
        ['keys', 'create', '--account', 'nova'],
        2,
        'svc: a conta nova não existe: informe --plan (free, pro, enterprise) para criá-la\n',
      ],
      [
        ['keys', 'create', '--account', 'x', '--plan', 'gold'],
        2,
        'svc: --plan inválido: "gold" (use free, pro, enterprise)\n',
      ],
      [
        ['keys', 'create', '--account', 'x', '--plan', 'free', '--championships', '1,a'],
        2,
        'svc: --championships inválido: "1,a" (use ids separados por vírgula, ex.: 1,2, ou all)\n',
      ],
      [
        ['keys', 'create', '--account', 'x', '--plan', 'pro', '--quota', '0'],
        2,
        'svc: --quota inválido: "0" (use um inteiro >= 1)\n',
      ],
      [
        ['keys', 'show', '999'],
        6,
        'svc: chave não encontrada: 999 (use o id, o prefixo mostrado por "svc keys list" ou a chave inteira)\n',
      ],
      [['keys', 'plan', '--account', 'ninguem', '--plan', 'pro'], 6, 'svc: conta não encontrada: ninguem\n'],
      [['serve', '--port', '99999'], 2, 'svc: --port inválida: "99999" (use 0 a 65535)\n'],
      [['serve', '--cache-mb', '0'], 2, 'svc: --cache-mb inválida: "0" (use um inteiro >= 1)\n'],
    ];
    for (const [args, code, stderr] of cases) {
      const r = await runSvcInProcess([...args, '--data-dir', dir]);
      assert.equal(r.code, code, args.join(' '));
      assert.equal(r.stderr, stderr, args.join(' '));
    }
    await runSvcInProcess(['keys', 'create', '--account', 'existe', '--plan', 'free', '--data-dir', dir]);
    const conflict = await runSvcInProcess([
      'keys',
      'create',
      '--account',
      'existe',
      '--plan',
      'pro',
      '--data-dir',
      dir,
    ]);
    assert.equal(conflict.code, 2);
    assert.equal(
      conflict.stderr,
      'svc: a conta existe já existe com o plano free; para mudar use "svc keys plan --account existe --plan pro"\n',
    );
    const revokedKey = JSON.parse(
      (await runSvcInProcess(['keys', 'create', '--account', 'existe', '--json', '--data-dir', dir])).stdout,
    ) as { id: number };
    await runSvcInProcess(['keys', 'revoke', String(revokedKey.id), '--data-dir', dir]);
    const rotateRevoked = await runSvcInProcess(['keys', 'rotate', String(revokedKey.id), '--data-dir', dir]);
    assert.equal(rotateRevoked.code, 2);
    assert.equal(
      rotateRevoked.stderr,
      `svc: a chave ${revokedKey.id} está revogada; crie uma nova com "svc keys create"\n`,
    );

    const { port, server: busy } = await busyPort();
    const inUse = await runSvcInProcess(['serve', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dir]);
    busy.close();
    assert.equal(inUse.code, 7);
    assert.equal(inUse.stderr, `svc: a porta ${port} já está em uso; escolha outra com --port ou PORT\n`);

    const badPlans = path.join(dir, 'plans.json');
    writeFileSync(badPlans, '{"gold": {}}');
    const plans = await runSvcInProcess(['serve', '--port', '0', '--plans', badPlans, '--data-dir', dir]);
    assert.equal(plans.code, 2);
    assert.equal(
      plans.stderr,
      `svc: arquivo de planos ${badPlans}: plano desconhecido "gold" (use free, pro ou enterprise)\n`,
    );
  });

  it('keys create: a key that will read no championship is created with a warning (and avisos in --json)', async () => {
    const warning =
      'a conta vazia (plano free) não tem campeonatos liberados: a chave receberá 403 em todos; libere com svc keys plan --account vazia --championships 1,2 (ou all)';
    const human = await runSvcInProcess(['keys', 'create', '--account', 'vazia', '--plan', 'free', '--data-dir', dir]);
    assert.equal(human.code, 0);
    assert.equal(human.stderr, `svc: aviso: ${warning}\n`);
    const json = await runSvcInProcess(['keys', 'create', '--account', 'vazia', '--json', '--data-dir', dir]);
    assert.deepEqual(JSON.parse(json.stdout).avisos, [warning]);
    for (const args of [
      ['--account', 'lista', '--plan', 'free', '--championships', '1'],
      ['--account', 'todos', '--plan', 'free', '--championships', 'all'],
      ['--account', 'pago', '--plan', 'pro'],
    ]) {
      const r = await runSvcInProcess(['keys', 'create', ...args, '--json', '--data-dir', dir]);
      assert.equal(r.stderr, '', args.join(' '));
      assert.equal(JSON.parse(r.stdout).avisos, undefined);
    }
  });

  it('keys show: by id, by the full key, by any unambiguous start of the prefix; an ambiguous one is a usage error', async () => {
    const create = async (account: string) => {
      const r = await runSvcInProcess([
        'keys',
        'create',
        '--account',
        account,
        '--plan',
        'free',
        '--json',
        '--data-dir',
        dir,
      ]);
      return JSON.parse(r.stdout) as { key: string; id: number; prefixo: string };
    };
    const a = await create('mostra-a');
    await create('mostra-b');
    const show = async (ref: string) => runSvcInProcess(['keys', 'show', ref, '--json', '--data-dir', dir]);
    for (const ref of [String(a.id), a.key, a.prefixo]) {
      const r = await show(ref);
      assert.equal(r.code, 0, r.stderr);
      assert.equal((JSON.parse(r.stdout) as { id: number }).id, a.id, ref);
    }
    const ambiguous = await runSvcInProcess(['keys', 'show', 'svc_live_', '--data-dir', dir]);
    assert.equal(ambiguous.code, 2);
    assert.match(
      ambiguous.stderr,
      /^svc: prefixo ambíguo: svc_live_ corresponde às chaves \d+ \(svc_live_\w{4}\), .*; use mais caracteres ou o id\n$/,
    );
    const notTheKey = await show(`${a.key.slice(0, -1)}${a.key.endsWith('x') ? 'y' : 'x'}`);
    assert.equal(notTheKey.code, 6);
    // Underscore is a LIKE wildcard: a prefix differing there must not match.
    assert.equal((await show('svcXlive')).code, 6);
  });

  it('serve: answers, hot-swaps on ingest, logs JSON lines without keys, shuts down cleanly on SIGTERM', {
    timeout: 120_000,
  }, async () => {
    const created = JSON.parse(
      (
        await runSvcInProcess([
          'keys',
          'create',
          '--account',
          'srv',
          '--plan',
          'enterprise',
          '--json',
          '--data-dir',
          dir,
        ])
      ).stdout,
    ) as { key: string };
    const plansFile = path.join(dir, 'plans-ok.json');
    writeFileSync(plansFile, JSON.stringify({ enterprise: { requisicoes: 777 } }));
    const s = startServe([
      'serve',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--json',
      '--plans',
      plansFile,
      '--data-dir',
      dir,
    ]);
    const url = await s.url;
    const auth = { authorization: `Bearer ${created.key}` };
    const me = (await (await fetch(`${url}/v1/me`, { headers: auth })).json()) as {
      data: { limites: { requisicoes: number } };
    };
    assert.equal(me.data.limites.requisicoes, 777, '--plans applies');
    const snapshotId = async () =>
      ((await (await fetch(`${url}/v1/status`)).json()) as { data: { snapshot: { id: string } } }).data.snapshot.id;
    const before = await snapshotId();

    const ingest = await runSvcInProcess(['ingest', path.join(LIVE_DAY, '02-inicio.json'), '--data-dir', dir]);
    assert.equal(ingest.code, 0, ingest.stderr);
    let now = before;
    while (now === before) now = await snapshotId();
    assert.ok(now > before);

    s.child.kill('SIGTERM');
    assert.equal(await s.exited, 0);
    const lines = s
      .out()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const access = lines.filter((l) => l.path === '/v1/me');
    assert.equal(access.length, 1);
    assert.deepEqual(Object.keys(access[0]!), ['level', 'time', 'req', 'method', 'path', 'status', 'ms', 'key']);
    assert.equal(access[0]!.key, created.key.slice(0, 13));
    assert.equal(s.out().includes(created.key), false, 'never the key');
    assert.ok(lines.some((l) => l.event === 'snapshot_carregado' && l.snapshot === now));
    assert.ok(lines.some((l) => l.event === 'encerrando' && l.signal === 'SIGTERM' && l.level === 'info'));
  });

  it('serve: two processes on one data dir admit exactly the daily quota between them in one burst', {
    timeout: 120_000,
  }, async () => {
    const created = await runSvcInProcess([
      'keys',
      'create',
      '--account',
      'burst',
      '--plan',
      'pro',
      '--quota',
      '30',
      '--rate',
      '1000',
      '--json',
      '--data-dir',
      dir,
    ]);
    const { key } = JSON.parse(created.stdout) as { key: string };
    // Warnings and errors only (by flag, by variable): stdout keeps the announcement line and nothing at info.
    const serve = ['serve', '--port', '0', '--host', '127.0.0.1', '--json', '--data-dir', dir];
    const servers = [startServe([...serve, '--log-level', 'warn']), startServe(serve, { SVC_LOG_LEVEL: 'warn' })];
    try {
      const urls = await Promise.all(servers.map((s) => s.url));
      const auth = { authorization: `Bearer ${key}` };
      const statuses = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          fetch(`${urls[i % 2]}/v1/campeonatos`, { headers: auth }).then(
            async (r) => (await r.arrayBuffer(), r.status),
          ),
        ),
      );
      assert.equal(statuses.filter((s) => s === 200).length, 30, `statuses: ${statuses.join(' ')}`);
      assert.equal(statuses.filter((s) => s === 429).length, 30);
    } finally {
      for (const s of servers) s.child.kill('SIGTERM');
      for (const s of servers) assert.equal(await s.exited, 0);
    }
    for (const s of servers)
      assert.deepEqual(
        s
          .out()
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l).event),
        ['ouvindo'],
      );
  });
});

describe('svc demo (npm start)', () => {
  it('ingests the demo fixtures, writes a 0600 demo key that works, and reuses it on the next start', {
    timeout: 120_000,
  }, async () => {
    const { dir, cleanup } = tempDir('svc-api-demo-');
    try {
      const first = startServe(['demo', '--port', '0', '--host', '127.0.0.1', '--json', '--data-dir', dir]);
      const url = await first.url;
      const keyFile = path.join(dir, 'demo-key.txt');
      const key = readFileSync(keyFile, 'utf8').trim();
      assert.equal(statSync(keyFile).mode & 0o777, 0o600);
      const r = await fetch(`${url}/v1/campeonatos`, { headers: { authorization: `Bearer ${key}` } });
      assert.equal(r.status, 200);
      assert.equal(((await r.json()) as { meta: { total: number } }).meta.total, 2);
      assert.match(first.out(), new RegExp(`"key":"${key}","key_file":"[^"]*demo-key.txt","created":true`));
      first.child.kill('SIGINT');
      assert.equal(await first.exited, 0);

      const second = startServe(['demo', '--port', '0', '--host', '127.0.0.1', '--json', '--data-dir', dir]);
      await second.url;
      assert.match(second.out(), new RegExp(`"key":"${key}","key_file":"[^"]*","created":false`));
      second.child.kill('SIGTERM');
      assert.equal(await second.exited, 0);
      const snapshots = await runSvcInProcess(['keys', 'list', '--json', '--data-dir', dir]);
      assert.equal(
        (JSON.parse(snapshots.stdout) as { chaves: unknown[] }).chaves.length,
        1,
        'one demo key, not one per start',
      );
    } finally {
      cleanup();
    }
  });
});
