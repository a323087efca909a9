/**
 * derive() given the tables a load wrote runs only the steps that read what changed. The skipped steps'
 * output is planted with a value no recompute gives, so a test sees whether a step ran. Then end to end:
 * after every live-day ingest (steps picked by what each load changed, people resolved only for the names
 * it can change), the derived tables and people equal a full derive of the same data.
 */
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { resolveDataDir } from '../../src/data-dir.js';
import { stagedIdsMacro } from '../../src/warehouse/load/staged-ids.js';
import { derive } from '../../src/warehouse/derive.js';
import { resolvePeople } from '../../src/warehouse/people.js';
import { ingestSqlite } from '../kit/ingest.js';
import { readCurrentId, snapshotFile } from '../../src/warehouse/snapshot-store.js';
import { DEMO_FIXTURES, LIVE_DAY } from '../kit/fixtures.js';
import { tempDir } from '../kit/dirs.js';
import { openWarehouseDb, type WarehouseDb } from './warehouse-db.js';

const PLANTED = 99;

/** A league of two teams: one finished match with a goal, one live match; derived once, then planted. */
async function league(db: WarehouseDb): Promise<void> {
  await db.insert('campeonatos', { id: 1 });
  await db.insert('rodadas', { id: 10, campeonato_id: 1, numero: 1 });
  await db.insert('times', { id: 1, nome: 'Alfa' }, { id: 2, nome: 'Bravo' });
  await db.insert('jogadores', { id: 7, time_id: 1 }, { id: 8, time_id: 2 });
  await db.insert(
    'partidas',
    {
      id: 100,
      campeonato_id: 1,
      rodada_id: 10,
      time_mandante_id: 1,
      time_visitante_id: 2,
      placar_mandante: 1,
      placar_visitante: 0,
      status: 'encerrado',
    },
    {
      id: 101,
      campeonato_id: 1,
      rodada_id: 10,
      time_mandante_id: 2,
      time_visitante_id: 1,
      placar_mandante: 0,
      placar_visitante: 0,
      status: 'ao_vivo',
    },
  );
  await db.insert('eventos', { id: 1, partida_id: 100, tipo: 'gol', minuto: 5, time_id: 1, jogador_id: 7 });
  await derive(db.conn);
  await db.conn.run(`UPDATE artilharia SET gols = ${PLANTED}; UPDATE classificacao SET pontos = ${PLANTED};
    UPDATE cobertura SET escalacoes = 'planted'; UPDATE rodadas SET status = 'planted'`);
}

/** Writes rows the way the loader and upsert.sql do: the staged ids named, the stored rows saved first, the written ones staged. */
async function write(
  db: WarehouseDb,
  table: 'partidas' | 'eventos',
  ids: number[],
  change: () => Promise<unknown>,
): Promise<void> {
  await db.conn.run(stagedIdsMacro(table, ids));
  await db.conn.run(
    `CREATE OR REPLACE TEMP TABLE antes_upsert_${table} AS SELECT * FROM ${table} WHERE id IN (${ids.join(', ')})`,
  );
  await change();
  await db.conn.run(
    `CREATE OR REPLACE TEMP TABLE stage_${table} AS SELECT * FROM ${table} WHERE id IN (${ids.join(', ')})`,
  );
}

/** Which planted outputs a recompute replaced. */
async function recomputed(db: WarehouseDb): Promise<string[]> {
  const [row] = await db.all(`SELECT
    (SELECT bool_and(gols <> ${PLANTED}) FROM artilharia) AS artilharia,
    (SELECT bool_and(pontos <> ${PLANTED}) FROM classificacao) AS classificacao,
    (SELECT bool_and(escalacoes <> 'planted') FROM cobertura) AS cobertura,
    (SELECT bool_and(status <> 'planted') FROM rodadas) AS rodadas`);
  return Object.entries(row ?? {})
    .filter(([, yes]) => yes === true)
    .map(([name]) => name);
}

async function withLeague(fn: (db: WarehouseDb) => Promise<void>): Promise<void> {
  const db = await openWarehouseDb();
  try {
    await league(db);
    await fn(db);
  } finally {
    db.close();
  }
}

describe('derive: only the steps a load can affect', () => {
  it('a lineup leaves top scorers, standings and round statuses untouched and recomputes coverage', () =>
    withLeague(async (db) => {
      await db.insert('escalacoes', { partida_id: 100, lado: 'mandante', time_id: 1, confirmada: true });
      await derive(db.conn, [1], ['escalacoes', 'escalacao_jogadores', 'id_fonte']);
      assert.deepEqual(await recomputed(db), ['cobertura']);
      assert.deepEqual(await db.all('SELECT escalacoes FROM cobertura'), [{ escalacoes: 'parcial' }]);
    }));

  it('a goal in a live match recomputes top scorers only, with the new goal counted', () =>
    withLeague(async (db) => {
      await write(db, 'eventos', [2], () =>
        db.insert('eventos', { id: 2, partida_id: 101, tipo: 'gol', minuto: 9, time_id: 1, jogador_id: 7 }),
      );
      await derive(db.conn, [1], ['eventos', 'id_fonte']);
      assert.deepEqual(await recomputed(db), ['artilharia']);
      assert.deepEqual(await db.all('SELECT jogador_id, gols FROM artilharia'), [{ jogador_id: 7, gols: 2 }]);
      assert.deepEqual(await db.all('SELECT gols FROM jogadores WHERE id = 7'), [{ gols: 2 }]);
    }));

  it('a card turned into a goal counts as both: standings and top scorers', () =>
    withLeague(async (db) => {
      await db.insert('eventos', {
        id: 3,
        partida_id: 100,
        tipo: 'cartao_amarelo',
        minuto: 30,
        time_id: 2,
        jogador_id: 8,
      });
      await write(db, 'eventos', [3], () => db.conn.run(`UPDATE eventos SET tipo = 'gol' WHERE id = 3`));
      await derive(db.conn, [1], ['eventos']);
      assert.deepEqual(await recomputed(db), ['artilharia', 'classificacao', 'cobertura']);
    }));

  it('an event sent again unchanged recomputes nothing', () =>
    withLeague(async (db) => {
      await write(db, 'eventos', [1], async () => undefined);
      await derive(db.conn, [1], ['eventos']);
      assert.deepEqual(await recomputed(db), []);
    }));

  it('a score change in a live match recomputes nothing; in a finished match, standings and coverage', () =>
    withLeague(async (db) => {
      await write(db, 'partidas', [101], () => db.conn.run('UPDATE partidas SET placar_mandante = 1 WHERE id = 101'));
      await derive(db.conn, [1], ['partidas']);
      assert.deepEqual(await recomputed(db), []);
      await write(db, 'partidas', [100], () => db.conn.run('UPDATE partidas SET placar_mandante = 2 WHERE id = 100'));
      await derive(db.conn, [1], ['partidas']);
      assert.deepEqual(await recomputed(db), ['classificacao', 'cobertura']);
      assert.deepEqual(await db.all('SELECT time_id, gols_pro FROM classificacao ORDER BY time_id'), [
        { time_id: 1, gols_pro: 2 },
        { time_id: 2, gols_pro: 0 },
      ]);
    }));

  it('a status change recomputes every step', () =>
    withLeague(async (db) => {
      await write(db, 'partidas', [101], () => db.conn.run(`UPDATE partidas SET status = 'encerrado' WHERE id = 101`));
      await derive(db.conn, [1], ['partidas']);
      assert.deepEqual(await recomputed(db), ['artilharia', 'classificacao', 'cobertura', 'rodadas']);
      assert.deepEqual(await db.all('SELECT status FROM rodadas'), [{ status: 'encerrada' }]);
    }));

  it('tombstones, or a table no finer rule covers, recompute every step', () =>
    withLeague(async (db) => {
      await derive(db.conn, [1], ['remocoes']);
      assert.deepEqual(await recomputed(db), ['artilharia', 'classificacao', 'cobertura', 'rodadas']);
    }));
});

describe('derive: incremental ingests give what a full derive gives', () => {
  const { dir, cleanup } = tempDir('svc-derive-steps-');
  const dataDir = resolveDataDir(path.join(dir, 'data'));
  const DERIVED = [
    'classificacao',
    'artilharia',
    'cobertura',
    'chaves',
    'rodadas',
    'fases',
    'campeonatos',
    'jogadores',
    'pessoas',
  ];

  /** Every derived table of the current snapshot, as published and after a full derive on a copy. */
  async function publishedAndFull(): Promise<[unknown[], unknown[]]> {
    const copy = path.join(dir, 'copy.duckdb');
    copyFileSync(snapshotFile(dataDir, readCurrentId(dataDir) ?? ''), copy);
    const instance = await DuckDBInstance.create(copy);
    const conn = await instance.connect();
    try {
      const read = async () =>
        Promise.all(
          DERIVED.map(async (t) => (await conn.runAndReadAll(`SELECT * FROM ${t} ORDER BY ALL`)).getRowObjectsJson()),
        );
      const published = await read();
      // People first, as a publish resolves them: every name, where a live step resolves only the names it can change.
      await resolvePeople(conn);
      await derive(conn);
      return [published, await read()];
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  }

  before(() => ingestSqlite({ dataDir, inputs: [DEMO_FIXTURES] }));
  after(cleanup);

  it('after each live-day feed', async () => {
    for (const file of [
      '01-pre-jogo',
      '02-inicio',
      '03-gol',
      '04-gol-contra',
      '05-cartao',
      '06-substituicao',
      '07-penalti',
      '08-fim',
      '09-rodada-encerrada',
      '10-semifinal-inicio',
      '11-fase-finalizada',
    ]) {
      await ingestSqlite({ dataDir, inputs: [path.join(LIVE_DAY, `${file}.json`)] });
      const [published, full] = await publishedAndFull();
      assert.deepEqual(published, full, file);
    }
  });
});
