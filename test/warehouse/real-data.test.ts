/**
 * Derived tables on real data (../shared/data, skipped with a printed reason when absent): the Brasileirão
 * CSV family (2003–2024) through `svc ingest --backfill`. Coverage must follow what the source really
 * reported (statistics from 2014 on, partly; formations but no players; goals and cards from 2014 on), and
 * every season is finished on its last round.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CSV_DIR, ingest, query, SKIP } from '../real-data/real-data.js';
import { tempDir } from '../helpers/cli.js';

describe('derived tables on the Brasileirão CSV family', { skip: SKIP }, () => {
  const { dir, cleanup } = tempDir('svc-derived-real-');
  before(() => ingest(dir, ['--backfill', CSV_DIR]));
  after(cleanup);

  it('every season is encerrado, on its last round, with every round encerrada', async () => {
    const [seasons, open] = await query(dir,
      `SELECT k.temporada, k.status, k.rodada_atual, max(r.numero) AS ultima
       FROM campeonatos k JOIN rodadas r ON r.campeonato_id = k.id GROUP BY ALL ORDER BY k.temporada`,
      `SELECT count(*)::INTEGER AS n FROM rodadas WHERE status <> 'encerrada'`);
    assert.equal(seasons?.length, 22);
    for (const s of seasons ?? []) assert.deepEqual([s.status, s.rodada_atual], ['encerrado', s.ultima], `season ${String(s.temporada)}`);
    assert.equal(seasons?.[0]?.rodada_atual, 46, '2003 had 46 rounds');
    assert.deepEqual(open, [{ n: 0 }]);
  });

  it('coverage follows what the source reported', async () => {
    const [rows] = await query(dir,
      `SELECT k.temporada, c.classificacao, c.rodadas, c.partidas, c.ao_vivo, c.escalacoes, c.estatisticas
       FROM cobertura c JOIN campeonatos k ON k.id = c.campeonato_id
       WHERE k.temporada IN ('2003', '2014', '2015') ORDER BY k.temporada`);
    assert.deepEqual(rows, [
      { temporada: '2003', classificacao: 'coberto', rodadas: 'coberto', partidas: 'coberto', ao_vivo: 'nao_coberto',
        escalacoes: 'nao_coberto', estatisticas: 'nao_coberto' },
      { temporada: '2014', classificacao: 'coberto', rodadas: 'coberto', partidas: 'coberto', ao_vivo: 'parcial',
        escalacoes: 'parcial', estatisticas: 'parcial' },
      { temporada: '2015', classificacao: 'coberto', rodadas: 'coberto', partidas: 'coberto', ao_vivo: 'coberto',
        escalacoes: 'parcial', estatisticas: 'coberto' },
    ]);
  });

  it('standings count every match once and add up', async () => {
    const [rows] = await query(dir,
      `SELECT k.temporada, sum(c.jogos)::INTEGER AS jogos, sum(c.saldo)::INTEGER AS saldo,
              (SELECT count(*) FROM partidas p WHERE p.campeonato_id = k.id AND p.status = 'encerrado')::INTEGER AS partidas
       FROM classificacao c JOIN campeonatos k ON k.id = c.campeonato_id GROUP BY k.id, k.temporada`);
    for (const r of rows ?? []) assert.deepEqual([r.jogos, r.saldo], [Number(r.partidas) * 2, 0], `season ${String(r.temporada)}`);
  });
});
