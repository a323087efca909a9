/**
 * The Brasileirão CSV family (../shared/data/brasileirao-dataset), ingested once through the real CLI:
 * seasons, clubs and games per club, the 2020 season across New Year, events, lineups and statistics.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { STAT_ADVANCED_FIELDS, STAT_FIELDS } from '../../src/feeds/statistics-fields.js';
import { tempDir } from '../kit/dirs.js';
import { CSV_DIR, firstIngest, query, SKIP, standings, type Summary } from './real-data.js';

describe('real data: Brasileirão CSV family', { skip: SKIP }, () => {
  const { dir, cleanup } = tempDir();
  let summary: Summary;
  before(async () => {
    summary = await firstIngest(dir, [CSV_DIR]);
  });
  after(cleanup);

  it('ingests every match, goal, card and statistics row', () => {
    assert.equal(summary.contagens.partidas, 8785);
    assert.equal(summary.contagens.eventos, 9861 + 20953);
    assert.equal(summary.contagens.estatisticas, 17570);
    assert.equal(summary.contagens.campeonatos, 22);
    assert.deepEqual(summary.avisos, [
      `arquivo ignorado (formato não reconhecido): ${CSV_DIR}/Legenda.txt`,
      // Namesakes the careers cannot tell apart (test/real-data/people.test.ts).
      '24 jogadores com o nome de mais de uma pessoa possível ficaram separados (--json: pessoas_ambiguas)',
    ]);
  });

  it('has one championship per season 2003–2024, with the right rounds, clubs and games per club', async () => {
    const [seasons, games] = await query(
      dir,
      `SELECT k.temporada, k.nome, k.slug, k.tipo, k.regiao, count(r.id)::INTEGER AS rodadas
       FROM campeonatos k JOIN rodadas r ON r.campeonato_id = k.id GROUP BY ALL ORDER BY k.temporada`,
      `WITH sides AS (
         SELECT campeonato_id, time_mandante_id AS time_id FROM partidas
         UNION ALL SELECT campeonato_id, time_visitante_id FROM partidas)
       SELECT k.temporada, t.nome_normalizado AS time, count(*)::INTEGER AS jogos
       FROM sides s JOIN campeonatos k ON k.id = s.campeonato_id JOIN times t ON t.id = s.time_id
       GROUP BY ALL ORDER BY 1, 2`,
    );
    assert.deepEqual(
      seasons?.map((s) => s.temporada),
      Array.from({ length: 22 }, (_, i) => String(2003 + i)),
    );
    const clubs = (temporada: number) => (temporada <= 2004 ? 24 : temporada === 2005 ? 22 : 20);
    for (const s of seasons ?? []) {
      const rounds = 2 * (clubs(Number(s.temporada)) - 1);
      assert.deepEqual(
        [s.nome, s.slug, s.tipo, s.regiao, s.rodadas],
        ['Campeonato Brasileiro Série A', 'campeonato-brasileiro-serie-a', 'pontos-corridos', 'nacional', rounds],
      );
    }
    for (let temporada = 2003; temporada <= 2024; temporada++) {
      const rows = (games ?? []).filter((g) => g.temporada === String(temporada));
      assert.equal(rows.length, clubs(temporada), `clubes em ${temporada}`);
      // 2016: Chapecoense x Atlético Mineiro, last round, was never played (the Chapecoense air disaster).
      const expected = (time: unknown) =>
        2 * (clubs(temporada) - 1) -
        (temporada === 2016 && (time === 'chapecoense' || time === 'atletico mineiro') ? 1 : 0);
      for (const g of rows) assert.equal(g.jogos, expected(g.time), `${String(g.time)} em ${temporada}`);
    }
  });

  it('keeps the 2020 season, which ended in February 2021, as one championship of 380 matches', async () => {
    const [rows] = await query(
      dir,
      `SELECT count(*)::INTEGER AS n, min(data_local)::VARCHAR AS primeira, max(data_local)::VARCHAR AS ultima, count(DISTINCT rodada_id)::INTEGER AS rodadas
       FROM partidas p JOIN campeonatos k ON k.id = p.campeonato_id WHERE k.temporada = '2020'`,
    );
    assert.deepEqual(rows, [{ n: 380, primeira: '2020-08-08', ultima: '2021-02-25', rodadas: 38 }]);
  });

  it('computes Série A 2019: Flamengo champion with 90 points in 38 matches', async () => {
    const [first] = await standings(dir, 'campeonato-brasileiro-serie-a', '2019');
    assert.deepEqual([first?.time, first?.pontos, first?.jogos], ['flamengo', 90, 38]);
  });

  it('reads goals (stoppage time, own goals, penalties) and cards as events', async () => {
    const [byType, stoppage] = await query(
      dir,
      `SELECT tipo, count(*)::INTEGER AS n FROM eventos GROUP BY 1 ORDER BY 1`,
      `SELECT count(*)::INTEGER AS n, max(acrescimo) FILTER (tipo LIKE 'cartao%')::INTEGER AS cartoes, max(acrescimo) FILTER (tipo NOT LIKE 'cartao%')::INTEGER AS gols
       FROM eventos WHERE acrescimo IS NOT NULL`,
    );
    assert.deepEqual(byType, [
      { tipo: 'cartao_amarelo', n: 19867 },
      { tipo: 'cartao_vermelho', n: 1086 },
      { tipo: 'gol', n: 8678 },
      { tipo: 'gol_contra', n: 248 },
      { tipo: 'penalti', n: 935 },
    ]);
    // Minutes such as 45+1 (goals 1,025, cards 3,209); the longest: goals at 45+13 and 90+13, a card at 90+18.
    assert.deepEqual(stoppage, [{ n: 1001 + 24 + 3104 + 105, cartoes: 18, gols: 13 }]);
  });

  it('reads formations and coaches into confirmed lineups', async () => {
    const [rows] = await query(
      dir,
      `SELECT count(*)::INTEGER AS n, bool_and(confirmada) AS confirmadas, count(formacao)::INTEGER AS com_formacao FROM escalacoes`,
    );
    assert.deepEqual(rows, [{ n: 8353, confirmadas: true, com_formacao: 7620 }]);
  });

  it('stores unknown statistics as null, never 0, and no advanced field for this source', async () => {
    const stat = (partida: string, lado: string) =>
      `SELECT e.* EXCLUDE (partida_id, time_id) FROM estatisticas e JOIN id_fonte f ON f.entidade = 'partida' AND f.id = e.partida_id
       WHERE f.fonte = 'brasileirao-dataset' AND f.chave = '${partida}' AND e.lado = '${lado}'`;
    const advanced = STAT_ADVANCED_FIELDS.map((f) => `${f} IS NOT NULL`).join(' OR ');
    const zeros = STAT_FIELDS.filter((f) => !STAT_ADVANCED_FIELDS.includes(f))
      .map((f) => `coalesce(${f}, 0) = 0`)
      .join(' AND ');
    const [partial, uncovered, withAdvanced, allZero] = await query(
      dir,
      stat('4741', 'visitante'),
      stat('1', 'mandante'),
      `SELECT count(*)::INTEGER AS n FROM estatisticas WHERE ${advanced}`,
      `SELECT count(*)::INTEGER AS n FROM estatisticas WHERE ${zeros} AND finalizacoes_total IS NOT NULL`,
    );
    // "4741","13","Flamengo","9","0","65%","509","None","13","1","0","1","5": precisao_passes unknown.
    const row = partial?.[0] ?? {};
    assert.deepEqual(
      [
        row.origem,
        row.fonte,
        row.finalizacoes_total,
        row.finalizacoes_no_gol,
        row.posse_bola,
        row.passes_total,
        row.precisao_passes,
        row.faltas,
        row.cartoes_amarelos,
        row.cartoes_vermelhos,
        row.impedimentos,
        row.escanteios,
      ],
      ['basica', 'brasileirao-dataset', 9, 0, 65, 509, null, 13, 1, 0, 1, 5],
    );
    for (const f of STAT_FIELDS) assert.equal(uncovered?.[0]?.[f], null, `partida 1: ${f}`);
    assert.deepEqual(withAdvanced, [{ n: 0 }]);
    assert.deepEqual(allZero, [{ n: 0 }]);
  });
});
