/**
 * `svc ingest --follow`: one real process publishes each change of a followed file (seen by its folder's watch, not
 * by the hour-long poll), reports a bad round and goes on, asks a URL conditionally, and exits 0 on SIGTERM.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, it } from 'node:test';
import { FIXTURES_NOW, LIVE_DAY } from '../kit/fixtures.js';
import { copyDemoDataDir } from '../kit/ingest.js';
import { runSvc, SvcProcess } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';
import { waitFor } from '../kit/wait.js';

const step = (file: string): Buffer => readFileSync(path.join(LIVE_DAY, file));

interface Line {
  ok: boolean;
  eventos?: { por_tipo: Record<string, number> };
  erro?: { codigo: string; saida: number };
}

const lines = (p: SvcProcess): Line[] =>
  p.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Line);

async function lineCount(p: SvcProcess, n: number): Promise<Line> {
  await waitFor(() => lines(p).length >= n, `${n} rounds reported: ${p.stdout}${p.stderr}`, 60_000);
  return lines(p)[n - 1] as Line;
}

async function withDemo(run: (dir: string) => Promise<void>): Promise<void> {
  const { dir, cleanup } = tempDir('svc-follow-');
  try {
    await copyDemoDataDir(dir);
    await run(dir);
  } finally {
    cleanup();
  }
}

describe('svc ingest --follow', () => {
  it(
    'publishes each change of a followed file at once, reports a bad round and goes on, exits 0 on SIGTERM',
    {
      timeout: 180_000,
    },
    async () =>
      withDemo(async (dir) => {
        const live = path.join(dir, 'live.json');
        writeFileSync(live, step('02-inicio.json'));
        const args = ['ingest', live, '--follow', '--every', '1h', '--json', '--data-dir', dir, '--now', FIXTURES_NOW];
        const follower = new SvcProcess(args);
        // Written aside and renamed into place, as careful writers publish a file: writing it in place lets a round
        // read it empty or half-written (one more error round, which would shift the count this test reads).
        const put = (content: string | Buffer) => {
          writeFileSync(`${live}.tmp`, content);
          renameSync(`${live}.tmp`, live);
        };
        try {
          assert.deepEqual((await lineCount(follower, 1)).eventos?.por_tipo, { 'partida.ao_vivo': 2 });
          // Between rounds it copies the snapshot now current for the next one (test/warehouse/copy-ahead.test.ts).
          const snapshots = path.join(dir, 'snapshots');
          await waitFor(() => readdirSync(snapshots).some((n) => /^\.tmp-\d+\.duckdb$/.test(n)), 'the next copy made');
          put(step('03-gol.json'));
          assert.deepEqual((await lineCount(follower, 2)).eventos?.por_tipo, {
            'partida.placar_atualizado': 1,
            'partida.gol': 1,
          });
          put('{"formato": "svc-feed/1", "fonte": "demo", "partidas": [{"id": 1}]}');
          const bad = await lineCount(follower, 3);
          assert.equal(bad.ok, false);
          assert.deepEqual([bad.erro?.codigo, bad.erro?.saida], ['entrada_invalida', 3]);
          put(step('04-gol-contra.json'));
          assert.deepEqual((await lineCount(follower, 4)).eventos?.por_tipo, {
            'partida.placar_atualizado': 1,
            'partida.gol': 1,
          });
        } finally {
          follower.kill('SIGTERM');
        }
        assert.deepEqual(await follower.exited, { code: 0, signal: null }, follower.stderr);
        assert.deepEqual(
          readdirSync(path.join(dir, 'snapshots')).filter((n) => n.startsWith('.tmp-')),
          [],
          'the copy made ahead removed at exit',
        );
        const snapshots = await runSvc(['snapshots', '--json', '--data-dir', dir]);
        assert.equal((JSON.parse(snapshots.stdout) as { total: number }).total, 4, 'demo + 3 rounds');
      }),
  );

  it(
    'asks a URL conditionally: an unchanged feed costs a 304, a changed one is published',
    {
      timeout: 180_000,
    },
    async () =>
      withDemo(async (dir) => {
        let body = step('02-inicio.json');
        let etag = '"v1"';
        const seen: { ifNoneMatch: string | undefined; status: number }[] = [];
        const server = http.createServer((req, res) => {
          const status = req.headers['if-none-match'] === etag ? 304 : 200;
          seen.push({ ifNoneMatch: req.headers['if-none-match'], status });
          res.writeHead(status, { etag, 'content-type': 'application/json' });
          res.end(status === 200 ? body : undefined);
        });
        await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/live.json`;
        const args = ['ingest', url, '--follow', '--every', '1s', '--json', '--data-dir', dir, '--now', FIXTURES_NOW];
        const follower = new SvcProcess(args, { SVC_ALLOW_HTTP_FEEDS: '1' });
        try {
          assert.deepEqual((await lineCount(follower, 1)).eventos?.por_tipo, { 'partida.ao_vivo': 2 });
          await waitFor(() => seen.some((s) => s.status === 304), 'a conditional GET answered 304', 30_000);
          assert.deepEqual(seen[1], { ifNoneMatch: '"v1"', status: 304 });
          body = step('03-gol.json');
          etag = '"v2"';
          assert.deepEqual((await lineCount(follower, 2)).eventos?.por_tipo, {
            'partida.placar_atualizado': 1,
            'partida.gol': 1,
          });
          assert.equal(lines(follower).length, 2, 'the 304 rounds published nothing');
        } finally {
          follower.kill('SIGTERM');
          server.close();
        }
        assert.equal((await follower.exited).code, 0, follower.stderr);
      }),
  );

  it('refuses --follow with --dry-run', async () => {
    const r = await runSvc(['ingest', 'x.json', '--follow', '--dry-run']);
    assert.equal(r.code, 2);
    assert.equal(r.stderr, 'svc: --follow e --dry-run não combinam\n');
  });
});
