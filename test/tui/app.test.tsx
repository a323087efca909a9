import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { render } from 'ink-testing-library';
import { App } from '../../src/tui/app.js';
import { ApiClient } from '../../src/tui/api-client.js';
import type {
  Campeonato,
  ChaveCampeonato,
  EstatisticasPartida,
  EventoPartida,
  Partida,
  PartidaDaRodada,
  Rodada,
  Tabela,
} from '../../clients/typescript/index.js';
import {
  KEY,
  pressAndWait,
  pressAndWaitForScreen,
  selectRow,
  selectedLine,
  waitForFrame,
  waitForText,
} from './frames.js';
import { closedPort } from '../kit/ports.js';
import { createKey } from '../kit/keys.js';
import { startDemoServer, type DemoServer } from './serve.js';

// The TUI against a real `svc serve` over the demo fixtures. What the frames must show is read from the same
// API with plain HTTP: the TUI is checked for rendering what the server says, as a user would see it.

let server: DemoServer;

before(async () => {
  server = await startDemoServer();
});

after(async () => {
  await server?.stop();
});

async function api<T>(path: string, key = server?.key): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server?.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: res.status, body: (await res.json()) as T };
}

function open(options: { key?: string; url?: string; liveRefreshMs?: number } = {}) {
  const client = new ApiClient({ baseUrl: options.url ?? server?.url ?? '', key: options.key ?? server?.key ?? '' });
  return render(<App client={client} {...(options.liveRefreshMs ? { liveRefreshMs: options.liveRefreshMs } : {})} />);
}

async function campeonato(tipo: Campeonato['tipo']): Promise<Campeonato> {
  const { body } = await api<{ data: Campeonato[] }>('/v1/campeonatos');
  const found = body.data.find((c) => c.tipo === tipo);
  assert.ok(found, `the demo has a ${tipo} championship`);
  return found;
}

/** Opens a championship from the first screen and waits for its tabs. */
async function openChampionship(app: ReturnType<typeof open>, c: Campeonato): Promise<void> {
  await waitForText(app, c.nome_popular);
  await selectRow(app, c.nome_popular);
  await pressAndWait(app, KEY.enter, c.nome);
  await waitForText(app, '(Tab)');
}

test('championship list → standings → round → match: score, events by minute and statistics side by side', async () => {
  const serieA = await campeonato('pontos-corridos');
  // The match to reach: the first finished one with events, walking back from the current round.
  let rodada: Rodada | undefined;
  let partida: PartidaDaRodada | undefined;
  let eventos: EventoPartida[] = [];
  let stepsBack = 0;
  for (let numero = serieA.rodada_atual?.numero ?? 1; numero >= 1 && !partida; numero--, stepsBack++) {
    rodada = (await api<{ data: Rodada }>(`/v1/campeonatos/${serieA.id}/rodadas/${numero}`)).body.data;
    for (const p of rodada.partidas.filter((m) => m.status === 'encerrado')) {
      eventos = (await api<{ data: EventoPartida[] }>(`/v1/partidas/${p.id}/eventos`)).body.data;
      if (eventos.length > 0) {
        partida = p;
        break;
      }
    }
  }
  assert.ok(rodada && partida, 'the demo has a finished Série A match with events');
  stepsBack--;
  const tabela = (await api<{ data: Tabela }>(`/v1/campeonatos/${serieA.id}/tabela`)).body.data;
  const stats = (await api<{ data: EstatisticasPartida }>(`/v1/partidas/${partida.id}/estatisticas`)).body.data;

  const app = open();
  try {
    await openChampionship(app, serieA);
    const leader = tabela.classificacao[0];
    assert.ok(leader);
    const standings = await waitForText(app, leader.time.nome);
    const leaderLine = standings.split('\n').find((l) => l.startsWith(`${leader.posicao}  `));
    assert.match(
      leaderLine ?? '',
      new RegExp(
        `^1\\s+${leader.time.nome}\\s+${[leader.pontos, leader.jogos, leader.vitorias, leader.empates, leader.derrotas, leader.gols_pro, leader.gols_contra, leader.saldo].join('\\s+')}\\s*$`,
      ),
    );

    await pressAndWait(app, KEY.tab, ' x ');
    for (let i = 0; i < stepsBack; i++) {
      const shown = app.lastFrame() ?? '';
      app.stdin.write(KEY.left);
      await waitForFrame(app, (f) => f !== shown && !f.includes('Carregando'), 'the previous round');
    }
    await waitForText(app, rodada.nome);
    await selectRow(app, partida.time_mandante.nome);
    assert.ok(selectedLine(app.lastFrame() ?? '')?.includes(partida.time_visitante.nome));

    const header = `${partida.time_mandante.nome} ${partida.placar_mandante} x ${partida.placar_visitante} ${partida.time_visitante.nome}`;
    const matchFrame = await pressAndWait(app, KEY.enter, header);
    assert.match(matchFrame, /encerrado/);
    const eventsFrame = await waitForText(app, `${eventos[0]?.minuto}'`);
    const lines = eventsFrame.split('\n');
    for (const e of eventos.slice(0, 10)) {
      const sigla =
        e.time_nome === partida.time_mandante.nome ? partida.time_mandante.sigla : partida.time_visitante.sigla;
      const line = lines.find(
        (l) => l.trimStart().startsWith(`${e.minuto}'`) && l.includes(e.jogador ?? '(autor não confirmado)'),
      );
      assert.ok(line, `event ${JSON.stringify(e)} on screen:\n${eventsFrame}`);
      assert.ok(line.includes(sigla), `event line names the team: ${line}`);
    }

    await pressAndWait(app, KEY.tab, 'Escalaç');
    const statsFrame = await pressAndWait(app, KEY.tab, 'Finalizações total');
    const statLine = (label: string) => statsFrame.split('\n').find((l) => l.includes(label)) ?? '';
    const show = (v: number | null | undefined) => (v === null || v === undefined ? '—' : String(v));
    const home = stats.estatisticas.mandante ?? {};
    const away = stats.estatisticas.visitante ?? {};
    assert.match(
      statLine('Finalizações total'),
      new RegExp(
        `^\\s*${show(home.finalizacoes_total)}\\s+Finalizações total\\s+${show(away.finalizacoes_total)}\\s*$`,
      ),
    );
    // posse_bola is always null (spec): a dash on both sides, never 0.
    assert.equal(home.posse_bola ?? null, null);
    assert.match(statLine('Posse bola'), /^\s*—\s+Posse bola\s+—\s*$/);
    // 55 fields do not fit 24 rows: the view scrolls to the last one.
    assert.ok(!statsFrame.includes('Tiros de meta'));
    const end = await pressAndWait(app, 'G', 'Tiros de meta');
    assert.match(
      end,
      new RegExp(`^\\s*${show(home.tiros_de_meta)}\\s+Tiros de meta\\s+${show(away.tiros_de_meta)}\\s*$`, 'm'),
    );
  } finally {
    app.unmount();
  }
});

test('knockout championship: bracket with both legs, the aggregate, and a single-match shoot-out', async () => {
  const copa = await campeonato('mata-mata');
  const chave = (await api<{ data: ChaveCampeonato }>(`/v1/campeonatos/${copa.id}/chave`)).body.data;
  const ties = chave.fases.flatMap((f) => f.chaves);
  const tie = ties.find((c) => c.partida_ida?.status === 'encerrado' && c.partida_volta?.status === 'encerrado');
  const shootout = ties.find((c) => c.partida_volta === null && c.partida_ida?.disputa_penalti);
  assert.ok(tie?.partida_ida && tie.partida_volta, 'the demo bracket has a finished two-legged tie');
  assert.ok(shootout?.partida_ida?.penalti, 'the demo bracket has a single match decided on penalties');
  const { partida_ida: ida, partida_volta: volta } = tie;
  const a = (ida.placar_mandante ?? 0) + (volta.placar_visitante ?? 0);
  const b = (ida.placar_visitante ?? 0) + (volta.placar_mandante ?? 0);
  // The shoot-out is stored from the second leg's home side; the aggregate reads from the first leg's.
  const pen =
    volta.disputa_penalti && volta.penalti
      ? `, pên. ${volta.penalti.placar_visitante} x ${volta.penalti.placar_mandante}`
      : '';

  const app = open();
  try {
    await openChampionship(app, copa);
    await waitForText(app, `── ${chave.fases[0]?.nome} ──`);
    await selectRow(app, tie.nome);
    const frame = app.lastFrame() ?? '';
    const lines = frame.split('\n');
    const idaLine = lines.find((l) => l.includes(tie.nome)) ?? '';
    assert.match(
      idaLine,
      new RegExp(
        `Ida\\s+${ida.time_mandante.sigla}\\s+${ida.placar_mandante} x ${ida.placar_visitante}\\s+${ida.time_visitante.sigla}`,
      ),
    );
    const voltaLine = lines[lines.indexOf(idaLine) + 1] ?? '';
    assert.match(
      voltaLine,
      new RegExp(
        `Volta\\s+${volta.time_mandante.sigla}\\s+${volta.placar_mandante} x ${volta.placar_visitante}\\s+${volta.time_visitante.sigla}`,
      ),
    );
    assert.ok(
      voltaLine.includes(`agregado ${ida.time_mandante.sigla} ${a} x ${b} ${ida.time_visitante.sigla}${pen}`),
      `aggregate on the second-leg line: ${voltaLine}`,
    );

    const first = ties[0]?.nome ?? '';
    app.stdin.write('g');
    await waitForFrame(app, (f) => selectedLine(f)?.includes(`${first} `) === true, 'the cursor on the first tie');
    await selectRow(app, shootout.nome);
    const single = shootout.partida_ida;
    const singleLine = selectedLine(app.lastFrame() ?? '') ?? '';
    assert.match(
      singleLine,
      new RegExp(
        `Único\\s+${single.time_mandante.sigla}\\s+${single.placar_mandante} x ${single.placar_visitante}\\s+${single.time_visitante.sigla}\\s+encerrado \\(pên\\. ${single.penalti?.placar_mandante} x ${single.penalti?.placar_visitante}\\)`,
      ),
    );
  } finally {
    app.unmount();
  }
});

test('keys read in one chunk (typed fast or scripted) each act: j then Enter opens the second championship', async () => {
  const { body } = await api<{ data: Campeonato[] }>('/v1/campeonatos');
  const second = body.data[1];
  assert.ok(second, 'the demo has two championships');
  const app = open();
  try {
    await waitForText(app, second.nome_popular);
    // Only the championship screen shows its full name in its title line and the (Tab) bar; the list's filters are gone.
    await pressAndWaitForScreen(app, `j${KEY.enter}`, {
      trail: `Campeonatos › ${second.nome_popular} ${second.temporada}`,
      text: '(Tab)',
      gone: 'Filtros',
    });
  } finally {
    app.unmount();
  }
});

test('an Enter typed before raw mode (a line feed from the tty) opens the selected championship', async () => {
  const { body } = await api<{ data: Campeonato[] }>('/v1/campeonatos');
  const first = body.data[0];
  assert.ok(first, 'the demo has a championship');
  const app = open();
  try {
    await waitForText(app, first.nome_popular);
    await pressAndWait(app, '\n', first.nome);
  } finally {
    app.unmount();
  }
});

test('filters: t cycles the type through the API filter, c clears', async () => {
  const { body } = await api<{ data: Campeonato[] }>('/v1/campeonatos?tipo=pontos-corridos');
  const { body: knockout } = await api<{ data: Campeonato[] }>('/v1/campeonatos?tipo=mata-mata');
  const shown = body.data[0];
  const hidden = knockout.data[0];
  assert.ok(shown && hidden);
  const app = open();
  try {
    await waitForText(app, hidden.nome_popular);
    const filtered = await pressAndWait(app, 't', 'tipo pontos-corridos');
    await waitForFrame(
      app,
      (f) => f.includes(shown.nome_popular) && !f.includes(hidden.nome_popular),
      'only points-based championships',
    );
    assert.ok(filtered.includes('(t)'));
    await pressAndWait(app, 'c', 'tipo todos');
    await waitForText(app, hidden.nome_popular);
  } finally {
    app.unmount();
  }
});

test('live screen lists the ao_vivo matches with the age of the data', async () => {
  const { body } = await api<{ data: (Partida & { campeonato: { nome: string } })[] }>('/v1/partidas/ao-vivo');
  assert.ok(body.data.length > 0, 'the demo has live matches');
  const app = open();
  try {
    await waitForText(app, 'Campeonato');
    const frame = await pressAndWait(app, 'a', 'atualizado há');
    for (const p of body.data) {
      const line = frame.split('\n').find((l) => l.includes(p.time_mandante.nome));
      assert.ok(line, `live match ${p.time_mandante.nome} on screen:\n${frame}`);
      assert.match(
        line,
        new RegExp(
          `${p.time_mandante.nome} ${p.placar_mandante} x ${p.placar_visitante}\\s+${p.time_visitante.nome}.*AO VIVO`,
        ),
      );
    }
  } finally {
    app.unmount();
  }
});

test('search: a team by name, then its squad', async () => {
  const times = (await api<{ data: { id: number; nome: string }[] }>('/v1/times?q=fla')).body.data;
  const team = times[0];
  assert.ok(team, 'the demo has a team matching "fla"');
  const squad = (await api<{ data: { nome_popular: string }[] }>(`/v1/times/${team.id}/jogadores`)).body.data;
  const app = open();
  try {
    await waitForText(app, 'Campeonato');
    await pressAndWait(app, '/', 'Buscar:');
    app.stdin.write('fla');
    await waitForText(app, 'fla');
    await pressAndWait(app, KEY.enter, `Times (${times.length})`);
    await selectRow(app, team.nome);
    const frame = await pressAndWait(app, KEY.enter, 'Jogador');
    await waitForText(app, squad[0]?.nome_popular ?? '(empty squad)');
    assert.ok(frame.includes(team.nome));
  } finally {
    app.unmount();
  }
});

test('search with one letter shows the server error inline and the app keeps running', async () => {
  const { status, body } = await api<{ erro: string; mensagem: string }>('/v1/times?q=f');
  const app = open();
  try {
    await waitForText(app, 'Campeonato');
    await pressAndWait(app, '/', 'Buscar:');
    app.stdin.write('f');
    await waitForText(app, 'Buscar: f');
    await pressAndWait(app, KEY.enter, `Erro: ${status} ${body.erro}: ${body.mensagem}`);
    assert.equal(status, 400);
    await pressAndWait(app, KEY.escape, 'Filtros');
  } finally {
    app.unmount();
  }
});

test('a refused key shows the server 401 erro and mensagem inline; ? still opens the help', async () => {
  const app = open({ key: 'svc_invalid_key' });
  try {
    await waitForText(app, 'Erro: 401 Não autorizado: API Key inválida ou inativa (r tenta de novo)');
    await pressAndWait(app, '?', 'Teclas');
  } finally {
    app.unmount();
  }
});

test('a plan without statistics gets the server 403 inline on the statistics tab, other tabs still work', async () => {
  const { body: all } = await api<{ data: Campeonato[] }>('/v1/campeonatos');
  const freeKey = await createKey(server.dataDir, 'free-account', 'free', all.data.map((c) => c.id).join(','));
  const serieA = await campeonato('pontos-corridos');
  const rodada = (await api<{ data: Rodada }>(`/v1/campeonatos/${serieA.id}/rodadas/${serieA.rodada_atual?.numero}`))
    .body.data;
  const partida = rodada.partidas[0];
  assert.ok(partida);
  const refused = await api<{ erro: string; mensagem: string }>(`/v1/partidas/${partida.id}/estatisticas`, freeKey);
  assert.equal(refused.status, 403);
  assert.equal(refused.body.erro, 'Plano insuficiente');

  const app = open({ key: freeKey });
  try {
    await openChampionship(app, serieA);
    await pressAndWait(app, KEY.tab, rodada.nome);
    await selectRow(app, partida.time_mandante.nome);
    await pressAndWait(app, KEY.enter, 'Eventos');
    app.stdin.write('3');
    const error = `Erro: 403 Plano insuficiente: ${refused.body.mensagem} (r tenta de novo)`;
    // The message wraps at the frame's width.
    await waitForFrame(app, (f) => f.includes('Finaliz') === false && f.replace(/\n/g, '').includes(error), error);
    // Back on the round (its row of matches, the match's own tabs gone): the match screen shows the round's name too.
    await pressAndWaitForScreen(app, KEY.escape, {
      trail: `Campeonatos › ${serieA.nome_popular} ${serieA.temporada}`,
      text: rodada.nome,
      gone: ' 1 Eventos ',
    });
  } finally {
    app.unmount();
  }
});

test('an unreachable server is an inline error naming the address, not a crash', async () => {
  const port = await closedPort();
  const app = open({ url: `http://127.0.0.1:${port}`, key: 'k' });
  try {
    await waitForText(app, `Erro: servidor inacessível em http://127.0.0.1:${port} (ECONNREFUSED) (r tenta de novo)`);
    await pressAndWait(app, '?', 'Teclas');
  } finally {
    app.unmount();
  }
});
