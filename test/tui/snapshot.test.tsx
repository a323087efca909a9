import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { render } from 'ink-testing-library';
import { App } from '../../src/tui/app.js';
import { ApiClient } from '../../src/tui/api-client.js';
import type { Campeonato, PartidaAoVivo, Tabela } from '../../clients/typescript/index.js';
import { LIVE_DAY } from '../kit/fixtures.js';
import { runSvcInProcess } from '../kit/svc.js';
import { KEY, pressAndWait, selectRow, waitForText } from './frames.js';
import { startDemoServer, type DemoServer } from './serve.js';
import { waitFor } from '../kit/wait.js';
import { svcIngest } from '../kit/ingest.js';

// `svc tui --snapshot ID`: every screen reads as of a retained snapshot. Two live-day steps make a kick-off
// snapshot and a goal after it; the TUI opened at the kick-off must show 0 x 0 while the API serves 1 x 0.

let server: DemoServer;
let kickOff: string;

before(async () => {
  server = await startDemoServer();
  kickOff = await ingest('02-inicio.json');
  const goal = await ingest('03-gol.json');
  // The server swaps on its watch of CURRENT: wait until it serves the goal, so "current" below means it.
  await waitFor(async () => (await api('/v1/partidas/ao-vivo')).snapshot === goal, `svc serve serving ${goal}`, 20_000);
});

after(async () => {
  await server?.stop();
});

async function ingest(file: string): Promise<string> {
  return (await svcIngest(server.dataDir, path.join(LIVE_DAY, file))).snapshot_id;
}

async function api<T>(p: string): Promise<{ data: T; snapshot: string | null }> {
  const res = await fetch(`${server.url}${p}`, { headers: { authorization: `Bearer ${server.key}` } });
  assert.equal(res.status, 200, p);
  return { data: ((await res.json()) as { data: T }).data, snapshot: res.headers.get('x-snapshot') };
}

const flamengo = (partidas: PartidaAoVivo[]) => partidas.find((p) => p.time_mandante.nome === 'Flamengo');

test('the live screen and the standings read as of the snapshot; no stream, the header names it', async () => {
  const current = flamengo((await api<PartidaAoVivo[]>('/v1/partidas/ao-vivo')).data);
  const then = await api<PartidaAoVivo[]>(`/v1/partidas/ao-vivo?snapshot=${kickOff}`);
  const score = (p: PartidaAoVivo | undefined) => `${p?.placar_mandante} x ${p?.placar_visitante}`;
  assert.deepEqual([score(current), score(flamengo(then.data)), then.snapshot], ['1 x 0', '0 x 0', kickOff]);
  const serieA = (await api<Campeonato[]>(`/v1/campeonatos?snapshot=${kickOff}`)).data.find(
    (c) => c.id === current?.campeonato?.id,
  );
  assert.ok(serieA, 'the live match belongs to a championship of the snapshot');
  const tabela = (await api<Tabela>(`/v1/campeonatos/${serieA.id}/tabela?snapshot=${kickOff}`)).data;

  const client = new ApiClient({ baseUrl: server.url, key: server.key, snapshot: kickOff });
  const app = render(<App client={client} liveRefreshMs={3_600_000} />);
  try {
    const first = await waitForText(app, serieA.nome_popular);
    assert.match(first.split('\n')[0] ?? '', new RegExp(`snapshot ${kickOff} · 127\\.0\\.0\\.1:\\d+$`));
    await selectRow(app, serieA.nome_popular);
    await pressAndWait(app, KEY.enter, '(Tab)');
    const leader = tabela.classificacao[0];
    assert.ok(leader);
    await waitForText(app, leader.time.nome);

    const live = await pressAndWait(app, 'a', `como no snapshot ${kickOff}`);
    assert.doesNotMatch(live, /stream de eventos|recarrega a cada/);
    const frame = await waitForText(app, 'Flamengo 0 x 0');
    assert.doesNotMatch(frame, /Flamengo 1 x 0/);
  } finally {
    app.unmount();
  }
});

test('svc tui --snapshot: a bad id is exit 2, one not retained exit 6, --json names the snapshot', async () => {
  const base = ['tui', '--api', server.url, '--key', server.key, '--json'];
  const bad = await runSvcInProcess([...base, '--snapshot', 'abc']);
  assert.deepEqual([bad.code, bad.stderr], [2, 'svc: id de snapshot inválido: "abc"\n']);
  const gone = await runSvcInProcess([...base, '--snapshot', '999']);
  assert.equal(gone.code, 6, gone.stderr);
  assert.match(gone.stderr, /^svc: a API em http:\/\/127\.0\.0\.1:\d+: Snapshot 00000999 não está retido\n$/);
  const ok = await runSvcInProcess([...base, '--snapshot', String(Number(kickOff))]);
  assert.equal(ok.code, 0, ok.stderr);
  assert.equal((JSON.parse(ok.stdout) as { snapshot: string }).snapshot, kickOff);
});
