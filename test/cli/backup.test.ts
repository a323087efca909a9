import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EXIT } from '../../src/cli/exit-codes.js';
import { sign } from '../../src/webhooks/signing.js';
import { runSvc, runSvcInProcess, SvcProcess, startServeProcess } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';
import { createTestDatabase, postgresSkip } from '../kit/postgres.js';
import { Receiver } from '../kit/receiver.js';
import { waitFor } from '../kit/wait.js';
import { DEMO_FIXTURES, LIVE_DAY } from '../kit/fixtures.js';
import { createKey } from '../kit/keys.js';
import { copyDemoDataDir } from '../kit/ingest.js';

/** What a restore must serve byte for byte: dated fixtures, no live clock, no usage counts. */
const SAME_ANSWERS = [
  '/v1/campeonatos',
  '/v1/campeonatos/1/tabela',
  '/v1/campeonatos/1/partidas?rodada=34&por_pagina=5',
  '/v1/campeonatos/2/chave',
  '/v1/jogadores?q=guimaraes&posicao=atacante',
];

async function serve(dataDir: string): Promise<{ server: SvcProcess; base: string }> {
  const { server, url } = await startServeProcess(dataDir, ['--allow-private-urls']);
  return { server, base: url };
}

async function stop(server: SvcProcess): Promise<void> {
  server.kill('SIGTERM');
  assert.equal((await server.exited).code, 0, server.stderr);
}

describe('svc backup and svc restore', () => {
  const tmp = tempDir('svc-backup-');
  const data = path.join(tmp.dir, 'data');
  const backup = path.join(tmp.dir, 'backup');
  const restored = path.join(tmp.dir, 'restored');
  const receiver = new Receiver();
  let key = '';

  before(async () => {
    await copyDemoDataDir(data);
    key = await createKey(data, 'acme', 'pro');
  });
  after(async () => {
    await receiver.stop();
    tmp.cleanup();
  });

  it('a backup taken while serving restores into a fresh dir that serves the same answers, key and webhook', async () => {
    const auth = { authorization: `Bearer ${key}` };
    const original = await serve(data);
    const answers = await Promise.all(
      SAME_ANSWERS.map(async (p) => {
        const r = await fetch(`${original.base}${p}`, { headers: auth });
        assert.equal(r.status, 200, p);
        return Buffer.from(await r.arrayBuffer());
      }),
    );
    const hook = await fetch(`${original.base}/v1/webhooks`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ nome: 'gols', url: await receiver.start(), eventos: ['partida.gol'] }),
    });
    assert.equal(hook.status, 201, await hook.clone().text());
    const { secret, id: webhookId } = ((await hook.json()) as { data: { secret: string; id: number } }).data;

    // Requests keep arriving (and usage keeps being written to control.db) for as long as the backup runs.
    let backingUp = true;
    const statuses: number[] = [];
    const load = (async () => {
      while (backingUp) {
        const r = await fetch(`${original.base}/v1/campeonatos/1/tabela`, { headers: auth });
        statuses.push(r.status);
        await r.arrayBuffer();
      }
    })();
    await waitFor(() => statuses.length > 0, 'the first request served');
    const taken = await runSvc(['backup', '--to', backup, '--json', '--data-dir', data]);
    backingUp = false;
    await load;
    assert.equal(taken.code, 0, taken.stderr);
    assert.equal(taken.stderr, '', 'the default secret.key is in the backup: no reminder');
    // Answered throughout: served, or refused by the plan's per-second limit (the loop outruns it), never failed.
    assert.ok(
      statuses.every((s) => s === 200 || s === 429),
      `every request answered during the backup: ${statuses}`,
    );
    const { manifesto } = JSON.parse(taken.stdout) as {
      manifesto: { atual: string; snapshots: string[]; chave_de_segredos: string; arquivos: { caminho: string }[] };
    };
    assert.equal(manifesto.atual, '00000001');
    assert.equal(manifesto.chave_de_segredos, 'secret.key');
    assert.deepEqual(manifesto.arquivos.map((f) => f.caminho).sort(), [
      'CURRENT',
      'CURRENT.max',
      'control.db',
      'secret.key',
      'snapshots/00000001.duckdb',
      'snapshots/00000001.json',
    ]);

    await stop(original.server);

    const restore = await runSvc(['restore', '--from', backup, '--data-dir', restored]);
    assert.equal(restore.code, 0, restore.stderr);
    assert.match(restore.stdout, /^restaurado em .*: 1 snapshots \(atual 00000001\), plano de controle sqlite/);

    const copy = await serve(restored);
    try {
      for (const [i, p] of SAME_ANSWERS.entries()) {
        const r = await fetch(`${copy.base}${p}`, { headers: auth });
        assert.equal(r.status, 200, p);
        assert.ok(Buffer.from(await r.arrayBuffer()).equals(answers[i] as Buffer), `${p}: the same bytes`);
      }
      const me = await fetch(`${copy.base}/v1/me`, { headers: auth });
      assert.equal(me.status, 200, 'the key still works');
      const hooks = (await (await fetch(`${copy.base}/v1/webhooks`, { headers: auth })).json()) as {
        data: { id: number; nome: string }[];
      };
      assert.deepEqual(
        hooks.data.map((w) => [w.id, w.nome]),
        [[webhookId, 'gols']],
      );
    } finally {
      await stop(copy.server);
    }

    // The restored control plane opens the webhook's secret with the restored key, and signs with it.
    const sent = await runSvcInProcess([
      'webhooks',
      'trigger',
      'partida.gol',
      '--allow-private-urls',
      '--data-dir',
      restored,
    ]);
    assert.equal(sent.code, 0, sent.stderr);
    await receiver.waitFor(1);
    const delivery = receiver.requests[0];
    assert.ok(delivery);
    const timestamp = delivery.headers['x-svc-timestamp'] as string;
    assert.equal(delivery.headers['x-svc-assinatura'], sign(secret, timestamp, delivery.body));
  });

  it('a backup taken under writes (ingests publishing, webhooks created) restores one consistent moment', async (t) => {
    const live = path.join(tmp.dir, 'live');
    await copyDemoDataDir(live);
    const created = await runSvcInProcess([
      'keys',
      'create',
      '--account',
      'escrita',
      '--plan',
      'enterprise',
      '--json',
      '--data-dir',
      live,
    ]);
    const auth = { authorization: `Bearer ${(JSON.parse(created.stdout) as { key: string }).key}` };
    const original = await serve(live);
    const ingest = async (step: string) => {
      const r = await runSvc(['ingest', path.join(LIVE_DAY, step), '--data-dir', live]);
      assert.equal(r.code, 0, r.stderr);
    };
    await ingest('01-pre-jogo.json');
    const hooks: number[] = [];
    let backingUp = true;
    // Control-plane writes the whole time (webhooks in order, usage), and two more ingests publishing snapshots.
    const writes = (async () => {
      while (backingUp && hooks.length < 50) {
        const r = await fetch(`${original.base}/v1/webhooks`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ nome: `w${hooks.length}`, url: 'http://127.0.0.1:9/', eventos: ['partida.gol'] }),
        });
        assert.equal(r.status, 201, await r.clone().text());
        hooks.push(((await r.json()) as { data: { id: number } }).data.id);
      }
    })();
    const ingests = (async () => {
      await ingest('02-inicio.json');
      await ingest('03-gol.json');
    })();
    await waitFor(() => hooks.length > 0, 'the first webhook created');
    const taken = await runSvc(['backup', '--to', path.join(tmp.dir, 'live-backup'), '--json', '--data-dir', live]);
    backingUp = false;
    await Promise.all([writes, ingests]);
    assert.equal(taken.code, 0, taken.stderr);
    const { atual } = (JSON.parse(taken.stdout) as { manifesto: { atual: string } }).manifesto;

    const copyDir = path.join(tmp.dir, 'live-restored');
    const restore = await runSvc(['restore', '--from', path.join(tmp.dir, 'live-backup'), '--data-dir', copyDir]);
    assert.equal(restore.code, 0, restore.stderr);
    const copy = await serve(copyDir);
    try {
      // The restored node serves, as current, what the original served from the snapshot current at the backup.
      for (const p of [...SAME_ANSWERS, '/v1/partidas/339/eventos']) {
        const asOf = `${p}${p.includes('?') ? '&' : '?'}snapshot=${atual}`;
        const [want, got] = await Promise.all([
          fetch(`${original.base}${asOf}`, { headers: auth }),
          fetch(`${copy.base}${p}`, { headers: auth }),
        ]);
        assert.equal(got.status, 200, p);
        assert.equal(got.headers.get('x-snapshot'), atual);
        assert.ok(
          Buffer.from(await got.arrayBuffer()).equals(Buffer.from(await want.arrayBuffer())),
          `${p}: the same bytes`,
        );
      }
      // One moment of the control plane: the webhooks created before it, in order, none after a gap.
      const restored = (
        (await (await fetch(`${copy.base}/v1/webhooks`, { headers: auth })).json()) as {
          data: { id: number }[];
        }
      ).data.map((w) => w.id);
      assert.ok(restored.length > 0, 'the webhook created before the backup began');
      assert.deepEqual(restored, hooks.slice(0, restored.length));
      t.diagnostic(`backup at snapshot ${atual} with ${restored.length} of the ${hooks.length} webhooks created`);
    } finally {
      await stop(copy.server);
      await stop(original.server);
    }
  });

  it('bad input: one line on stderr and an exit code, nothing restored', async () => {
    // [case, the backup to restore, exit code, the line; the target is a fresh dir unless given]
    const cases: [string, () => string, number, RegExp, string?][] = [
      ['missing backup', () => path.join(tmp.dir, 'none'), EXIT.unreachable, /backup não encontrado/],
      [
        'not a backup',
        () => {
          mkdirSync(path.join(tmp.dir, 'empty'), { recursive: true });
          return path.join(tmp.dir, 'empty');
        },
        EXIT.invalidInput,
        /não é um backup do svc \(backup\.json ausente/,
      ],
      ['non-empty target', () => backup, EXIT.notReady, /não está vazia; restaure numa pasta nova ou vazia/, restored],
      [
        'a corrupted snapshot',
        () => {
          const dir = broken('corrupted');
          const file = path.join(dir, 'snapshots/00000001.duckdb');
          // One byte changed in the middle: the size still matches, only the checksum can tell.
          const bytes = readFileSync(file);
          bytes.writeUInt8(bytes.readUInt8(4096) ^ 0xff, 4096);
          writeFileSync(file, bytes);
          return dir;
        },
        EXIT.invalidInput,
        /backup corrompido: snapshots\/00000001\.duckdb não confere com o sha256 do manifesto/,
      ],
      [
        'a newer control-plane schema',
        () => {
          const dir = broken('newer');
          const file = path.join(dir, 'backup.json');
          const m = JSON.parse(readFileSync(file, 'utf8')) as { plano_de_controle: { migracoes: string[] } };
          m.plano_de_controle.migracoes.push('999_futuro.sql');
          writeFileSync(file, JSON.stringify(m));
          return dir;
        },
        EXIT.notReady,
        /foi feito pelo svc .*: esquema 999 do plano de controle, mais novo que o deste svc/,
      ],
    ];
    let n = 0;
    for (const [name, from, exit, message, given] of cases) {
      const target = given ?? path.join(tmp.dir, `target-${++n}`);
      const r = await runSvcInProcess(['restore', '--from', from(), '--data-dir', target]);
      assert.equal(r.code, exit, `${name}: ${r.stderr}`);
      assert.match(r.stderr, message, name);
      assert.equal(r.stderr.trim().split('\n').length, 1, name);
      if (given === undefined) assert.equal(existsSync(target), false, `${name}: nothing written`);
    }
    assert.deepEqual(staging(tmp.dir), [], 'a failed restore removes the folder it copied into');
  });

  it('a restore killed midway leaves the empty target untouched; the next one fills it', async () => {
    // The snapshot is a named pipe: the restore blocks on it after control.db is copied, until the test writes.
    const from = broken('fifo');
    const snapshot = path.join(from, 'snapshots/00000001.duckdb');
    rmSync(snapshot);
    execFileSync('mkfifo', [snapshot]);
    const target = path.join(tmp.dir, 'prepared');
    mkdirSync(target, { mode: 0o750 });
    const restore = new SvcProcess(['restore', '--from', from, '--data-dir', target]);
    // Opening the pipe returns once the restore opens it to read: copying has begun.
    const pipe = await open(snapshot, 'w');
    const bytes = readFileSync(path.join(backup, 'snapshots/00000001.duckdb'));
    await pipe.write(bytes.subarray(0, bytes.length / 2));
    const [aside] = staging(tmp.dir);
    assert.ok(aside, 'the restore copies beside the target');
    assert.ok(existsSync(path.join(tmp.dir, aside, 'control.db')), 'control.db copied before the snapshot');
    restore.kill('SIGKILL');
    assert.equal((await restore.exited).signal, 'SIGKILL');
    await pipe.close();
    assert.deepEqual(readdirSync(target), [], 'the target is still empty');
    assert.equal(statSync(target).mode & 0o777, 0o750);

    const again = await runSvcInProcess(['restore', '--from', backup, '--data-dir', target]);
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(readdirSync(target).sort(), ['CURRENT', 'CURRENT.max', 'control.db', 'secret.key', 'snapshots']);
    assert.equal(statSync(target).mode & 0o777, 0o750, 'a prepared target keeps its permissions');
    assert.ok(readFileSync(path.join(target, 'snapshots/00000001.duckdb')).equals(bytes));
    rmSync(path.join(tmp.dir, aside), { recursive: true });
  });

  it('backup refuses a non-empty target and a missing data dir, and reminds of a key kept outside the data dir', async () => {
    const busy = await runSvcInProcess(['backup', '--to', backup, '--data-dir', data]);
    assert.equal(busy.code, EXIT.notReady);
    assert.match(busy.stderr, /não está vazia; faça o backup numa pasta nova ou vazia/);
    const missing = await runSvcInProcess([
      'backup',
      '--to',
      path.join(tmp.dir, 'b2'),
      '--data-dir',
      path.join(tmp.dir, 'none'),
    ]);
    assert.equal(missing.code, EXIT.unreachable);
    assert.match(missing.stderr, /^svc: pasta de dados não encontrada: .*none\n$/);

    const own = path.join(tmp.dir, 'own-key');
    await copyDemoDataDir(own);
    const env = { SVC_SECRET_KEY: 'a passphrase kept elsewhere' };
    const r = await runSvcInProcess(
      ['backup', '--to', path.join(tmp.dir, 'own-key-backup'), '--json', '--data-dir', own],
      { env },
    );
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stderr,
      /^svc: aviso: a chave de segredos está configurada fora da pasta de dados .* sem ela o backup não abre os segredos de webhook\n$/,
    );
    assert.equal(existsSync(path.join(tmp.dir, 'own-key-backup', 'secret.key')), false);
  });

  /** The folders restores copy into beside their targets, left in `dir`. */
  function staging(dir: string): string[] {
    return readdirSync(dir).filter((f) => f.includes('.restaurando-'));
  }

  /** A copy of the good backup for one case to break. */
  function broken(name: string): string {
    const dir = path.join(tmp.dir, name);
    cpSync(backup, dir, { recursive: true });
    return dir;
  }
});

describe('svc backup on PostgreSQL', { skip: postgresSkip ?? false }, () => {
  it('copies the snapshots, prints the pg_dump to run and restores the snapshots with a pg_restore reminder', async () => {
    const database = await createTestDatabase();
    const { dir, cleanup } = tempDir('svc-backup-pg-');
    try {
      const env = { SVC_DATABASE_URL: database.url, SVC_SECRET_KEY: 'chave-de-teste-com-mais-de-16-caracteres' };
      const data = path.join(dir, 'data');
      assert.equal((await runSvcInProcess(['ingest', DEMO_FIXTURES, '--data-dir', data], { env })).code, 0);
      const to = path.join(dir, 'backup');
      const r = await runSvcInProcess(['backup', '--to', to, '--data-dir', data], { env });
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /plano de controle postgresql no esquema \d{3}/);
      assert.ok(r.stdout.includes(`pg_dump -Fc -f ${path.join(to, 'control.dump')} '${database.url}'`), r.stdout);
      assert.match(r.stderr, /aviso: a chave de segredos está configurada fora da pasta de dados/);
      assert.equal(existsSync(path.join(to, 'control.db')), false);

      const back = await runSvcInProcess(['restore', '--from', to, '--data-dir', path.join(dir, 'restored')]);
      assert.equal(back.code, 0, back.stderr);
      assert.match(back.stderr, /restaure o dump com pg_restore/);
      assert.ok(existsSync(path.join(dir, 'restored/snapshots/00000001.duckdb')));

      const down = await runSvcInProcess(['backup', '--to', path.join(dir, 'down'), '--data-dir', data], {
        env: { ...env, SVC_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/x' },
      });
      assert.equal(down.code, EXIT.unreachable, down.stderr);
      assert.equal(existsSync(path.join(dir, 'down')), false, 'nothing copied');
    } finally {
      cleanup();
      await database.drop();
    }
  });
});
