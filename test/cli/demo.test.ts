/**
 * `npm start` on any date: the demo dates its data for the day it starts, and the README's webhook walk-through
 * runs against it as it is (a receiver on this machine, `svc ingest data/live-day/03-gol.json`). The demo's day is
 * pinned with `--now` to days far from the fixtures' own, so this holds whatever day the suite runs.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../kit/fixtures.js';
import { runSvc, SvcProcess } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';

const FIRST_DAY = '2031-03-09';
/** The API's own date form (`data_realizacao`). */
const br = (day: string): string => day.split('-').reverse().join('/');
const NEXT_DAY = '2031-03-12';

async function startDemo(
  dir: string,
  day: string,
  running: SvcProcess[],
): Promise<{ demo: SvcProcess; url: string; key: string }> {
  const demo = new SvcProcess(['demo', '--port', '0', '--json', '--data-dir', dir, '--now', `${day}T10:00:00-03:00`]);
  running.push(demo);
  const [, url] = await demo.waitForOutput(/"event":"ouvindo","url":"([^"]+)"/, 60_000);
  const key = readFileSync(path.join(dir, 'demo-key.txt'), 'utf8').trim();
  return { demo, url: url as string, key };
}

async function stop(p: SvcProcess): Promise<void> {
  p.kill('SIGTERM');
  assert.equal((await p.exited).code, 0, p.stderr);
}

async function liveMatches(url: string, key: string): Promise<{ status: string; data_realizacao: string }[]> {
  const r = await fetch(`${url}/v1/partidas/ao-vivo`, { headers: { authorization: `Bearer ${key}` } });
  assert.equal(r.status, 200);
  return ((await r.json()) as { data: { status: string; data_realizacao: string }[] }).data;
}

describe('svc demo on any date', () => {
  it('dates its story for the day it starts, listens on 127.0.0.1, and delivers the README goal to a local receiver', {
    timeout: 180_000,
  }, async () => {
    const { dir, cleanup } = tempDir('svc-demo-day-');
    const running: SvcProcess[] = [];
    try {
      const { demo, url, key } = await startDemo(dir, FIRST_DAY, running);
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/, 'the demo key is not offered on every interface');
      const live = await liveMatches(url, key);
      assert.ok(live.length > 0);
      for (const m of live) assert.equal(m.data_realizacao, br(FIRST_DAY));

      // The README's webhook steps, against the running demo.
      const receiver = new SvcProcess(['webhooks', 'listen', '--port', '0', '--secret', 'placeholder']);
      running.push(receiver);
      const [, receiverUrl] = await receiver.waitForOutput(/recebendo em (http:\/\/127\.0\.0\.1:\d+\/)/);
      const created = await fetch(`${url}/v1/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          nome: 'local',
          url: receiverUrl,
          eventos: ['partida.placar_atualizado', 'partida.gol'],
        }),
      });
      assert.equal(created.status, 201, await created.clone().text());
      const { secret } = ((await created.json()) as { data: { secret: string } }).data;
      receiver.kill('SIGTERM');
      await receiver.exited;
      const port = new URL(receiverUrl as string).port;
      const verifying = new SvcProcess(['webhooks', 'listen', '--port', port, '--secret', secret]);
      running.push(verifying);
      await verifying.waitForOutput(/recebendo em/);

      const goal = path.join(dir, 'live-day', '03-gol.json');
      const ingest = await runSvc(['ingest', goal, '--data-dir', dir, '--now', `${FIRST_DAY}T18:53:00-03:00`]);
      assert.equal(ingest.code, 0, ingest.stderr);
      assert.match(ingest.stdout, /partida\.gol ×1/);
      await verifying.waitForOutput(/partida\.gol .* assinatura válida \(segredo atual, [^)]+\) {2}→ 200/, 30_000);

      // A private address that is not this machine stays refused, even in the demo.
      const refused = await fetch(`${url}/v1/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ nome: 'lan', url: 'http://10.0.0.5/', eventos: ['partida.gol'] }),
      });
      assert.equal(refused.status, 400);
      await stop(demo);

      // Started again days later: the old demo is set aside and the same story is told for the new day.
      const again = await startDemo(dir, NEXT_DAY, running);
      assert.ok(existsSync(path.join(dir, 'anteriores', FIRST_DAY, 'CURRENT')), 'the earlier demo is kept aside');
      for (const m of await liveMatches(again.url, again.key)) assert.equal(m.data_realizacao, br(NEXT_DAY));
      assert.match(readFileSync(path.join(dir, 'live-day', '03-gol.json'), 'utf8'), new RegExp(`"${NEXT_DAY}T18:53`));
      await stop(again.demo);
    } finally {
      for (const p of running) p.kill('SIGKILL');
      cleanup();
    }
  });

  it('an ingest whose changed matches all lie outside the live window says so (text and --json)', {
    timeout: 120_000,
  }, async () => {
    const { dir, cleanup } = tempDir('svc-demo-window-');
    try {
      const fixtures = path.join(REPO_ROOT, 'fixtures');
      assert.equal((await runSvc(['ingest', path.join(fixtures, 'demo'), '--data-dir', dir])).code, 0);
      // The bundled goal, ingested a year after its day: nothing is live any more.
      const late = ['--now', '2027-11-22T18:53:00-03:00'];
      const text = await runSvc(['ingest', path.join(fixtures, 'live-day', '03-gol.json'), '--data-dir', dir, ...late]);
      assert.equal(text.code, 0, text.stderr);
      assert.match(text.stdout, /eventos de webhook registrados: 0/);
      assert.match(
        text.stdout,
        /1 partida\(s\) mudaram fora da janela ao vivo, sem eventos de webhook: início 2026-11-22 21:30 UTC; janela 2027-11-19 21:53 a 2027-12-22 21:53 UTC/,
      );
      const json = await runSvc([
        'ingest',
        path.join(fixtures, 'live-day', '04-gol-contra.json'),
        '--data-dir',
        dir,
        '--json',
        ...late,
      ]);
      const out = JSON.parse(json.stdout) as { eventos: { total: number; fora_da_janela: unknown } };
      assert.equal(out.eventos.total, 0);
      assert.deepEqual(out.eventos.fora_da_janela, {
        partidas: 1,
        inicio_min: '2026-11-22T21:30:00Z',
        inicio_max: '2026-11-22T21:30:00Z',
        janela: { desde: '2027-11-19T21:53:00Z', ate: '2027-12-22T21:53:00Z' },
      });
      // Inside the window, nothing is said.
      const live = await runSvc([
        'ingest',
        path.join(fixtures, 'live-day', '05-cartao.json'),
        '--data-dir',
        dir,
        '--json',
      ]);
      assert.equal((JSON.parse(live.stdout) as { eventos: { fora_da_janela: unknown } }).eventos.fora_da_janela, null);
    } finally {
      cleanup();
    }
  });
});
