/**
 * Derived tables on real data (../shared/data, skipped with a printed reason when absent): the Brasileirão
 * CSV family (2003–2024) through `svc ingest --backfill`. Coverage must follow what the source really
 * reported (statistics from 2014 on, partly; formations but no players; goals and cards from 2014 on), and
 * every season is finished on its last round. And the Copa do Brasil 2025 (openfootball football.txt): single
 * matches decided in extra time or on penalties, two-legged ties decided on aggregate or on penalties.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CSV_DIR, CUP_2025, ingest, query, SKIP } from '../real-data/real-data.js';
import { tempDir } from '../kit/dirs.js';

describe('derived tables on the Brasileirão CSV family', { skip: SKIP }, () => {
  const { dir, cleanup } = tempDir('svc-derived-real-');
  before(() => ingest(dir, ['--backfill', CSV_DIR]));
  after(cleanup);

  it('every season is encerrado, on its last round, with every round encerrada', async () => {
    const [seasons, open] = await query(
      dir,
      `SELECT k.temporada, k.status, k.rodada_atual, max(r.numero) AS ultima
       FROM campeonatos k JOIN rodadas r ON r.campeonato_id = k.id GROUP BY ALL ORDER BY k.temporada`,
      `SELECT count(*)::INTEGER AS n FROM rodadas WHERE status <> 'encerrada'`,
    );
    assert.equal(seasons?.length, 22);
    for (const s of seasons ?? [])
      assert.deepEqual([s.status, s.rodada_atual], ['encerrado', s.ultima], `season ${String(s.temporada)}`);
    assert.equal(seasons?.[0]?.rodada_atual, 46, '2003 had 46 rounds');
    assert.deepEqual(open, [{ n: 0 }]);
  });

  it('coverage follows what the source reported', async () => {
    const [rows] = await query(
      dir,
      `SELECT k.temporada, c.classificacao, c.rodadas, c.partidas, c.ao_vivo, c.escalacoes, c.estatisticas
       FROM cobertura c JOIN campeonatos k ON k.id = c.campeonato_id
       WHERE k.temporada IN ('2003', '2014', '2015') ORDER BY k.temporada`,
    );
    assert.deepEqual(rows, [
      {
        temporada: '2003',
        classificacao: 'coberto',
        rodadas: 'coberto',
        partidas: 'coberto',
        ao_vivo: 'nao_coberto',
        escalacoes: 'nao_coberto',
        estatisticas: 'nao_coberto',
      },
      {
        temporada: '2014',
        classificacao: 'coberto',
        rodadas: 'coberto',
        partidas: 'coberto',
        ao_vivo: 'parcial',
        escalacoes: 'parcial',
        estatisticas: 'parcial',
      },
      {
        temporada: '2015',
        classificacao: 'coberto',
        rodadas: 'coberto',
        partidas: 'coberto',
        ao_vivo: 'coberto',
        escalacoes: 'parcial',
        estatisticas: 'coberto',
      },
    ]);
  });

  it('standings count every match once and add up', async () => {
    const [rows] = await query(
      dir,
      `SELECT k.temporada, sum(c.jogos)::INTEGER AS jogos, sum(c.saldo)::INTEGER AS saldo,
              (SELECT count(*) FROM partidas p WHERE p.campeonato_id = k.id AND p.status = 'encerrado')::INTEGER AS partidas
       FROM classificacao c JOIN campeonatos k ON k.id = c.campeonato_id GROUP BY k.id, k.temporada`,
    );
    for (const r of rows ?? [])
      assert.deepEqual([r.jogos, r.saldo], [Number(r.partidas) * 2, 0], `season ${String(r.temporada)}`);
  });
});

describe('bracket ties of the Copa do Brasil 2025 (football.txt)', { skip: SKIP }, () => {
  const { dir, cleanup } = tempDir('svc-derived-cup-');
  before(() => ingest(dir, [CUP_2025]));
  after(cleanup);

  const tie = async (t1: string, t2: string) =>
    (
      await query(
        dir,
        `SELECT c.gols_time_1 AS g1, c.gols_time_2 AS g2, c.penaltis_time_1 AS p1, c.penaltis_time_2 AS p2, v.nome AS vencedor,
            c.partida_volta_id IS NOT NULL AS ida_e_volta
     FROM chaves c JOIN times a ON a.id = c.time_1_id JOIN times b ON b.id = c.time_2_id JOIN times v ON v.id = c.vencedor_id
     WHERE a.nome = '${t1}' AND b.nome = '${t2}'`,
      )
    )[0];

  it('every tie of the three phases has a winner and every phase is finalizada', async () => {
    const [open] = await query(
      dir,
      `SELECT (SELECT count(*) FROM chaves WHERE vencedor_id IS NULL)::INTEGER AS indecisas,
      (SELECT count(*) FROM fases WHERE status <> 'finalizada')::INTEGER AS fases_abertas, (SELECT count(*) FROM chaves)::INTEGER AS chaves`,
    );
    assert.deepEqual(open, [{ indecisas: 0, fases_abertas: 0, chaves: 76 }]);
  });

  it('a single match level after extra time goes to the shoot-out (São Raimundo 1-1 Grêmio, 1-4 pen.)', async () => {
    assert.deepEqual(await tie('São Raimundo RR', 'Grêmio'), [
      { g1: 1, g2: 1, p1: 1, p2: 4, vencedor: 'Grêmio', ida_e_volta: false },
    ]);
  });

  it('a two-legged tie level on aggregate goes to the shoot-out of the second leg (Retrô 2-2 Fortaleza, 4-1 pen.)', async () => {
    assert.deepEqual(await tie('Retrô PE', 'Fortaleza'), [
      { g1: 2, g2: 2, p1: 4, p2: 1, vencedor: 'Retrô PE', ida_e_volta: true },
    ]);
  });

  it('a two-legged tie is won on aggregate (Maringá 2-6 Atlético Mineiro)', async () => {
    assert.deepEqual(await tie('Maringá PR', 'Atlético Mineiro'), [
      { g1: 2, g2: 6, p1: null, p2: null, vencedor: 'Atlético Mineiro', ida_e_volta: true },
    ]);
  });
});
