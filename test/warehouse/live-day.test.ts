/**
 * End to end through the real binary: the demo fixtures, then the live-day feeds one `svc ingest` at a time.
 * Each snapshot's outbox must hold exactly the events the fixture generator declares for that step, and the
 * derived tables must agree with the generator's own standings.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { buildFixtures } from '../../fixtures/generate.js';
import { standings } from '../../fixtures/generator/standings.js';
import type { Feed } from '../../src/feeds/canonical.js';
import { DEMO_FIXTURES, LIVE_DAY } from '../kit/fixtures.js';
import { tempDir } from '../kit/dirs.js';
import { svcIngest } from '../kit/ingest.js';

const { dir, cleanup } = tempDir('svc-live-day-');
const steps = buildFixtures().liveDay;

const ingest = (file: string) => svcIngest(dir, file);

/** Rows of a query on the current snapshot, opened read-only as every reader does. */
async function query(sql: string): Promise<Record<string, unknown>[]> {
  const id = readFileSync(path.join(dir, 'CURRENT'), 'utf8').trim();
  const instance = await DuckDBInstance.create(path.join(dir, 'snapshots', `${id}.duckdb`), {
    access_mode: 'READ_ONLY',
  });
  const conn = await instance.connect();
  try {
    return (await conn.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

const outbox = async () =>
  (await query('SELECT corpo FROM outbox ORDER BY seq')).map(
    (r) =>
      JSON.parse(String(r.corpo)) as {
        evento: string;
        dados: Record<string, unknown> & { gol?: Record<string, unknown> };
      },
  );

describe('live day through svc ingest', () => {
  before(() => ingest(DEMO_FIXTURES));
  after(cleanup);

  it('the first ingest records no events', async () => {
    assert.deepEqual(await outbox(), []);
  });

  it('standings agree with the generator (points, wins, goal difference, goals for per team, in order)', async () => {
    const feed = JSON.parse(readFileSync(path.join(DEMO_FIXTURES, '03-serie-a.json'), 'utf8')) as Feed;
    const expected = standings(feed.partidas ?? []).map((r) => ({ ...r }));
    const rows = await query(`SELECT f.chave AS time, c.pontos, c.vitorias, c.saldo, c.gols_pro
      FROM classificacao c JOIN campeonatos k ON k.id = c.campeonato_id AND k.tipo = 'pontos-corridos'
      JOIN id_fonte f ON f.entidade = 'time' AND f.id = c.time_id
      WHERE c.fase_id IS NULL ORDER BY c.posicao`);
    const key = (r: { pontos: unknown; vitorias: unknown; saldo: unknown; gols_pro: unknown }) =>
      [r.pontos, r.vitorias, r.saldo, r.gols_pro].join('/');
    assert.deepEqual(
      rows.map((r) => key(r as never)),
      expected.map(key),
    );
    const byTeam = new Map(expected.map((r) => [r.time, key(r)]));
    for (const r of rows) assert.equal(key(r as never), byTeam.get(String(r.time)), `team ${String(r.time)}`);
  });

  for (const step of steps) {
    it(`${step.file}: ${step.eventos.join(', ') || 'no events'}`, async () => {
      await ingest(path.join(LIVE_DAY, step.file));
      const eventos = await outbox();
      assert.deepEqual(eventos.map((e) => e.evento).sort(), [...step.eventos].sort());
      if (step.file === '04-gol-contra.json') {
        const gol = eventos.find((e) => e.evento === 'partida.gol');
        assert.deepEqual(
          { tipo: gol?.dados.gol?.tipo, minuto: gol?.dados.gol?.minuto, time_nome: gol?.dados.gol?.time_nome },
          { tipo: 'gol_contra', minuto: 45, time_nome: 'Palmeiras' },
        );
        const minutos = (gol!.dados.gols as { minuto: number }[]).map((g) => g.minuto);
        assert.deepEqual(minutos, [22, 45]);
      }
    });
  }

  it('the semi-final tie is level on aggregate and goes to Corinthians on penalties', async () => {
    const [chave] =
      await query(`SELECT c.gols_time_1, c.gols_time_2, c.penaltis_time_1, c.penaltis_time_2, t.nome AS vencedor, f.status
      FROM chaves c JOIN fases f ON f.id = c.fase_id JOIN times t ON t.id = c.vencedor_id
      WHERE f.slug LIKE '%semifinal%' AND c.partida_volta_id IN (SELECT id FROM partidas WHERE penalti_mandante IS NOT NULL)`);
    assert.deepEqual(chave, {
      gols_time_1: 1,
      gols_time_2: 1,
      penaltis_time_1: 3,
      penaltis_time_2: 4,
      vencedor: 'Corinthians',
      status: 'finalizada',
    });
  });
});
