import assert from 'node:assert/strict';
import { PLAYER_STAT_FIELDS } from '../../src/feeds/statistics-fields.js';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from '../kit/server.js';
import { assertOpenApi } from '../kit/openapi.js';

// Demo fixtures: championship 1 = Série A (points, 380 matches, 38 rounds, 2 live matches: 337, 338),
// championship 2 = Copa do Brasil (4 knockout phases; phase 2 two-legged; match 383 has a shoot-out);
// lineups for 328 (both sides), 339 (home only), 398; statistics 328 (advanced) and 321 (basic).
describe('read API endpoints over the demo fixtures', () => {
  let h: Harness;
  let key: string;

  before(async () => {
    h = await startHarness();
    key = await h.key('enterprise');
  });
  after(() => h.cleanup());

  const get = async (template: string, path: string, status = 200) => {
    const r = await h.get(path, key);
    assert.equal(r.status, status, `${path}: ${r.text.slice(0, 300)}`);
    assertOpenApi(template, status, r.json);
    return r.json;
  };

  it('every endpoint answers with the shape the OpenAPI document promises', async () => {
    const cases: [string, string][] = [
      ['/v1/campeonatos', '/v1/campeonatos'],
      ['/v1/campeonatos/{id}', '/v1/campeonatos/1'],
      ['/v1/campeonatos/{campeonatoId}/partidas', '/v1/campeonatos/1/partidas'],
      ['/v1/campeonatos/{campeonatoId}/partidas', '/v1/campeonatos/2/partidas?por_pagina=100'],
      ['/v1/campeonatos/{campeonatoId}/rodadas', '/v1/campeonatos/1/rodadas'],
      ['/v1/campeonatos/{campeonatoId}/rodadas/{numero}', '/v1/campeonatos/1/rodadas/34'],
      ['/v1/campeonatos/{campeonatoId}/chave', '/v1/campeonatos/2/chave'],
      ['/v1/campeonatos/{campeonatoId}/fases', '/v1/campeonatos/2/fases'],
      ['/v1/campeonatos/{campeonatoId}/fases/{faseId}', '/v1/campeonatos/2/fases/2'],
      ['/v1/campeonatos/{campeonatoId}/fases/{faseId}/tabela', '/v1/campeonatos/2/fases/2/tabela'],
      ['/v1/campeonatos/{campeonatoId}/tabela', '/v1/campeonatos/1/tabela'],
      ['/v1/campeonatos/{campeonatoId}/artilharia', '/v1/campeonatos/1/artilharia'],
      ['/v1/campeonatos/{campeonatoId}/cobertura', '/v1/campeonatos/2/cobertura'],
      ['/v1/cobertura', '/v1/cobertura'],
      ['/v1/partidas/ao-vivo', '/v1/partidas/ao-vivo'],
      ['/v1/partidas/{id}/eventos', '/v1/partidas/337/eventos'],
      ['/v1/partidas/{id}/estatisticas', '/v1/partidas/328/estatisticas'],
      ['/v1/partidas/{id}/escalacao', '/v1/partidas/328/escalacao'],
      ['/v1/partidas/{id}/escalacao', '/v1/partidas/339/escalacao'],
      ['/v1/times', '/v1/times?q=fla'],
      ['/v1/times/{timeId}/jogadores', '/v1/times/1/jogadores'],
      ['/v1/jogadores', '/v1/jogadores?q=silva'],
      ['/v1/jogadores/{id}', '/v1/jogadores/7'],
      ['/v1/me', '/v1/me'],
      ['/v1/perfil/estatisticas', '/v1/perfil/estatisticas'],
    ];
    for (const [template, path] of cases) await get(template, path);
    for (const [template, path] of [
      ['/v1/status', '/v1/status'],
      ['/healthz', '/healthz'],
      ['/readyz', '/readyz'],
    ] as const) {
      const r = await h.get(path);
      assert.equal(r.status, 200, path);
      assertOpenApi(template, 200, r.json);
    }
    const status = (await h.get('/v1/status')).json.data;
    for (const t of [status.iniciado_em, status.snapshot.criado_em, status.snapshot.carregado_em]) {
      assert.match(t, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/, 'timestamps with an explicit offset');
    }
  });

  it('championship list filters by temporada, status and tipo', async () => {
    assert.deepEqual((await get('/v1/campeonatos', '/v1/campeonatos')).meta, { total: 2 });
    const mm = await get('/v1/campeonatos', '/v1/campeonatos?tipo=mata-mata');
    assert.deepEqual(
      mm.data.map((c: { id: number }) => c.id),
      [2],
    );
    assert.equal((await get('/v1/campeonatos', '/v1/campeonatos?temporada=1999')).meta.total, 0);
    assert.equal((await get('/v1/campeonatos', '/v1/campeonatos?status=andamento&temporada=2026')).meta.total, 2);
    const one = await get('/v1/campeonatos/{id}', '/v1/campeonatos/1');
    assert.deepEqual(one.data.rodada_atual, { numero: 34 });
    assert.equal(one.data.regiao, 'nacional');
  });

  it('match list: paging meta, default 15 per page, filters, kick-off order, null score before the match', async () => {
    const p1 = await get('/v1/campeonatos/{campeonatoId}/partidas', '/v1/campeonatos/1/partidas');
    assert.deepEqual(p1.meta, { total: 380, por_pagina: 15, pagina_atual: 1, ultima_pagina: 26, campeonato_id: 1 });
    assert.equal(p1.data.length, 15);
    const p2 = await get(
      '/v1/campeonatos/{campeonatoId}/partidas',
      '/v1/campeonatos/1/partidas?pagina=2&por_pagina=50',
    );
    assert.deepEqual(p2.meta, { total: 380, por_pagina: 50, pagina_atual: 2, ultima_pagina: 8, campeonato_id: 1 });
    const times = p2.data.map((m: { data_hora_realizacao: string }) => Date.parse(m.data_hora_realizacao));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b),
    );
    const beyond = await get('/v1/campeonatos/{campeonatoId}/partidas', '/v1/campeonatos/1/partidas?pagina=99');
    assert.deepEqual(beyond.data, []);
    assert.equal(beyond.meta.ultima_pagina, 26);

    const r34 = await get(
      '/v1/campeonatos/{campeonatoId}/partidas',
      '/v1/campeonatos/1/partidas?rodada=34&por_pagina=100',
    );
    assert.equal(r34.meta.total, 10);
    assert.ok(
      r34.data.every((m: { rodada_numero: number; fase: unknown }) => m.rodada_numero === 34 && m.fase === null),
    );
    const noRound = await get('/v1/campeonatos/{campeonatoId}/partidas', '/v1/campeonatos/2/partidas?rodada=1');
    assert.equal(noRound.meta.total, 0, 'a knockout championship has no round 1');
    assert.equal(
      (await get('/v1/campeonatos/{campeonatoId}/partidas', '/v1/campeonatos/1/partidas?rodada=99')).meta.total,
      0,
    );
    const live = await get('/v1/campeonatos/{campeonatoId}/partidas', '/v1/campeonatos/1/partidas?status=ao_vivo');
    assert.deepEqual(live.data.map((m: { id: number }) => m.id).sort(), [337, 338]);
    const team = await get(
      '/v1/campeonatos/{campeonatoId}/partidas',
      '/v1/campeonatos/1/partidas?time=1&por_pagina=100',
    );
    assert.equal(team.meta.total, 38);
    assert.ok(
      team.data.every(
        (m: { time_mandante: { id: number }; time_visitante: { id: number } }) =>
          m.time_mandante.id === 1 || m.time_visitante.id === 1,
      ),
    );
    const dated = await get(
      '/v1/campeonatos/{campeonatoId}/partidas',
      '/v1/campeonatos/1/partidas?data_inicio=2026-12-05&data_fim=2026-12-09&por_pagina=100',
    );
    assert.ok(dated.meta.total > 0);
    for (const m of dated.data as { data_realizacao: string }[]) {
      const [d, mo, y] = m.data_realizacao.split('/');
      const iso = `${y}-${mo}-${d}`;
      assert.ok(iso >= '2026-12-05' && iso <= '2026-12-09', iso);
    }
    const waiting = await get(
      '/v1/campeonatos/{campeonatoId}/partidas',
      '/v1/campeonatos/1/partidas?status=aguardando&por_pagina=1',
    );
    const w = waiting.data[0];
    assert.equal(w.placar_mandante, null);
    assert.equal(w.placar_visitante, null);
    assert.deepEqual(w.penalti, { placar_mandante: null, placar_visitante: null });
    assert.equal(w.disputa_penalti, false);
    assert.match(w.data_realizacao, /^\d{2}\/\d{2}\/\d{4}$/);
    assert.match(w.hora_realizacao, /^\d{2}:\d{2}$/);
    assert.match(w.data_hora_realizacao, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
  });

  it('rounds: ordered by numero with navigation; a round asked for alone has matches without fase, the list whole Matches', async () => {
    const all = await get('/v1/campeonatos/{campeonatoId}/rodadas', '/v1/campeonatos/1/rodadas');
    assert.deepEqual(all.meta, { campeonato_id: 1, total: 38 });
    assert.deepEqual(
      all.data.map((r: { numero: number }) => r.numero),
      Array.from({ length: 38 }, (_, i) => i + 1),
    );
    assert.equal(all.data[0].rodada_anterior, null);
    assert.equal(all.data[37].proxima_rodada, null);
    const r = (await get('/v1/campeonatos/{campeonatoId}/rodadas/{numero}', '/v1/campeonatos/1/rodadas/34')).data;
    assert.equal(r.numero, 34);
    assert.equal(r.status, 'andamento');
    assert.deepEqual(r.proxima_rodada, { nome: '35ª Rodada', slug: '35a-rodada', numero: 35, status: 'agendada' });
    assert.equal(r.rodada_anterior.numero, 33);
    assert.equal(r.partidas.length, 10);
    for (const m of r.partidas) assert.equal('fase' in m, false);
    for (const round of all.data)
      for (const m of round.partidas)
        assert.equal(m.fase, null, 'spec: Round.partidas is an array of Match (fase null in a points championship)');
  });

  it('bracket: every knockout phase with its ties and both legs; knockout matches carry fase', async () => {
    const b = (await get('/v1/campeonatos/{campeonatoId}/chave', '/v1/campeonatos/2/chave')).data;
    assert.equal(b.campeonato_id, 2);
    assert.deepEqual(
      b.fases.map((f: { nome: string }) => f.nome),
      ['Oitavas de final', 'Quartas de final', 'Semifinal', 'Final'],
    );
    const quartas = b.fases[1];
    assert.equal(quartas.chaves.length, 4);
    for (const c of quartas.chaves) {
      assert.ok(c.partida_ida && c.partida_volta, 'two-legged tie has both legs');
      assert.deepEqual(c.partida_ida.fase, { id: 2, nome: 'Quartas de final', slug: 'quartas-de-final' });
      assert.equal(c.partida_ida.rodada_id, null);
    }
    const oitavas = b.fases[0];
    assert.equal(oitavas.chaves[0].partida_volta, null, 'single-match tie has no second leg');
    const shootout = oitavas.chaves
      .map((c: { partida_ida: { id: number } }) => c.partida_ida)
      .find((m: { id: number }) => m.id === 383);
    assert.equal(shootout.disputa_penalti, true);
    assert.equal(typeof shootout.penalti.placar_mandante, 'number');
  });

  it('phases: list in sequence with empty chaves/rodadas and navigation; detail populated', async () => {
    const list = await get('/v1/campeonatos/{campeonatoId}/fases', '/v1/campeonatos/2/fases');
    assert.deepEqual(list.meta, { campeonato_id: 2, total: 4 });
    for (const f of list.data) {
      assert.deepEqual(f.chaves, []);
      assert.deepEqual(f.rodadas, []);
    }
    assert.equal(list.data[0].fase_anterior, null);
    assert.deepEqual(list.data[0].proxima_fase, {
      id: 2,
      nome: 'Quartas de final',
      slug: 'quartas-de-final',
      tipo: 'mata-mata',
    });
    assert.equal(list.data[3].proxima_fase, null);
    assert.equal(list.data[1].ida_e_volta, true);
    const detail = (await get('/v1/campeonatos/{campeonatoId}/fases/{faseId}', '/v1/campeonatos/2/fases/3')).data;
    assert.equal(detail.chaves.length, 2);
    assert.equal(detail.chaves[1].partida_volta.status, 'aguardando');
    assert.deepEqual(detail.campeonato, {
      id: 2,
      temporada: '2026',
      nome: 'Copa do Brasil',
      nome_popular: 'Copa do Brasil',
      slug: 'copa-do-brasil',
    });
    assert.equal((await get('/v1/campeonatos/{campeonatoId}/fases', '/v1/campeonatos/1/fases')).meta.total, 0);
  });

  it('standings ordered by position; scorers by goals, none with 0', async () => {
    const t = (await get('/v1/campeonatos/{campeonatoId}/tabela', '/v1/campeonatos/1/tabela')).data;
    assert.equal(t.classificacao.length, 20);
    assert.deepEqual(
      t.classificacao.map((r: { posicao: number }) => r.posicao),
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    for (const r of t.classificacao) assert.equal(r.saldo, r.gols_pro - r.gols_contra);
    const a = await get('/v1/campeonatos/{campeonatoId}/artilharia', '/v1/campeonatos/1/artilharia');
    assert.equal(a.meta.campeonato_nome, 'Campeonato Brasileiro Série A');
    assert.equal(a.meta.total, a.data.length);
    const gols = a.data.map((j: { gols: number }) => j.gols);
    assert.ok(gols.every((g: number) => g > 0));
    assert.deepEqual(
      gols,
      [...gols].sort((x, y) => y - x),
    );
  });

  it('coverage per championship and for all', async () => {
    const c = (await get('/v1/campeonatos/{campeonatoId}/cobertura', '/v1/campeonatos/1/cobertura')).data;
    assert.equal(c.cobertura.classificacao, 'coberto');
    assert.equal(c.campeonato_id, 1);
    assert.equal((await get('/v1/cobertura', '/v1/cobertura?temporada=2026')).meta.total, 2);
  });

  it('live list adds campeonato to each match', async () => {
    const live = await get('/v1/partidas/ao-vivo', '/v1/partidas/ao-vivo');
    assert.equal(live.meta.total, 2);
    for (const m of live.data) {
      assert.equal(m.status, 'ao_vivo');
      assert.deepEqual(m.campeonato, { id: 1, nome: 'Campeonato Brasileiro Série A', temporada: '2026' });
    }
  });

  it('events ordered by minute; statistics keep null apart from 0; lineups', async () => {
    const ev = await get('/v1/partidas/{id}/eventos', '/v1/partidas/328/eventos');
    assert.equal(ev.meta.partida_id, 328);
    const minutes = ev.data.map((e: { minuto: number }) => e.minuto);
    assert.deepEqual(
      minutes,
      [...minutes].sort((x, y) => x - y),
    );
    assert.deepEqual((await get('/v1/partidas/{id}/eventos', '/v1/partidas/1/eventos')).meta.partida_id, 1);

    const adv = (await get('/v1/partidas/{id}/estatisticas', '/v1/partidas/328/estatisticas')).data;
    assert.equal(adv.estatisticas.mandante.posse_bola, null);
    assert.equal(typeof adv.estatisticas.mandante.gols_esperados, 'number');
    const basic = (await get('/v1/partidas/{id}/estatisticas', '/v1/partidas/321/estatisticas')).data;
    assert.equal(basic.estatisticas.mandante.gols_esperados, null, 'advanced fields are null from the basic source');
    assert.equal(typeof basic.estatisticas.mandante.finalizacoes_total, 'number');
    const none = (await get('/v1/partidas/{id}/estatisticas', '/v1/partidas/1/estatisticas')).data;
    assert.equal(none.estatisticas.visitante.escanteios, null);

    const lineup = (await get('/v1/partidas/{id}/escalacao', '/v1/partidas/328/escalacao')).data;
    assert.equal(lineup.escalacoes.mandante.confirmada, true);
    assert.ok(lineup.escalacoes.mandante.titulares.length >= 11);
    assert.equal(lineup.time_mandante.escudo_url, undefined, 'team summary only');
    // An unused substitute: the feed sends part of the record; every field of the spec is there, null if unknown.
    const unused = [...lineup.escalacoes.mandante.reservas, ...lineup.escalacoes.visitante.reservas].find(
      (j: { estatisticas: { minutos_jogados: number } | null }) => j.estatisticas?.minutos_jogados === 0,
    );
    assert.ok(unused, 'the demo has an unused substitute with statistics');
    assert.deepEqual(Object.keys(unused.estatisticas), [...PLAYER_STAT_FIELDS, 'goleiro']);
    assert.equal(unused.estatisticas.passes_total, null);
    assert.deepEqual(unused.estatisticas.goleiro, {
      defesas: null,
      gols_evitados: null,
      penaltis_defendidos: null,
      gols_sofridos: null,
    });
    const half = (await get('/v1/partidas/{id}/escalacao', '/v1/partidas/339/escalacao')).data;
    assert.equal(half.escalacoes.visitante, null);
  });

  it('team and player search: accent- and case-insensitive partial match, at most 20, filters', async () => {
    const sp = await get('/v1/times', '/v1/times?q=SAO');
    assert.ok(sp.data.some((t: { nome: string }) => t.nome === 'São Paulo'));
    const clubs = await get('/v1/times', '/v1/times?q=ra&tipo=clube');
    assert.ok(clubs.data.length > 0 && clubs.data.length <= 20);
    assert.equal((await get('/v1/times', '/v1/times?q=ra&tipo=selecao')).meta.total, 0);
    const many = await get('/v1/jogadores', '/v1/jogadores?q=an');
    assert.equal(many.data.length, 20);
    assert.equal(many.meta.total, 20);
    const goleiros = await get('/v1/jogadores', '/v1/jogadores?q=an&posicao=goleiro&time=1');
    assert.ok(goleiros.data.length > 0);
    assert.ok(
      goleiros.data.every(
        (j: { posicao: { sigla: string }; time: { id: number } }) => j.posicao.sigla === 'GOL' && j.time.id === 1,
      ),
    );
    const accents = await get('/v1/jogadores', '/v1/jogadores?q=GUIMARAES');
    assert.ok(accents.data.some((j: { nome_popular: string }) => j.nome_popular === 'Breno Guimarães'));
  });

  it('squad ordered by position then name; one player', async () => {
    const squad = (await get('/v1/times/{timeId}/jogadores', '/v1/times/1/jogadores')).data as {
      posicao: { sigla: string };
      nome: string;
    }[];
    const order = ['GOL', 'ZAG', 'LAT', 'VOL', 'MEI', 'ATA'];
    const ranks = squad.map((j) => order.indexOf(j.posicao.sigla));
    assert.deepEqual(
      ranks,
      [...ranks].sort((x, y) => x - y),
    );
    const p = (await get('/v1/jogadores/{id}', '/v1/jogadores/7')).data;
    assert.equal(p.nome_popular, 'Breno Guimarães');
    assert.equal(p.idade, 27);
  });

  it('404 cases', async () => {
    const cases: [string, string, string][] = [
      ['/v1/campeonatos/{id}', '/v1/campeonatos/999', 'Campeonato não encontrado'],
      ['/v1/campeonatos/{campeonatoId}/tabela', '/v1/campeonatos/999/tabela', 'Campeonato não encontrado'],
      [
        '/v1/campeonatos/{campeonatoId}/partidas',
        '/v1/campeonatos/99999999999999999999/partidas',
        'Campeonato não encontrado',
      ],
      ['/v1/campeonatos/{campeonatoId}/rodadas/{numero}', '/v1/campeonatos/1/rodadas/39', 'Rodada não encontrada'],
      [
        '/v1/campeonatos/{campeonatoId}/chave',
        '/v1/campeonatos/1/chave',
        'Campeonato sem chaveamento (não tem fases de mata-mata)',
      ],
      [
        '/v1/campeonatos/{campeonatoId}/fases/{faseId}',
        '/v1/campeonatos/1/fases/2',
        'Fase não encontrada neste campeonato',
      ],
      [
        '/v1/campeonatos/{campeonatoId}/fases/{faseId}/tabela',
        '/v1/campeonatos/2/fases/99/tabela',
        'Fase não encontrada neste campeonato',
      ],
      ['/v1/partidas/{id}/eventos', '/v1/partidas/9999/eventos', 'Partida não encontrada'],
      ['/v1/partidas/{id}/estatisticas', '/v1/partidas/9999/estatisticas', 'Partida não encontrada'],
      ['/v1/partidas/{id}/escalacao', '/v1/partidas/1/escalacao', 'Escalação não disponível para esta partida'],
      ['/v1/partidas/{id}/escalacao', '/v1/partidas/9999/escalacao', 'Partida não encontrada'],
      ['/v1/times/{timeId}/jogadores', '/v1/times/9999/jogadores', 'Time não encontrado'],
      ['/v1/jogadores/{id}', '/v1/jogadores/99999', 'Jogador não encontrado'],
    ];
    for (const [template, path, mensagem] of cases) {
      const body = await get(template, path, 404);
      assert.deepEqual(body, { erro: 'Não encontrado', mensagem }, path);
    }
  });
});
