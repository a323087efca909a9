import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { derive } from '../../src/warehouse/derive.js';
import { captureState, detectEvents, type DetectedEvent } from '../../src/warehouse/events/detect.js';
import { openWarehouseDb, type WarehouseDb } from './warehouse-db.js';

const AGORA = new Date('2026-11-22T18:00:00-03:00');
const INICIO_UTC = '2026-11-22 21:00:00';

/**
 * A league (championship 1: rounds 1 and 2, match 100 Flamengo x Cruzeiro in round 1) and a knockout cup
 * (championship 2: phases Semifinal and Final, match 200 Palmeiras x Santos, the single-match final),
 * derived, as the previous snapshot.
 */
async function cenario(): Promise<WarehouseDb> {
  const db = await openWarehouseDb();
  await db.insert('campeonatos', { id: 1 }, { id: 2, tipo: 'mata-mata' });
  await db.insert(
    'times',
    { id: 1, nome: 'Flamengo', sigla: 'FLA' },
    { id: 2, nome: 'Cruzeiro', sigla: 'CRU' },
    { id: 3, nome: 'Palmeiras', sigla: 'PAL' },
    { id: 4, nome: 'Santos', sigla: 'SAN' },
  );
  await db.insert('rodadas', { id: 10, campeonato_id: 1, numero: 1 }, { id: 11, campeonato_id: 1, numero: 2 });
  await db.insert(
    'fases',
    { id: 19, campeonato_id: 2, nome: 'Semifinal', slug: 'semifinal', ordem: 1, ida_e_volta: false },
    { id: 20, campeonato_id: 2, nome: 'Final', slug: 'final', ordem: 2, ida_e_volta: false, decisivo: true },
  );
  await db.insert('chaves', { id: 50, fase_id: 20 });
  await db.insert(
    'partidas',
    {
      id: 100,
      campeonato_id: 1,
      rodada_id: 10,
      time_mandante_id: 1,
      time_visitante_id: 2,
      estadio: 'Maracanã',
      placar_mandante: null,
      placar_visitante: null,
      data_local: '2026-11-22',
    },
    {
      id: 200,
      campeonato_id: 2,
      fase_id: 20,
      chave_id: 50,
      time_mandante_id: 3,
      time_visitante_id: 4,
      estadio: 'Allianz Parque',
      placar_mandante: null,
      placar_visitante: null,
    },
  );
  // Both kick off at the ingest's `now` (AGORA): inside the live window.
  await db.conn.run(`UPDATE partidas SET inicio_utc = '${INICIO_UTC}'`);
  await derive(db.conn);
  return db;
}

/** One ingest: capture, change the data as a feed would, derive, detect (at AGORA unless `now` is given). */
async function ingest(db: WarehouseDb, change: () => Promise<void>, now = AGORA): Promise<DetectedEvent[]> {
  await captureState(db.conn);
  await change();
  await derive(db.conn);
  return detectEvents(db.conn, now);
}

const FLA = { id: 1, nome: 'Flamengo', sigla: 'FLA' };
const CRU = { id: 2, nome: 'Cruzeiro', sigla: 'CRU' };

/** A match with no shoot-out and no kick-off time (the scenario stores none): what partida.* carry then. */
const SEM_DISPUTA = {
  disputa_penalti: false,
  penalti: { placar_mandante: null, placar_visitante: null },
  data_hora_realizacao: null,
};

function partida100(mudancas: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 100,
    campeonato_id: 1,
    rodada_numero: 1,
    fase: null,
    status: 'aguardando',
    placar_mandante: null,
    placar_visitante: null,
    ...SEM_DISPUTA,
    time_mandante: FLA,
    time_visitante: CRU,
    estadio: 'Maracanã',
    gols: [],
    ...mudancas,
  };
}

async function withCenario(fn: (db: WarehouseDb) => Promise<void>): Promise<void> {
  const db = await cenario();
  try {
    await fn(db);
  } finally {
    db.close();
  }
}

const nomes = (eventos: DetectedEvent[]) => eventos.map((e) => `${e.evento}:${String(e.partida_id)}`);

describe('detectEvents', () => {
  it('records nothing when nothing changed', () =>
    withCenario(async (db) => {
      assert.deepEqual(await ingest(db, async () => {}), []);
    }));

  it('partida.criada for a new match, with the payload of the spec', () =>
    withCenario(async (db) => {
      const eventos = await ingest(db, () =>
        db.insert('partidas', {
          id: 101,
          campeonato_id: 1,
          rodada_id: 11,
          time_mandante_id: 2,
          time_visitante_id: 1,
          placar_mandante: null,
          placar_visitante: null,
          inicio_utc: INICIO_UTC,
        }),
      );
      assert.deepEqual(eventos, [
        {
          evento: 'partida.criada',
          campeonato_id: 1,
          partida_id: 101,
          dados: {
            id: 101,
            campeonato_id: 1,
            rodada_numero: 2,
            fase: null,
            status: 'aguardando',
            placar_mandante: null,
            placar_visitante: null,
            ...SEM_DISPUTA,
            time_mandante: CRU,
            time_visitante: FLA,
            estadio: null,
            gols: [],
          },
        },
      ]);
    }));

  it('partida.ao_vivo at kick-off; 0-0 is not a score change', () =>
    withCenario(async (db) => {
      const eventos = await ingest(db, () =>
        db.conn
          .run(`UPDATE partidas SET status = 'ao_vivo', placar_mandante = 0, placar_visitante = 0 WHERE id = 100`)
          .then(() => {}),
      );
      assert.deepEqual(eventos, [
        {
          evento: 'partida.ao_vivo',
          campeonato_id: 1,
          partida_id: 100,
          dados: partida100({ status: 'ao_vivo', placar_mandante: 0, placar_visitante: 0 }),
        },
      ]);
    }));

  it('a goal fires partida.placar_atualizado and partida.gol with the play; gols ordered by minute', () =>
    withCenario(async (db) => {
      await db.conn.run(
        `UPDATE partidas SET status = 'ao_vivo', placar_mandante = 1, placar_visitante = 0 WHERE id = 100`,
      );
      await db.insert('eventos', { id: 1, partida_id: 100, tipo: 'gol', minuto: 50, time_id: 1, jogador: 'Pedro' });
      await derive(db.conn);
      const eventos = await ingest(db, async () => {
        await db.conn.run('UPDATE partidas SET placar_mandante = 2, placar_visitante = 1 WHERE id = 100');
        await db.insert(
          'eventos',
          { id: 3, partida_id: 100, tipo: 'penalti', minuto: 80, time_id: 1, jogador: 'Arrascaeta' },
          { id: 2, partida_id: 100, tipo: 'gol_contra', minuto: 45, acrescimo: 2, time_id: 2, jogador: 'Léo Pereira' },
          { id: 4, partida_id: 100, tipo: 'cartao_amarelo', minuto: 81, time_id: 2, jogador: 'Matheus Pereira' },
        );
      });
      const gols = [
        { tipo: 'gol_contra', jogador: 'Léo Pereira', time_nome: 'Cruzeiro', minuto: 45 },
        { tipo: 'gol', jogador: 'Pedro', time_nome: 'Flamengo', minuto: 50 },
        { tipo: 'penalti', jogador: 'Arrascaeta', time_nome: 'Flamengo', minuto: 80 },
      ];
      const dados = partida100({ status: 'ao_vivo', placar_mandante: 2, placar_visitante: 1, gols });
      assert.deepEqual(eventos, [
        { evento: 'partida.placar_atualizado', campeonato_id: 1, partida_id: 100, dados },
        { evento: 'partida.gol', campeonato_id: 1, partida_id: 100, dados: { ...dados, gol: gols[0] } },
        { evento: 'partida.gol', campeonato_id: 1, partida_id: 100, dados: { ...dados, gol: gols[2] } },
      ]);
      assert.deepEqual(Object.keys(eventos[1]?.dados as object).at(-1), 'gol');
    }));

  it('partida.encerrada, and rodada.encerrada with the Round resource when its last match ends', () =>
    withCenario(async (db) => {
      await db.conn.run(`UPDATE partidas SET status = 'ao_vivo', placar_mandante = 0, placar_visitante = 0,
        data_hora = '2026-11-22T16:00:00-03:00', hora_local = '16:00', slug = 'flamengo-cruzeiro-22-11-2026' WHERE id = 100`);
      await derive(db.conn);
      const eventos = await ingest(db, () =>
        db.conn.run(`UPDATE partidas SET status = 'encerrado' WHERE id = 100`).then(() => {}),
      );
      assert.deepEqual(eventos, [
        {
          evento: 'partida.encerrada',
          campeonato_id: 1,
          partida_id: 100,
          // with the kick-off, as the Match resource gives it
          dados: partida100({
            status: 'encerrado',
            placar_mandante: 0,
            placar_visitante: 0,
            data_hora_realizacao: '2026-11-22T16:00:00-03:00',
          }),
        },
        {
          evento: 'rodada.encerrada',
          campeonato_id: 1,
          partida_id: null,
          dados: {
            id: 10,
            campeonato_id: 1,
            numero: 1,
            nome: '1ª Rodada',
            slug: 'rodada-1',
            status: 'encerrada',
            data: '2026-11-22',
            proxima_rodada: { nome: '2ª Rodada', slug: 'rodada-2', numero: 2, status: 'agendada' },
            rodada_anterior: null,
            partidas: [
              {
                id: 100,
                rodada_id: 10,
                rodada_numero: 1,
                rodada_nome: '1ª Rodada',
                time_mandante: { ...FLA, escudo_url: null },
                time_visitante: { ...CRU, escudo_url: null },
                placar_mandante: 0,
                placar_visitante: 0,
                disputa_penalti: false,
                penalti: { placar_mandante: null, placar_visitante: null },
                status: 'encerrado',
                slug: 'flamengo-cruzeiro-22-11-2026',
                data_realizacao: '22/11/2026',
                hora_realizacao: '16:00',
                data_hora_realizacao: '2026-11-22T16:00:00-03:00',
                estadio: 'Maracanã',
              },
            ],
          },
        },
      ]);
    }));

  it('a finished round fires once; a removed match fires nothing', () =>
    withCenario(async (db) => {
      const primeiro = await ingest(db, () =>
        db.conn
          .run(`UPDATE partidas SET status = 'encerrado', placar_mandante = 0, placar_visitante = 0 WHERE id = 100`)
          .then(() => {}),
      );
      assert.deepEqual(nomes(primeiro), ['partida.encerrada:100', 'rodada.encerrada:null']);
      assert.deepEqual(await ingest(db, async () => {}), []);
      assert.deepEqual(await ingest(db, () => db.conn.run('DELETE FROM partidas WHERE id = 200').then(() => {})), []);
    }));

  it('partida.escalacao_publicada once per match when lineups become confirmed', () =>
    withCenario(async (db) => {
      const lado = (l: string, confirmada: boolean) => ({
        partida_id: 100,
        lado: l,
        time_id: l === 'mandante' ? 1 : 2,
        confirmada,
      });
      await db.insert('escalacoes', lado('mandante', false));
      const primeiro = await ingest(db, async () => {
        await db.conn.run(`DELETE FROM escalacoes`);
        await db.insert('escalacoes', lado('mandante', true), lado('visitante', true));
      });
      assert.deepEqual(primeiro, [
        { evento: 'partida.escalacao_publicada', campeonato_id: 1, partida_id: 100, dados: partida100() },
      ]);
      assert.deepEqual(await ingest(db, async () => {}), []);
    }));

  it('a knockout match carries fase and null rodada_numero; fase.finalizada with the Phase resource', () =>
    withCenario(async (db) => {
      const eventos = await ingest(db, async () => {
        await db.conn.run(`UPDATE partidas SET status = 'encerrado', placar_mandante = 1, placar_visitante = 1,
          penalti_mandante = 5, penalti_visitante = 4 WHERE id = 200`);
        await db.insert('eventos', { id: 9, partida_id: 200, tipo: 'gol', minuto: 10, time_id: 4, jogador: null });
      });
      const dados = {
        id: 200,
        campeonato_id: 2,
        rodada_numero: null,
        fase: { id: 20, nome: 'Final', slug: 'final' },
        status: 'encerrado',
        placar_mandante: 1,
        placar_visitante: 1,
        // the shoot-out that decided the tie
        disputa_penalti: true,
        penalti: { placar_mandante: 5, placar_visitante: 4 },
        data_hora_realizacao: null,
        time_mandante: { id: 3, nome: 'Palmeiras', sigla: 'PAL' },
        time_visitante: { id: 4, nome: 'Santos', sigla: 'SAN' },
        estadio: 'Allianz Parque',
        gols: [{ tipo: 'gol', jogador: null, time_nome: 'Santos', minuto: 10 }],
      };
      assert.deepEqual(eventos, [
        { evento: 'partida.placar_atualizado', campeonato_id: 2, partida_id: 200, dados },
        { evento: 'partida.gol', campeonato_id: 2, partida_id: 200, dados: { ...dados, gol: dados.gols[0] } },
        { evento: 'partida.encerrada', campeonato_id: 2, partida_id: 200, dados },
        {
          evento: 'fase.finalizada',
          campeonato_id: 2,
          partida_id: null,
          dados: {
            id: 20,
            campeonato: { id: 2, temporada: '2026', nome: 'Campeonato 2', nome_popular: 'Camp 2', slug: 'camp-2' },
            nome: 'Final',
            slug: 'final',
            status: 'finalizada',
            tipo: 'mata-mata',
            decisivo: true,
            eliminatorio: true,
            ida_e_volta: false,
            grupos: [],
            chaves: [],
            rodadas: [],
            proxima_fase: null,
            fase_anterior: { id: 19, nome: 'Semifinal', slug: 'semifinal', tipo: 'mata-mata' },
          },
        },
      ]);
    }));

  it('a new match arriving live gets every transition it arrives with, in a fixed order across matches', () =>
    withCenario(async (db) => {
      const eventos = await ingest(db, async () => {
        await db.conn.run(
          `UPDATE partidas SET status = 'ao_vivo', placar_mandante = 0, placar_visitante = 0 WHERE id = 200`,
        );
        await db.insert('partidas', {
          id: 101,
          campeonato_id: 1,
          rodada_id: 11,
          time_mandante_id: 2,
          time_visitante_id: 1,
          status: 'ao_vivo',
          placar_mandante: 1,
          placar_visitante: 0,
          inicio_utc: INICIO_UTC,
        });
        await db.insert('eventos', {
          id: 5,
          partida_id: 101,
          tipo: 'gol',
          minuto: 3,
          time_id: 2,
          jogador: 'Kaio Jorge',
        });
      });
      assert.deepEqual(nomes(eventos), [
        'partida.criada:101',
        'partida.ao_vivo:101',
        'partida.placar_atualizado:101',
        'partida.gol:101',
        'partida.ao_vivo:200',
      ]);
    }));

  describe('live window (3 days before to 30 days after now, inclusive)', () => {
    const casos: [string, string | null, string[]][] = [
      ['exactly 3 days before', '2026-11-19 21:00:00', ['partida.ao_vivo:100']],
      ['one second earlier', '2026-11-19 20:59:59', []],
      ['exactly 30 days after', '2026-12-22 21:00:00', ['partida.ao_vivo:100']],
      ['one second later', '2026-12-22 21:00:01', []],
      ['no kick-off', null, []],
    ];
    for (const [nome, inicio, esperado] of casos) {
      it(`a kick-off ${nome}: ${esperado.length > 0 ? 'events' : 'none'}`, () =>
        withCenario(async (db) => {
          await db.conn.run('UPDATE partidas SET inicio_utc = $1::TIMESTAMP WHERE id = 100', [inicio]);
          const eventos = await ingest(db, () =>
            db.conn
              .run(`UPDATE partidas SET status = 'ao_vivo', placar_mandante = 1, placar_visitante = 0 WHERE id = 100`)
              .then(() => {}),
          );
          assert.deepEqual(nomes(eventos), esperado.length === 0 ? [] : [...esperado, 'partida.placar_atualizado:100']);
        }));
    }

    it('a past season arriving whole (new matches, goals, lineups, finished rounds and phases) records nothing', () =>
      withCenario(async (db) => {
        const antigo = new Date('2019-12-08T18:00:00-03:00');
        const eventos = await ingest(
          db,
          async () => {
            await db.insert('partidas', {
              id: 101,
              campeonato_id: 1,
              rodada_id: 11,
              time_mandante_id: 2,
              time_visitante_id: 1,
              status: 'encerrado',
              placar_mandante: 1,
              placar_visitante: 0,
            });
            await db.insert('eventos', {
              id: 5,
              partida_id: 101,
              tipo: 'gol',
              minuto: 3,
              time_id: 2,
              jogador: 'Kaio Jorge',
            });
            await db.conn.run(
              `UPDATE partidas SET status = 'encerrado', placar_mandante = 2, placar_visitante = 0 WHERE id IN (100, 200)`,
            );
            await db.insert('escalacoes', { partida_id: 100, lado: 'mandante', time_id: 1, confirmada: true });
          },
          antigo,
        );
        assert.deepEqual(
          eventos,
          [],
          'the matches of 2026 are outside a window around 2019, the new one has no kick-off',
        );
      }));

    it('rodada.encerrada and fase.finalizada follow their last kick-off', () =>
      withCenario(async (db) => {
        // Round 1 gets an earlier match, long finished: its last kick-off is still match 100's.
        await db.insert('partidas', {
          id: 102,
          campeonato_id: 1,
          rodada_id: 10,
          time_mandante_id: 2,
          time_visitante_id: 1,
          status: 'encerrado',
          placar_mandante: 0,
          placar_visitante: 0,
          inicio_utc: '2026-08-01 19:00:00',
        });
        await derive(db.conn);
        const fim = () =>
          db.conn
            .run(
              `UPDATE partidas SET status = 'encerrado', placar_mandante = 1, placar_visitante = 0 WHERE id IN (100, 200)`,
            )
            .then(() => {});
        assert.deepEqual(nomes(await ingest(db, fim)), [
          'partida.placar_atualizado:100',
          'partida.encerrada:100',
          'partida.placar_atualizado:200',
          'partida.encerrada:200',
          'rodada.encerrada:null',
          'fase.finalizada:null',
        ]);
      }));

    it('… and stay silent when that kick-off is outside the window', () =>
      withCenario(async (db) => {
        await db.conn.run(`UPDATE partidas SET inicio_utc = '2026-08-01 19:00:00'`);
        await derive(db.conn);
        const fim = () =>
          db.conn
            .run(
              `UPDATE partidas SET status = 'encerrado', placar_mandante = 1, placar_visitante = 0 WHERE id IN (100, 200)`,
            )
            .then(() => {});
        assert.deepEqual(await ingest(db, fim), []);
        const rodada = await db.all(`SELECT status FROM rodadas WHERE id = 10`);
        assert.deepEqual(rodada, [{ status: 'encerrada' }], 'the round did finish: only its event is withheld');
        assert.deepEqual(await db.all(`SELECT status FROM fases WHERE id = 20`), [{ status: 'finalizada' }]);
      }));
  });
});
