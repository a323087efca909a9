/**
 * What a customer sees on the real files is what the sources say (issue #15): every CSV season, then every
 * openfootball file into the same data dir through the real `svc ingest`, read back through the real API.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { tempDir } from '../kit/dirs.js';
import { startHarness, type Harness } from '../kit/server.js';
import { assertOpenApi } from '../kit/openapi.js';
import { CSV_DIR, firstIngest, ingest, OPENFOOTBALL_DIR, query, SKIP, type Summary } from './real-data.js';

interface Partida {
  id: number;
  time_mandante: { nome: string; sigla: string };
  time_visitante: { nome: string; sigla: string };
  data_realizacao: string | null;
  hora_realizacao: string | null;
  data_hora_realizacao: string | null;
  rodada_numero: number | null;
}

describe('real data: fidelity to the sources through the API', { skip: SKIP }, () => {
  const { dir, cleanup } = tempDir('svc-fidelity-');
  let second: Summary;
  let h: Harness;
  let key: string;

  /** Every page of a championship's matches (filters in `query`). */
  const matches = async (campeonatoId: number, query = ''): Promise<Partida[]> => {
    const out: Partida[] = [];
    for (let pagina = 1; ; pagina++) {
      const r = await h.get(`/v1/campeonatos/${campeonatoId}/partidas?por_pagina=100&pagina=${pagina}${query}`, key);
      assert.equal(r.status, 200, r.text);
      out.push(...(r.json.data as Partida[]));
      if (pagina >= r.json.meta.ultima_pagina) return out;
    }
  };
  const championship = async (temporada: string, serie: 'A' | 'B'): Promise<number> => {
    const r = await h.get(`/v1/campeonatos?temporada=${temporada}`, key);
    const c = (r.json.data as { id: number; nome: string }[]).find(
      (x) => x.nome === `Campeonato Brasileiro Série ${serie}`,
    );
    assert.ok(c, `Série ${serie} ${temporada}`);
    return c.id;
  };

  /** The internal id of a CSV match. */
  const csvMatch = async (csvId: string): Promise<number> => {
    const [rows] = await query(
      dir,
      `SELECT id FROM id_fonte WHERE entidade = 'partida' AND fonte = 'brasileirao-dataset' AND chave = '${csvId}'`,
    );
    return Number(rows?.[0]?.id);
  };

  before(async () => {
    await firstIngest(dir, [CSV_DIR]);
    second = await ingest(dir, [OPENFOOTBALL_DIR]);
    h = await startHarness({ dir });
    key = await h.key('enterprise', { cota_requisicoes: 1_000_000, requisicoes_por_segundo: 100_000 });
  });
  after(async () => {
    await h?.stop();
    cleanup();
  });

  it('1. keeps a date without a kick-off time: date set, time null, round dated, date filters include it', async () => {
    for (const [temporada, serie, semHora] of [
      ['2026', 'A', 203],
      ['2025', 'B', 270],
    ] as const) {
      const id = await championship(temporada, serie);
      const all = await matches(id);
      assert.equal(all.length, 380);
      assert.equal(
        all.filter((p) => p.data_realizacao === null).length,
        0,
        `Série ${serie} ${temporada}: every match dated`,
      );
      const undated = all.filter((p) => p.hora_realizacao === null);
      assert.equal(undated.length, semHora, `Série ${serie} ${temporada}: matches the file dates without a time`);
      assert.ok(undated.every((p) => p.data_hora_realizacao === null));
      const rounds = (await h.get(`/v1/campeonatos/${id}/rodadas`, key)).json.data as {
        numero: number;
        data: string | null;
      }[];
      assert.deepEqual(
        rounds.filter((r) => r.data === null).map((r) => r.numero),
        [],
        'every round dated',
      );
      // The date filters find a time-less match on its day.
      const sample = undated[0];
      assert.ok(sample);
      const [d, m, y] = (sample.data_realizacao as string).split('/');
      const day = await matches(id, `&data_inicio=${y}-${m}-${d}&data_fim=${y}-${m}-${d}`);
      assert.ok(
        day.some((p) => p.id === sample.id),
        `${sample.data_realizacao} lists match ${sample.id}`,
      );
    }
    // Série A 2026 from round 20 on has no kick-off times in 2026_br1.txt, yet every round has its date.
    const id = await championship('2026', 'A');
    const r20 = (await h.get(`/v1/campeonatos/${id}/rodadas/20`, key)).json.data;
    assert.match(r20.data, /^2026-\d{2}-\d{2}$/);
    assert.ok((r20.partidas as Partida[]).every((p) => p.data_realizacao !== null && p.hora_realizacao === null));
  });

  it('2. abbreviations are the usual ones and never repeat within a championship; search by abbreviation finds the club', async () => {
    const [repeated] = await query(
      dir,
      `SELECT k.slug, k.temporada, t.sigla, list(DISTINCT t.nome) AS times
       FROM partidas p JOIN campeonatos k ON k.id = p.campeonato_id
       JOIN times t ON t.id IN (p.time_mandante_id, p.time_visitante_id)
       GROUP BY ALL HAVING count(DISTINCT t.id) > 1`,
    );
    assert.deepEqual(repeated, []);
    const id = await championship('2023', 'A');
    const tabela = (await h.get(`/v1/campeonatos/${id}/tabela`, key)).json.data.classificacao as {
      time: { nome: string; sigla: string };
    }[];
    const sigla = Object.fromEntries(tabela.map((r) => [r.time.nome, r.time.sigla]));
    assert.deepEqual(
      [
        sigla['Atlético Mineiro'],
        sigla['Athletico Paranaense'],
        sigla.Corinthians,
        sigla.Coritiba,
        sigla['São Paulo'],
        sigla.Flamengo,
      ],
      ['CAM', 'CAP', 'COR', 'CFC', 'SAO', 'FLA'],
    );
    assert.equal(new Set(Object.values(sigla)).size, 20);
    for (const [q, nome] of [
      ['CAM', 'Atlético Mineiro'],
      ['ACG', 'Atlético Goianiense'],
      ['cfc', 'Coritiba'],
      ['SCA', 'São Caetano'],
    ] as const) {
      const found = (await h.get(`/v1/times?q=${q}`, key)).json.data as { nome: string }[];
      assert.equal(found[0]?.nome, nome, `q=${q}`);
    }
  });

  it('3. kick-offs carry Brasília time from the tz database, summer time included, for both sources', async () => {
    // Série B 2018 comes only from openfootball, Série A 2010 only from the CSV.
    for (const [temporada, serie] of [
      ['2018', 'B'],
      ['2010', 'A'],
    ] as const) {
      const all = await matches(await championship(temporada, serie));
      const offsets = new Set(all.map((p) => p.data_hora_realizacao?.slice(-6)));
      assert.deepEqual([...offsets].sort(), ['-02:00', '-03:00'], `Série ${serie} ${temporada}`);
      for (const p of all) {
        const [d, m] = (p.data_realizacao as string).split('/').map(Number) as [number, number];
        // Summer time ran from October/November to February in those years; never from March to September.
        if (m >= 3 && m <= 9) assert.ok(p.data_hora_realizacao?.endsWith('-03:00'), `${p.id} ${d}/${m}`);
        if (m === 12 || m === 1) assert.ok(p.data_hora_realizacao?.endsWith('-02:00'), `${p.id} ${d}/${m}`);
      }
    }
    // 2019 ended summer time for good: a December 2019 kick-off is UTC−3.
    const dez2019 = (await matches(await championship('2019', 'A'))).filter((p) =>
      p.data_realizacao?.endsWith('/12/2019'),
    );
    assert.ok(dez2019.length > 0 && dez2019.every((p) => p.data_hora_realizacao?.endsWith('-03:00')));
  });

  it('4. every name a source used for a team finds it, accents and punctuation aside', async () => {
    for (const [q, nome] of [
      ['Atletico-MG', 'Atlético Mineiro'],
      ['atletico mg', 'Atlético Mineiro'],
      ['Athletico-PR', 'Athletico Paranaense'],
      ['CA Paranaense', 'Athletico Paranaense'],
      ['CR Flamengo', 'Flamengo'],
      ['Flamengo RJ', 'Flamengo'],
      ['Botafogo RJ', 'Botafogo'],
      ['SER Caxias', 'S.E.R. Caxias RS'],
    ] as const) {
      const r = await h.get(`/v1/times?q=${encodeURIComponent(q)}`, key);
      assert.equal(r.status, 200);
      assert.ok(
        (r.json.data as { nome: string }[]).some((t) => t.nome === nome),
        `q=${q} → ${nome}: ${r.text}`,
      );
    }
  });

  it('5. reports where the sources disagree, with both values and sources, and applies the documented rule', async () => {
    assert.ok(second.conflitos.length > 0);
    for (const c of second.conflitos) {
      assert.ok(['data', 'hora', 'placar', 'estadio'].includes(c.campo));
      assert.deepEqual([c.guardado.fonte, c.recebido.fonte], ['brasileirao-dataset', 'openfootball']);
      assert.notEqual(c.guardado.valor, c.recebido.valor);
    }
    // CSV match 8299 (Botafogo x Athletico Paranaense) is on 22/10/2023; openfootball says 21/10.
    const partidaId = await csvMatch('8299');
    assert.deepEqual(
      second.conflitos.filter((c) => c.partida_id === partidaId && c.campo === 'data'),
      [
        {
          partida_id: partidaId,
          campo: 'data',
          mantido: 'recebido',
          guardado: { fonte: 'brasileirao-dataset', valor: '2023-10-22' },
          recebido: { fonte: 'openfootball', valor: '2023-10-21' },
        },
      ],
    );
    const id = await championship('2023', 'A');
    const served = (await matches(id, '&data_inicio=2023-10-21&data_fim=2023-10-21')).find((p) => p.id === partidaId);
    assert.equal(served?.data_realizacao, '21/10/2023', 'the record loaded last wins for the date');
  });

  it('6. /v1/me answers at quota without consuming it', async () => {
    const limited = await h.key('free', { cota_requisicoes: 1 });
    assert.equal((await h.get('/v1/campeonatos', limited)).status, 200);
    assert.equal((await h.get('/v1/campeonatos', limited)).status, 429);
    const me = await h.get('/v1/me', limited);
    assert.equal(me.status, 200);
    assert.deepEqual(me.json.data.consumo, { requisicoes_utilizadas: 1, requisicoes_restantes: 0 });
    assert.equal((await h.get('/v1/perfil/estatisticas', limited)).status, 200);
  });

  it('7. /v1/cobertura lists the championships of the latest season by default, temporada selects another', async () => {
    const current = (await h.get('/v1/cobertura', key)).json;
    assert.deepEqual(
      current.data.map((c: { nome: string; temporada: string }) => [c.nome, c.temporada]),
      [['Campeonato Brasileiro Série A', '2026']],
    );
    const y2019 = (await h.get('/v1/cobertura?temporada=2019', key)).json.data as { nome: string; temporada: string }[];
    assert.deepEqual(y2019.map((c) => c.nome).sort(), [
      'Campeonato Brasileiro Série A',
      'Campeonato Brasileiro Série B',
    ]);
    const bad = await h.get('/v1/cobertura?temporada=19', key);
    assert.equal(bad.status, 400);
    assert.equal(bad.json.erro, 'Parâmetro inválido');
  });

  it('8. a lineup from the CSV answers with every field the OpenAPI declares', async () => {
    const r = await h.get(`/v1/partidas/${await csvMatch('8299')}/escalacao`, key);
    assert.equal(r.status, 200, r.text);
    assertOpenApi('/v1/partidas/{id}/escalacao', 200, r.json);
    assert.equal(typeof r.json.data.escalacoes.mandante.formacao, 'string');
  });
});
