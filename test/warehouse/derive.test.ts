import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DuckDBValue } from '@duckdb/node-api';
import { derive } from '../../src/warehouse/derive.js';
import { openWarehouseDb, type WarehouseDb } from './warehouse-db.js';

type Row = Record<string, DuckDBValue>;

/** A finished league match of championship 1 (round 1 unless said). */
function jogo(
  id: number,
  mandante: number,
  visitante: number,
  gm: number | null,
  gv: number | null,
  extra: Row = {},
): Row {
  return {
    id,
    campeonato_id: 1,
    rodada_id: 10,
    time_mandante_id: mandante,
    time_visitante_id: visitante,
    placar_mandante: gm,
    placar_visitante: gv,
    status: 'encerrado',
    ...extra,
  };
}

async function liga(db: WarehouseDb, nomes: Record<number, string>): Promise<void> {
  await db.insert('campeonatos', { id: 1 });
  await db.insert('rodadas', { id: 10, campeonato_id: 1, numero: 1 });
  await db.insert('times', ...Object.entries(nomes).map(([id, nome]) => ({ id: Number(id), nome })));
}

async function ordem(db: WarehouseDb, campeonato = 1, fase: number | null = null): Promise<number[]> {
  const rows = await db.all(`SELECT time_id FROM classificacao WHERE campeonato_id = ${campeonato}
    AND fase_id ${fase === null ? 'IS NULL' : `= ${fase}`} ORDER BY posicao`);
  return rows.map((r) => Number(r.time_id));
}

async function withDb(fn: (db: WarehouseDb) => Promise<void>): Promise<void> {
  const db = await openWarehouseDb();
  try {
    await fn(db);
  } finally {
    db.close();
  }
}

describe('derive: standings (CBF order)', () => {
  it('lists every team with full counts; only finished matches with a score count', () =>
    withDb(async (db) => {
      await liga(db, { 1: 'Alfa', 2: 'Bravo', 3: 'Charlie', 4: 'Delta' });
      await db.insert(
        'partidas',
        jogo(100, 1, 2, 3, 1),
        jogo(101, 3, 1, 1, 1),
        jogo(102, 2, 3, 2, 0),
        jogo(103, 4, 1, 5, 0, { status: 'ao_vivo' }),
        jogo(104, 4, 2, null, null, { status: 'aguardando' }),
      );
      await derive(db.conn);
      const rows =
        await db.all(`SELECT posicao, time_id, pontos, jogos, vitorias, empates, derrotas, gols_pro, gols_contra, saldo
        FROM classificacao WHERE campeonato_id = 1 AND fase_id IS NULL ORDER BY posicao`);
      assert.deepEqual(rows, [
        {
          posicao: 1,
          time_id: 1,
          pontos: 4,
          jogos: 2,
          vitorias: 1,
          empates: 1,
          derrotas: 0,
          gols_pro: 4,
          gols_contra: 2,
          saldo: 2,
        },
        {
          posicao: 2,
          time_id: 2,
          pontos: 3,
          jogos: 2,
          vitorias: 1,
          empates: 0,
          derrotas: 1,
          gols_pro: 3,
          gols_contra: 3,
          saldo: 0,
        },
        {
          posicao: 3,
          time_id: 3,
          pontos: 1,
          jogos: 2,
          vitorias: 0,
          empates: 1,
          derrotas: 1,
          gols_pro: 1,
          gols_contra: 3,
          saldo: -2,
        },
        {
          posicao: 4,
          time_id: 4,
          pontos: 0,
          jogos: 0,
          vitorias: 0,
          empates: 0,
          derrotas: 0,
          gols_pro: 0,
          gols_contra: 0,
          saldo: 0,
        },
      ]);
    }));

  it('breaks a points tie by wins', () =>
    withDb(async (db) => {
      // 2 (three draws) and 1 (a win and a loss) both have 3 points; names would put 2 first.
      await liga(db, { 1: 'Zulu', 2: 'Alfa', 3: 'F3', 4: 'F4', 5: 'F5' });
      await db.insert(
        'partidas',
        jogo(100, 1, 3, 1, 0),
        jogo(101, 1, 4, 0, 1),
        jogo(102, 2, 3, 0, 0),
        jogo(103, 2, 4, 0, 0),
        jogo(104, 2, 5, 0, 0),
      );
      await derive(db.conn);
      const o = await ordem(db);
      assert.ok(o.indexOf(1) < o.indexOf(2), `order ${o.join(',')}`);
    }));

  it('breaks points and wins ties by goal difference, then goals for', () =>
    withDb(async (db) => {
      // all three: one win, one loss. 1: +2; 2: 0 with 3 goals for; 3: 0 with 1 goal for.
      await liga(db, { 1: 'Zulu', 2: 'Yankee', 3: 'Alfa', 4: 'F4', 5: 'F5' });
      await db.insert(
        'partidas',
        jogo(100, 1, 4, 3, 0),
        jogo(101, 1, 5, 0, 1),
        jogo(102, 2, 4, 3, 2),
        jogo(103, 2, 5, 0, 1),
        jogo(104, 3, 4, 1, 0),
        jogo(105, 3, 5, 0, 1),
      );
      await derive(db.conn);
      const o = await ordem(db);
      assert.deepEqual(
        o.filter((t) => t <= 3),
        [1, 2, 3],
      );
    }));

  it('breaks a tie on points, wins, goal difference and goals for by head-to-head, before cards and name', () =>
    withDb(async (db) => {
      // 1 and 2: 3 pts, 1 win, 1 goal for, 1 against each; 2 beat 1. 2 has more cards and a later name.
      await liga(db, { 1: 'Alfa', 2: 'Zulu', 3: 'F3', 4: 'F4' });
      await db.insert('partidas', jogo(100, 2, 1, 1, 0), jogo(101, 1, 3, 1, 0), jogo(102, 2, 4, 0, 1));
      await db.insert(
        'eventos',
        { id: 1, partida_id: 102, tipo: 'cartao_vermelho', minuto: 10, time_id: 2 },
        { id: 2, partida_id: 102, tipo: 'cartao_amarelo', minuto: 11, time_id: 2 },
      );
      await derive(db.conn);
      const o = await ordem(db);
      assert.ok(o.indexOf(2) < o.indexOf(1), `order ${o.join(',')}`);
    }));

  it('then by fewer red cards (before yellow cards and name)', () =>
    withDb(async (db) => {
      // 1 and 2 level on everything incl. head-to-head (1-1); 1 has a red card, 2 three yellows.
      await liga(db, { 1: 'Alfa', 2: 'Zulu', 3: 'F3', 4: 'F4' });
      await db.insert('partidas', jogo(100, 1, 2, 1, 1), jogo(101, 1, 3, 1, 0), jogo(102, 2, 4, 1, 0));
      await db.insert(
        'eventos',
        { id: 1, partida_id: 100, tipo: 'cartao_vermelho', minuto: 10, time_id: 1 },
        ...[2, 3, 4].map((id) => ({ id, partida_id: 102, tipo: 'cartao_amarelo', minuto: id, time_id: 2 })),
      );
      await derive(db.conn);
      const o = await ordem(db);
      assert.ok(o.indexOf(2) < o.indexOf(1), `order ${o.join(',')}`);
      const cards = await db.all(
        'SELECT time_id, cartoes_vermelhos, cartoes_amarelos FROM classificacao WHERE time_id IN (1, 2) ORDER BY time_id',
      );
      assert.deepEqual(cards, [
        { time_id: 1, cartoes_vermelhos: 1, cartoes_amarelos: 0 },
        { time_id: 2, cartoes_vermelhos: 0, cartoes_amarelos: 3 },
      ]);
    }));

  it('then by fewer yellow cards, from card events or, in a match without any, from the statistics', () =>
    withDb(async (db) => {
      // 1: two yellows from statistics (its match has no card events). 2: one yellow event; its match's
      // statistics say 5, ignored because the match has card events.
      await liga(db, { 1: 'Alfa', 2: 'Zulu', 3: 'F3', 4: 'F4' });
      await db.insert('partidas', jogo(100, 1, 2, 1, 1), jogo(101, 1, 3, 1, 0), jogo(102, 2, 4, 1, 0));
      await db.insert(
        'estatisticas',
        { partida_id: 101, lado: 'mandante', time_id: 1, cartoes_amarelos: 2, cartoes_vermelhos: 0 },
        { partida_id: 102, lado: 'mandante', time_id: 2, cartoes_amarelos: 5, cartoes_vermelhos: null },
      );
      await db.insert('eventos', { id: 1, partida_id: 102, tipo: 'cartao_amarelo', minuto: 3, time_id: 2 });
      await derive(db.conn);
      const o = await ordem(db);
      assert.ok(o.indexOf(2) < o.indexOf(1), `order ${o.join(',')}`);
      const cards = await db.all(
        'SELECT time_id, cartoes_amarelos FROM classificacao WHERE time_id IN (1, 2) ORDER BY time_id',
      );
      assert.deepEqual(cards, [
        { time_id: 1, cartoes_amarelos: 2 },
        { time_id: 2, cartoes_amarelos: 1 },
      ]);
    }));

  it('falls back to the name when every criterion is level', () =>
    withDb(async (db) => {
      await liga(db, { 1: 'Zulu', 2: 'Alfa' });
      await db.insert('partidas', jogo(100, 1, 2, 2, 2));
      await derive(db.conn);
      assert.deepEqual(await ordem(db), [2, 1]);
    }));

  it('builds one table per group or points-based phase, and no championship table for a knockout championship', () =>
    withDb(async (db) => {
      await db.insert('campeonatos', { id: 2, tipo: 'mata-mata' });
      await db.insert('times', { id: 1 }, { id: 2 }, { id: 3 });
      await db.insert(
        'fases',
        { id: 20, campeonato_id: 2, tipo: 'grupos', ordem: 1, ida_e_volta: false },
        { id: 21, campeonato_id: 2, tipo: 'mata-mata', ordem: 2 },
      );
      await db.insert('rodadas', { id: 30, campeonato_id: 2, fase_id: 20, numero: 1 });
      await db.insert(
        'partidas',
        {
          id: 100,
          campeonato_id: 2,
          rodada_id: 30,
          time_mandante_id: 1,
          time_visitante_id: 2,
          placar_mandante: 0,
          placar_visitante: 2,
          status: 'encerrado',
        },
        {
          id: 101,
          campeonato_id: 2,
          fase_id: 21,
          time_mandante_id: 3,
          time_visitante_id: 2,
          placar_mandante: 1,
          placar_visitante: 0,
          status: 'encerrado',
        },
      );
      await derive(db.conn);
      assert.deepEqual(await ordem(db, 2, 20), [2, 1]);
      assert.deepEqual(await ordem(db, 2), []);
      assert.deepEqual(await db.all('SELECT DISTINCT fase_id FROM classificacao'), [{ fase_id: 20 }]);
    }));
});

describe('derive: scorers', () => {
  it('credits gol and penalti to the scorer, never own goals; 0 goals absent; ordered by goals then name', () =>
    withDb(async (db) => {
      await liga(db, { 1: 'Alfa', 2: 'Bravo' });
      await db.insert(
        'jogadores',
        { id: 7, time_id: 1, nome_popular: 'Zé' },
        { id: 8, time_id: 2, nome_popular: 'Abel' },
        { id: 9, time_id: 2, nome_popular: 'Caio' },
        { id: 10, time_id: 1, nome_popular: 'Bruno' },
      );
      await db.insert('partidas', jogo(100, 1, 2, 3, 1), jogo(101, 2, 1, 1, 0, { rodada_id: null }));
      await db.insert(
        'eventos',
        { id: 1, partida_id: 100, tipo: 'gol', minuto: 5, time_id: 1, jogador_id: 7 },
        { id: 2, partida_id: 100, tipo: 'penalti', minuto: 50, time_id: 1, jogador_id: 7 },
        { id: 3, partida_id: 100, tipo: 'gol_contra', minuto: 60, time_id: 1, jogador_id: 9 },
        { id: 4, partida_id: 100, tipo: 'gol', minuto: 70, time_id: 2, jogador_id: 8 },
        { id: 5, partida_id: 101, tipo: 'gol', minuto: 10, time_id: 2, jogador_id: 10 },
        { id: 6, partida_id: 101, tipo: 'cartao_amarelo', minuto: 11, time_id: 2, jogador_id: 9 },
      );
      await derive(db.conn);
      assert.deepEqual(await db.all('SELECT posicao, jogador_id, time_id, gols FROM artilharia ORDER BY posicao'), [
        { posicao: 1, jogador_id: 7, time_id: 1, gols: 2 },
        { posicao: 2, jogador_id: 8, time_id: 2, gols: 1 },
        { posicao: 3, jogador_id: 10, time_id: 2, gols: 1 },
      ]);
      assert.deepEqual(await db.all('SELECT id, gols FROM jogadores ORDER BY id'), [
        { id: 7, gols: 2 },
        { id: 8, gols: 1 },
        { id: 9, gols: 0 },
        { id: 10, gols: 1 },
      ]);
    }));
});

describe('derive: statuses and rodada_atual', () => {
  async function rodadas(db: WarehouseDb, status: Record<number, string[]>): Promise<void> {
    await db.insert('campeonatos', { id: 1 });
    await db.insert('times', { id: 1 }, { id: 2 });
    let id = 100;
    for (const [numero, lista] of Object.entries(status)) {
      await db.insert('rodadas', { id: Number(numero), campeonato_id: 1, numero: Number(numero) });
      for (const s of lista) {
        const dia = 10 + id - 100; // one match a day from 2026-05-10
        await db.insert('partidas', {
          id: id++,
          campeonato_id: 1,
          rodada_id: Number(numero),
          time_mandante_id: 1,
          time_visitante_id: 2,
          status: s,
          data_local: `2026-05-${String(dia).padStart(2, '0')}`,
        });
      }
    }
  }

  it('derives round status and date, championship status and the round in progress', () =>
    withDb(async (db) => {
      await rodadas(db, {
        1: ['encerrado', 'adiado'],
        2: ['encerrado', 'aguardando'],
        3: ['aguardando'],
        4: ['adiado'],
      });
      await derive(db.conn);
      assert.deepEqual(
        await db.all(`SELECT numero, status, strftime(data, '%Y-%m-%d') AS data FROM rodadas ORDER BY numero`),
        [
          { numero: 1, status: 'encerrada', data: '2026-05-10' },
          { numero: 2, status: 'andamento', data: '2026-05-12' },
          { numero: 3, status: 'agendada', data: '2026-05-14' },
          { numero: 4, status: 'agendada', data: '2026-05-15' },
        ],
      );
      assert.deepEqual(await db.all('SELECT status, rodada_atual FROM campeonatos'), [
        { status: 'andamento', rodada_atual: 2 },
      ]);
    }));

  it('takes the first round not finished when none is in progress', () =>
    withDb(async (db) => {
      await rodadas(db, { 1: ['encerrado'], 2: ['aguardando'], 3: ['aguardando'] });
      await derive(db.conn);
      assert.deepEqual(await db.all('SELECT status, rodada_atual FROM campeonatos'), [
        { status: 'andamento', rodada_atual: 2 },
      ]);
    }));

  it('prefers a round in progress over an earlier one not started', () =>
    withDb(async (db) => {
      await rodadas(db, { 1: ['aguardando'], 2: ['ao_vivo'], 3: ['aguardando'] });
      await derive(db.conn);
      assert.deepEqual(await db.all('SELECT numero, status FROM rodadas ORDER BY numero'), [
        { numero: 1, status: 'agendada' },
        { numero: 2, status: 'andamento' },
        { numero: 3, status: 'agendada' },
      ]);
      assert.deepEqual(await db.all('SELECT rodada_atual FROM campeonatos'), [{ rodada_atual: 2 }]);
    }));

  it('is encerrado with the last round when everything is played (postponed matches left aside)', () =>
    withDb(async (db) => {
      await rodadas(db, { 1: ['encerrado'], 2: ['encerrado', 'adiado'] });
      await derive(db.conn);
      assert.deepEqual(await db.all('SELECT status, rodada_atual FROM campeonatos'), [
        { status: 'encerrado', rodada_atual: 2 },
      ]);
    }));

  it('is agendado before any match starts, and the feed status wins', () =>
    withDb(async (db) => {
      await rodadas(db, { 1: ['aguardando'], 2: ['aguardando'] });
      await db.insert('campeonatos', { id: 2, status_fonte: 'encerrado' });
      await derive(db.conn);
      assert.deepEqual(await db.all('SELECT id, status, rodada_atual FROM campeonatos ORDER BY id'), [
        { id: 1, status: 'agendado', rodada_atual: 1 },
        { id: 2, status: 'encerrado', rodada_atual: null },
      ]);
    }));

  it('is idempotent: a second run leaves one row per key', () =>
    withDb(async (db) => {
      await rodadas(db, { 1: ['encerrado'], 2: ['aguardando'] });
      await db.insert('jogadores', { id: 7, time_id: 1 });
      await db.insert('eventos', { id: 1, partida_id: 100, tipo: 'gol', minuto: 1, time_id: 1, jogador_id: 7 });
      await derive(db.conn);
      const contar = () =>
        db.all(`SELECT (SELECT count(*) FROM classificacao)::INTEGER AS c, (SELECT count(*) FROM artilharia)::INTEGER AS a,
        (SELECT count(*) FROM cobertura)::INTEGER AS k, (SELECT gols FROM jogadores) AS g`);
      const antes = await contar();
      await derive(db.conn);
      await derive(db.conn, [1]);
      assert.deepEqual(await contar(), antes);
      assert.deepEqual(antes, [{ c: 2, a: 1, k: 1, g: 1 }]);
    }));

  it('recomputes only the championships asked for', () =>
    withDb(async (db) => {
      await rodadas(db, { 1: ['encerrado'] });
      await db.insert('campeonatos', { id: 2 });
      await db.insert('rodadas', { id: 20, campeonato_id: 2, numero: 1 });
      await db.insert('partidas', {
        id: 200,
        campeonato_id: 2,
        rodada_id: 20,
        time_mandante_id: 1,
        time_visitante_id: 2,
        placar_mandante: 1,
        placar_visitante: 0,
        status: 'encerrado',
      });
      await derive(db.conn, [2]);
      assert.deepEqual(await db.all('SELECT id, status FROM campeonatos ORDER BY id'), [
        { id: 1, status: null },
        { id: 2, status: 'encerrado' },
      ]);
      assert.deepEqual(await db.all('SELECT DISTINCT campeonato_id FROM classificacao'), [{ campeonato_id: 2 }]);
      assert.deepEqual(await db.all('SELECT campeonato_id FROM cobertura'), [{ campeonato_id: 2 }]);
    }));
});

describe('derive: bracket ties', () => {
  async function copa(db: WarehouseDb, idaEVolta: boolean, partidas: Row[]): Promise<void> {
    await db.insert('campeonatos', { id: 2, tipo: 'mata-mata' });
    await db.insert('times', { id: 1 }, { id: 2 });
    await db.insert('fases', { id: 20, campeonato_id: 2, ida_e_volta: idaEVolta });
    await db.insert('chaves', { id: 50, fase_id: 20 });
    await db.insert(
      'partidas',
      ...partidas.map((p) => ({ campeonato_id: 2, fase_id: 20, chave_id: 50, status: 'encerrado', ...p })),
    );
  }
  const chave = (db: WarehouseDb) =>
    db.all(`SELECT partida_ida_id, partida_volta_id, time_1_id, time_2_id, gols_time_1, gols_time_2,
    penaltis_time_1, penaltis_time_2, vencedor_id FROM chaves`);
  const fase = async (db: WarehouseDb) => (await db.all('SELECT status FROM fases'))[0]?.status;

  it('adds both legs up; the aggregate decides', () =>
    withDb(async (db) => {
      await copa(db, true, [
        { id: 1, jogo: 1, time_mandante_id: 1, time_visitante_id: 2, placar_mandante: 2, placar_visitante: 0 },
        { id: 2, jogo: 2, time_mandante_id: 2, time_visitante_id: 1, placar_mandante: 1, placar_visitante: 0 },
      ]);
      await derive(db.conn);
      assert.deepEqual(await chave(db), [
        {
          partida_ida_id: 1,
          partida_volta_id: 2,
          time_1_id: 1,
          time_2_id: 2,
          gols_time_1: 2,
          gols_time_2: 1,
          penaltis_time_1: null,
          penaltis_time_2: null,
          vencedor_id: 1,
        },
      ]);
      assert.equal(await fase(db), 'finalizada');
    }));

  it('a level aggregate goes to the shoot-out of the second leg', () =>
    withDb(async (db) => {
      await copa(db, true, [
        { id: 1, jogo: 1, time_mandante_id: 1, time_visitante_id: 2, placar_mandante: 1, placar_visitante: 0 },
        {
          id: 2,
          jogo: 2,
          time_mandante_id: 2,
          time_visitante_id: 1,
          placar_mandante: 1,
          placar_visitante: 0,
          penalti_mandante: 4,
          penalti_visitante: 3,
        },
      ]);
      await derive(db.conn);
      assert.deepEqual(await chave(db), [
        {
          partida_ida_id: 1,
          partida_volta_id: 2,
          time_1_id: 1,
          time_2_id: 2,
          gols_time_1: 1,
          gols_time_2: 1,
          penaltis_time_1: 3,
          penaltis_time_2: 4,
          vencedor_id: 2,
        },
      ]);
    }));

  it('a single match won in extra time counts the extra-time score', () =>
    withDb(async (db) => {
      await copa(db, false, [
        {
          id: 1,
          jogo: null,
          time_mandante_id: 1,
          time_visitante_id: 2,
          placar_mandante: 2,
          placar_visitante: 3,
          prorrogacao: true,
        },
      ]);
      await derive(db.conn);
      assert.deepEqual(await chave(db), [
        {
          partida_ida_id: 1,
          partida_volta_id: null,
          time_1_id: 1,
          time_2_id: 2,
          gols_time_1: 2,
          gols_time_2: 3,
          penaltis_time_1: null,
          penaltis_time_2: null,
          vencedor_id: 2,
        },
      ]);
      assert.equal(await fase(db), 'finalizada');
    }));

  it('is undecided after the first leg only, and the phase stays in progress', () =>
    withDb(async (db) => {
      await copa(db, true, [
        { id: 1, jogo: 1, time_mandante_id: 1, time_visitante_id: 2, placar_mandante: 3, placar_visitante: 0 },
      ]);
      await derive(db.conn);
      assert.deepEqual(await chave(db), [
        {
          partida_ida_id: 1,
          partida_volta_id: null,
          time_1_id: 1,
          time_2_id: 2,
          gols_time_1: 3,
          gols_time_2: 0,
          penaltis_time_1: null,
          penaltis_time_2: null,
          vencedor_id: null,
        },
      ]);
      assert.equal(await fase(db), 'andamento');
      assert.deepEqual(await db.all('SELECT status FROM campeonatos'), [{ status: 'andamento' }]);
    }));

  it('counts only finished legs in the aggregate', () =>
    withDb(async (db) => {
      await copa(db, true, [
        { id: 1, jogo: 1, time_mandante_id: 1, time_visitante_id: 2, placar_mandante: 1, placar_visitante: 0 },
        {
          id: 2,
          jogo: 2,
          time_mandante_id: 2,
          time_visitante_id: 1,
          placar_mandante: 2,
          placar_visitante: 0,
          status: 'ao_vivo',
        },
      ]);
      await derive(db.conn);
      const [c] = await chave(db);
      assert.deepEqual([c?.gols_time_1, c?.gols_time_2, c?.vencedor_id], [1, 0, null]);
    }));
});

describe('derive: coverage', () => {
  it('derives each key from the stored rows', () =>
    withDb(async (db) => {
      await liga(db, { 1: 'Alfa', 2: 'Bravo' });
      const kickoff = { data_hora: '2026-05-10T16:00:00-03:00' };
      await db.insert(
        'partidas',
        jogo(100, 1, 2, 1, 0, kickoff),
        jogo(101, 2, 1, 0, 0, kickoff),
        jogo(102, 1, 2, null, null, { ...kickoff, status: 'aguardando' }),
      );
      await db.insert('eventos', { id: 1, partida_id: 100, tipo: 'gol', minuto: 3, time_id: 1 });
      // 100: both lineups with their starters; 101: formation only
      await db.insert(
        'escalacoes',
        ...[100, 101].flatMap((partida_id) =>
          (['mandante', 'visitante'] as const).map((lado, i) => ({
            partida_id,
            lado,
            time_id: i + 1,
            confirmada: true,
            formacao: '4-4-2',
          })),
        ),
      );
      await db.insert(
        'escalacao_jogadores',
        ...(['mandante', 'visitante'] as const).map((lado) => ({
          partida_id: 100,
          lado,
          titular: true,
          ordem: 1,
          nome: 'Fulano',
          apelido: 'Fulano',
        })),
      );
      await db.insert(
        'estatisticas',
        ...[100, 101].flatMap((partida_id) =>
          (['mandante', 'visitante'] as const).map((lado, i) => ({ partida_id, lado, time_id: i + 1, faltas: 10 })),
        ),
      );
      // a knockout championship with no data at all
      await db.insert('campeonatos', { id: 2, tipo: 'mata-mata' });
      await derive(db.conn);
      assert.deepEqual(await db.all('SELECT * FROM cobertura ORDER BY campeonato_id'), [
        {
          campeonato_id: 1,
          classificacao: 'coberto',
          rodadas: 'coberto',
          partidas: 'coberto',
          ao_vivo: 'parcial',
          escalacoes: 'parcial',
          estatisticas: 'coberto',
        },
        {
          campeonato_id: 2,
          classificacao: 'nao_coberto',
          rodadas: 'nao_coberto',
          partidas: 'nao_coberto',
          ao_vivo: 'nao_coberto',
          escalacoes: 'nao_coberto',
          estatisticas: 'nao_coberto',
        },
      ]);
    }));

  it('does not count statistics rows with nothing reported, nor lineups without players', () =>
    withDb(async (db) => {
      await liga(db, { 1: 'Alfa', 2: 'Bravo' });
      await db.insert('partidas', jogo(100, 1, 2, 1, 0));
      for (const [i, lado] of (['mandante', 'visitante'] as const).entries()) {
        await db.insert('estatisticas', { partida_id: 100, lado, time_id: i + 1 });
        await db.insert('escalacoes', { partida_id: 100, lado, time_id: i + 1, confirmada: true, tecnico: 'Técnico' });
      }
      await derive(db.conn);
      assert.deepEqual(await db.all('SELECT escalacoes, estatisticas FROM cobertura'), [
        { escalacoes: 'parcial', estatisticas: 'nao_coberto' },
      ]);
    }));

  it('marks partial structure and results', () =>
    withDb(async (db) => {
      await liga(db, { 1: 'Alfa', 2: 'Bravo' });
      // one finished match without a score, one without a round nor kick-off
      await db.insert(
        'partidas',
        jogo(100, 1, 2, null, null, { data_hora: '2026-05-10T16:00:00-03:00' }),
        jogo(101, 2, 1, 2, 0, { rodada_id: null }),
      );
      await derive(db.conn);
      assert.deepEqual(await db.all('SELECT classificacao, rodadas, partidas, ao_vivo FROM cobertura'), [
        { classificacao: 'parcial', rodadas: 'parcial', partidas: 'nao_coberto', ao_vivo: 'nao_coberto' },
      ]);
    }));
});
