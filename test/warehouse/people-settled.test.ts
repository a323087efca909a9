/**
 * A load whose events name players resolves people only for the names a new appearance can change
 * (people.ts playersToResolve): a player alone under their name is skipped, one of a name with several
 * records is resolved (the new stint may split or join people). Either way the published people equal a
 * resolution of every name on the same data.
 * A scorer positioned by their lineups is resolved when the load moved one of their matches (their latest
 * lineup may change).
 */
import assert from 'node:assert/strict';
import { copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { resolveDataDir } from '../../src/data-dir.js';
import type { Feed, FeedEvento, FeedPartida } from '../../src/feeds/canonical.js';
import { queryRows } from '../../src/warehouse/duckdb-util.js';
import { playersToResolve, resolvePeople } from '../../src/warehouse/people.js';
import { readCurrentId, snapshotFile } from '../../src/warehouse/snapshot-store.js';
import { tempDir } from '../kit/dirs.js';
import { ingestSqlite } from '../kit/ingest.js';

const NOW = new Date('2025-06-01T19:00:00Z');

const partida = (id: string, data: string, status: FeedPartida['status'] = 'encerrado'): FeedPartida => ({
  id,
  campeonato: 'c',
  mandante: 1,
  visitante: 2,
  status,
  placar_mandante: 1,
  placar_visitante: 0,
  data_hora: `${data}T19:00:00-03:00`,
});
const gol = (id: string, partidaId: string, jogador: string, time = 1): FeedEvento => ({
  id,
  partida: partidaId,
  tipo: 'gol',
  minuto: 10,
  time,
  jogador_id: jogador,
});

/**
 * Ana Souza: one record. Bruno Lima: two records at two clubs, never on the same dates (April–June 2024 at
 * club 1, 2025 at club 2), so one person.
 */
const BASE: Feed = {
  formato: 'svc-feed/1',
  fonte: 't',
  campeonatos: [{ id: 'c', nome: 'Copa Teste', slug: 'copa-teste', temporada: '2024', tipo: 'pontos-corridos' }],
  times: [
    { id: 1, nome: 'Alfa' },
    { id: 2, nome: 'Bravo' },
  ],
  jogadores: [
    { id: 'ana', time: 1, nome: 'Ana Souza' },
    { id: 'bruno-1', time: 1, nome: 'Bruno Lima' },
    { id: 'bruno-2', time: 2, nome: 'Bruno Lima' },
  ],
  partidas: [partida('m1', '2024-04-01'), partida('m2', '2024-06-01'), partida('m3', '2025-04-01')],
  eventos: [
    gol('g1', 'm1', 'bruno-1'),
    gol('g2', 'm2', 'bruno-1'),
    gol('g3', 'm3', 'bruno-2', 2),
    gol('g4', 'm3', 'ana'),
  ],
};

/** A live match on a new date, with only a goal: its scorer's appearances change, nothing else about them. */
const live = (match: string, data: string, jogador: string, time: number): Feed => ({
  formato: 'svc-feed/1',
  fonte: 't',
  partidas: [{ ...partida(match, data, 'ao_vivo') }],
  eventos: [gol(`${match}-g`, match, jogador, time)],
});

describe('people: a live goal resolves only the names its new appearance can change', () => {
  const { dir, cleanup } = tempDir('svc-people-settled-');
  const dataDir = resolveDataDir(path.join(dir, 'data'));

  /** Runs `fn` on a copy of the current snapshot. */
  async function onCopy<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    const copy = path.join(dir, 'copy.duckdb');
    copyFileSync(snapshotFile(dataDir, readCurrentId(dataDir) ?? ''), copy);
    const instance = await DuckDBInstance.create(copy);
    const conn = await instance.connect();
    try {
      return await fn(conn);
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  }
  const people = (conn: DuckDBConnection) => queryRows(conn, 'SELECT * FROM pessoas ORDER BY ALL');
  /** The people as published, and after resolving every name on the same data. */
  const publishedAndFull = () =>
    onCopy(async (conn) => {
      const published = await people(conn);
      await resolvePeople(conn);
      return [published, await people(conn)];
    });
  const records = async (conn: DuckDBConnection) =>
    (await queryRows<{ registros: number[] }>(conn, 'SELECT registros FROM pessoas ORDER BY id')).map(
      (r) => r.registros,
    );
  const ids = () =>
    onCopy(async (conn) =>
      Object.fromEntries(
        (
          await queryRows<{ chave: string; id: number }>(
            conn,
            "SELECT chave, id FROM id_fonte WHERE entidade IN ('jogador', 'partida')",
          )
        ).map((r) => [r.chave, r.id]),
      ),
    );
  async function ingestFeed(name: string, feed: Feed): Promise<void> {
    const file = path.join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(feed));
    await ingestSqlite({ dataDir, inputs: [file], now: NOW });
  }

  before(() => ingestFeed('base', BASE));
  after(cleanup);

  it('a player alone under their name is not resolved; one of a shared name is', async () => {
    const id = await ids();
    assert.deepEqual(await onCopy(records), [[id.ana], [id['bruno-1'], id['bruno-2']]], 'Bruno Lima: one person');
    // As a load of a goal in m1 and m3 (already stored) would ask.
    const scope = await onCopy((conn) =>
      playersToResolve(conn, { registros: [], eventos: [id.ana, id['bruno-2']] as number[] }, [id.m3 as number]),
    );
    assert.deepEqual(scope, [id['bruno-2']]);
  });

  it('a goal of a player alone under their name, on a new date: the people equal a full resolution', async () => {
    await ingestFeed('live-ana', live('m4', '2025-05-01', 'ana', 1));
    const [published, full] = await publishedAndFull();
    assert.deepEqual(published, full);
  });

  it('a goal that makes two records of one name overlap splits the person, as a full resolution does', async () => {
    // bruno-2 now plays in May 2024, inside bruno-1's April–June 2024: two players.
    await ingestFeed('live-bruno', live('m5', '2024-05-01', 'bruno-2', 2));
    const [published, full] = await publishedAndFull();
    assert.deepEqual(published, full);
    const id = await ids();
    assert.deepEqual(await onCopy(records), [[id.ana], [id['bruno-1']], [id['bruno-2']]], 'Bruno Lima: two people');
  });
});

describe('people: a goal in a match whose kick-off moved resolves a scorer positioned by lineups', () => {
  const { dir, cleanup } = tempDir('svc-people-lineups-');
  const dataDir = resolveDataDir(path.join(dir, 'data'));
  const escalacao = (partidaId: string, posicao_sigla: string, numero: number) => ({
    partida: partidaId,
    lado: 'mandante' as const,
    confirmada: true,
    titulares: [{ jogador_id: 'caio', nome: 'Caio Prado', posicao_sigla, numero }],
    reservas: [],
  });
  async function ingestFeed(name: string, feed: Feed): Promise<void> {
    const file = path.join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(feed));
    await ingestSqlite({ dataDir, inputs: [file], now: NOW });
  }
  async function people(): Promise<Record<string, unknown>[]> {
    const copy = path.join(dir, 'copy.duckdb');
    copyFileSync(snapshotFile(dataDir, readCurrentId(dataDir) ?? ''), copy);
    const instance = await DuckDBInstance.create(copy);
    const conn = await instance.connect();
    try {
      return await queryRows(conn, 'SELECT posicao, numero_camisa FROM pessoas');
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  }

  before(() =>
    // Caio Prado: one record with no position of its own; defender in April, forward in June (the latest).
    ingestFeed('base', {
      ...BASE,
      jogadores: [{ id: 'caio', time: 1, nome: 'Caio Prado' }],
      partidas: [partida('m1', '2024-04-01'), partida('m2', '2024-06-01')],
      eventos: [],
      escalacoes: [escalacao('m1', 'ZAG', 3), escalacao('m2', 'ATA', 9)],
    }),
  );
  after(cleanup);

  it('the lineup that is now the latest gives the position', async () => {
    assert.deepEqual(await people(), [{ posicao: 'atacante', numero_camisa: 9 }]);
    // June's match moves to March, with a goal of his: April's lineup is now the latest.
    await ingestFeed('moved', {
      formato: 'svc-feed/1',
      fonte: 't',
      partidas: [partida('m2', '2024-03-01')],
      eventos: [gol('g-m2', 'm2', 'caio')],
    });
    assert.deepEqual(await people(), [{ posicao: 'zagueiro', numero_camisa: 3 }]);
  });
});
