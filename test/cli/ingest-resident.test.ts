/**
 * The resident ingester (`svc ingest --resident`, src/cli/resident/): a cron's `svc ingest` hands its step to it and
 * prints and exits as its own process would; anything the resident cannot take as that process would (other
 * settings, a busy or absent or killed resident) runs in the client's own process, as before.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EXIT } from '../../src/cli/exit-codes.js';
import { tempDir } from '../kit/dirs.js';
import { FIXTURES_NOW, liveDayStep } from '../kit/fixtures.js';
import { copyDemoDataDir } from '../kit/ingest.js';
import { runSvc, SVC_BIN, SvcProcess } from '../kit/svc.js';
import { waitFor } from '../kit/wait.js';

const { dir, cleanup } = tempDir('svc-resident-');
after(cleanup);

/** Starts `svc ingest --resident` on `dataDir`; resolves once it listens. */
async function startResident(dataDir: string, env: Record<string, string> = {}): Promise<SvcProcess> {
  const resident = new SvcProcess(['ingest', '--resident', '--data-dir', dataDir], env);
  await Promise.race([
    resident.waitForOutput(/residente em /),
    resident.exited.then(({ code }) => {
      throw new Error(`svc ingest --resident exited ${code}: ${resident.stderr}`);
    }),
  ]);
  return resident;
}

const steps = (resident: SvcProcess, outcome = '') =>
  resident.stderr.split('\n').filter((l) => /^svc ingest: passo do pid .*: saída \d+ em/.test(l) && l.includes(outcome))
    .length;

/** A copy of a live-day step under `dir/feeds`, named relative to `dir` (the clients run there). */
function feed(name: string): string {
  mkdirSync(path.join(dir, 'feeds'), { recursive: true });
  copyFileSync(liveDayStep(name), path.join(dir, 'feeds', `${name}.json`));
  return path.join('feeds', `${name}.json`);
}

describe('svc ingest handed to a resident ingester', () => {
  let resident: SvcProcess;
  before(async () => {
    await copyDemoDataDir(path.join(dir, 'data'));
    await copyDemoDataDir(path.join(dir, 'twin'));
    resident = await startResident(path.join(dir, 'data'));
  });
  after(async () => {
    resident.kill('SIGTERM');
    await resident.exited;
  });

  it('prints and exits as its own process: the same summary as a step run alone, relative paths from the client', async () => {
    const step = feed('03-gol');
    const alone = await runSvc(['ingest', step, '--data-dir', 'twin', '--json'], { cwd: dir });
    const handed = await runSvc(['ingest', step, '--data-dir', 'data', '--json'], { cwd: dir });
    assert.equal(handed.code, 0, handed.stderr);
    await waitFor(
      () => steps(resident, 'saída 0') === 1,
      () => `the resident running it: ${resident.stderr}`,
    );
    const summary = (r: { stdout: string }) => {
      const { duracao_ms: _, ...rest } = JSON.parse(r.stdout) as { duracao_ms: number };
      return rest;
    };
    assert.deepEqual(summary(handed), summary(alone));
    assert.ok((summary(handed) as unknown as { eventos: { total: number } }).eventos.total > 0, 'a live step');
    assert.equal(handed.stderr, alone.stderr);
  });

  it('bad input: the same lines and exit code as its own process, and nothing published', async () => {
    writeFileSync(path.join(dir, 'feeds', 'bad.json'), '{"formato": "svc-feed/1", "partidas": [{"id": 1}]}');
    for (const json of [[], ['--json']]) {
      const alone = await runSvc(['ingest', 'feeds/bad.json', '--data-dir', 'twin', ...json], { cwd: dir });
      const handed = await runSvc(['ingest', 'feeds/bad.json', '--data-dir', 'data', ...json], { cwd: dir });
      assert.equal(handed.code, EXIT.invalidInput);
      assert.deepEqual([handed.stdout, handed.stderr], [alone.stdout, alone.stderr]);
      assert.match(handed.stderr, /nada foi publicado/);
    }
    await waitFor(
      () => steps(resident, `saída ${EXIT.invalidInput}`) === 2,
      () => resident.stderr,
    );
  });

  it('a step with other settings in its environment runs in its own process; the resident says why', async () => {
    const before = steps(resident);
    const r = await runSvc(['ingest', feed('04-gol-contra'), '--data-dir', 'data', '--json'], {
      cwd: dir,
      env: { SVC_FEED_TIMEOUT_MS: '12345' },
    });
    assert.equal(r.code, 0, r.stderr);
    await resident.waitForOutput(/recusado \(ambiente diferente do residente: SVC_FEED_TIMEOUT_MS\); roda no próprio/);
    assert.equal(steps(resident), before);
  });

  it("a feed the resident would read as another file (the client's /dev/stdin) runs in the client", async () => {
    const before = steps(resident);
    // A shell pipe, as a user writes it (node's own stdio is a socket, which /dev/stdin cannot open).
    const svc = [process.execPath, SVC_BIN].map((w) => JSON.stringify(w)).join(' ');
    const command = `cat ${JSON.stringify(liveDayStep('06-substituicao'))} | ${svc} ingest /dev/stdin --format svc-feed --now ${FIXTURES_NOW} --data-dir data --json`;
    const r = spawnSync('sh', ['-c', command], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.ok((JSON.parse(r.stdout) as { contagens: { partidas: number } }).contagens.partidas > 0, 'read the pipe');
    await resident.waitForOutput(/recusado \(vê outros arquivos que o cliente: \/dev\/stdin\)/);
    assert.equal(steps(resident), before);
  });

  it('meets the ingest lock as its own process would: exit 5, naming the holder', async () => {
    const holder = new SvcProcess([
      'ingest',
      path.join(dir, feed('05-cartao')),
      '--data-dir',
      path.join(dir, 'data'),
      '--now',
      FIXTURES_NOW,
      '--pause-at',
      'locked',
    ]);
    await holder.waitForOutput(/pausado em locked/);
    const r = await runSvc(['ingest', feed('05-cartao'), '--data-dir', 'data'], { cwd: dir });
    assert.equal(r.code, EXIT.locked);
    assert.match(r.stderr, new RegExp(`^svc: outro ingest está em andamento \\(pid ${holder.pid} desde `));
    await waitFor(
      () => steps(resident, `saída ${EXIT.locked}`) === 1,
      () => resident.stderr,
    );
    holder.kill('SIGKILL');
    await holder.exited;
    const again = await runSvc(['ingest', feed('05-cartao'), '--data-dir', 'data'], { cwd: dir });
    assert.equal(again.code, 0, again.stderr);
  });

  it('a --dry-run is never handed: it runs in its own process and the resident hears nothing of it', async () => {
    const lines = resident.stderr.split('\n').length;
    const dry = await runSvc(['ingest', feed('07-penalti'), '--data-dir', 'data', '--dry-run', '--json'], { cwd: dir });
    assert.equal(dry.code, 0, dry.stderr);
    assert.equal((JSON.parse(dry.stdout) as { dry_run: boolean }).dry_run, true);
    // Barrier: a handed step after it; its line is the only one the resident wrote since.
    const handed = await runSvc(['ingest', feed('07-penalti'), '--data-dir', 'data'], { cwd: dir });
    assert.equal(handed.code, 0, handed.stderr);
    await waitFor(
      () => resident.stderr.split('\n').length > lines,
      () => resident.stderr,
    );
    assert.deepEqual(
      resident.stderr
        .split('\n')
        .slice(lines - 1)
        .filter(Boolean)
        .map((l) => l.replace(/pid \d+/, 'pid N').replace(/em \d+ ms/, 'em T ms')),
      [`svc ingest: passo do pid N (--now ${FIXTURES_NOW} feeds/07-penalti.json --data-dir data): saída 0 em T ms`],
    );
  });

  it('a second resident on the same data dir exits 5; --resident takes no feeds', async () => {
    const second = await runSvc(['ingest', '--resident', '--data-dir', 'data'], { cwd: dir });
    assert.equal(second.code, EXIT.locked);
    assert.match(second.stderr, /^svc: já há um ingest residente nesta pasta de dados \(.*ingest\.sock\)\n$/);
    const withFeed = await runSvc(['ingest', '--resident', 'feeds/03-gol.json', '--data-dir', 'data'], { cwd: dir });
    assert.equal(withFeed.code, EXIT.usage);
  });
});

it('a data dir whose socket path is too long: the resident exits 2 saying so; svc ingest there runs alone', async () => {
  const long = path.join(dir, 'x'.repeat(110 - dir.length > 0 ? 110 - dir.length : 1), 'data');
  await copyDemoDataDir(long);
  const r = await runSvc(['ingest', '--resident', '--data-dir', long]);
  assert.equal(r.code, EXIT.usage);
  assert.equal(
    r.stderr,
    `svc: caminho da pasta de dados longo demais para o socket do ingest residente (${long}); use um caminho mais curto\n`,
  );
  const step = await runSvc(['ingest', liveDayStep('03-gol'), '--data-dir', long, '--json']);
  assert.equal(step.code, 0, step.stderr);
  const doctor = await runSvc(['doctor', '--json', '--port', '0', '--data-dir', long]);
  const checks = (JSON.parse(doctor.stdout) as { verificacoes: { nome: string; estado: string; mensagem: string }[] })
    .verificacoes;
  assert.deepEqual(
    checks.find((c) => c.nome === 'ingest residente'),
    {
      nome: 'ingest residente',
      estado: 'ok',
      mensagem:
        'nenhum possível (caminho da pasta de dados longo demais para um socket): cada svc ingest roda no próprio processo',
    },
  );
});

describe('a resident that goes away', () => {
  it('SIGTERM: exits 0 and removes its socket; SIGKILL: the socket left behind is ignored and taken over', async () => {
    const dataDir = path.join(dir, 'gone');
    await copyDemoDataDir(dataDir);
    const socket = path.join(dataDir, 'ingest.sock');
    const first = await startResident(dataDir);
    first.kill('SIGTERM');
    assert.deepEqual(await first.exited, { code: 0, signal: null });
    assert.equal(existsSync(socket), false);
    const killed = await startResident(dataDir);
    killed.kill('SIGKILL');
    await killed.exited;
    assert.equal(existsSync(socket), true, 'a killed resident leaves its socket');
    const r = await runSvc(['ingest', liveDayStep('03-gol'), '--data-dir', dataDir, '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '', 'no resident is not worth a warning');
    const next = await startResident(dataDir);
    next.kill('SIGTERM');
    assert.equal((await next.exited).code, 0);
  });

  it('killed in the middle of a step: the client says so and runs the step itself', async () => {
    const dataDir = path.join(dir, 'mid-step');
    await copyDemoDataDir(dataDir);
    const env = { SVC_ALLOW_HTTP_FEEDS: '1' };
    // The feed's server holds its first request (the resident's) and answers the next one (the client's own run).
    const held: ServerResponse[] = [];
    const body = readFileSync(liveDayStep('03-gol'));
    const server = createServer((_req: IncomingMessage, res: ServerResponse) => {
      if (held.length === 0) held.push(res);
      else res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/live.json`;
    const resident = await startResident(dataDir, env);
    try {
      const client = runSvc(['ingest', url, '--data-dir', dataDir, '--json'], { env });
      await waitFor(() => held.length === 1, 'the resident fetching the feed');
      resident.kill('SIGKILL');
      const r = await client;
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stderr, 'svc: aviso: o ingest residente parou durante o passo; rodando o passo neste processo\n');
      assert.ok((JSON.parse(r.stdout) as { eventos: { total: number } }).eventos.total > 0);
    } finally {
      resident.kill('SIGKILL');
      for (const res of held) res.destroy();
      server.close();
    }
  });
});
