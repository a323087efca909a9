/**
 * Two sources, one truth: Série A 2019 from the openfootball JSON and from the Brasileirão CSV family give
 * the same standings, and loading both into one data dir gives one championship with each match once, the
 * CSV's details kept, and a conflicting score reported.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tempDir } from '../kit/dirs.js';
import { CSV_DIR, firstIngest, ingest, JSON_2019, OPENFOOTBALL_DIR, query, SKIP, standings } from './real-data.js';

const SERIE_A = 'campeonato-brasileiro-serie-a';

describe('real data: openfootball Série A 2019 and the CSV family', { skip: SKIP }, () => {
  const csvOnly = tempDir();
  const jsonOnly = tempDir();
  const work = tempDir();
  before(async () => {
    await Promise.all([firstIngest(csvOnly.dir, [CSV_DIR]), firstIngest(jsonOnly.dir, [JSON_2019])]);
  });
  after(() => [csvOnly, jsonOnly, work].forEach((t) => t.cleanup()));

  it('computes the same 2019 standings from either source, row by row, with Flamengo champion on 90 points', async () => {
    const [fromJson, fromCsv] = await Promise.all([
      standings(jsonOnly.dir, SERIE_A, '2019'),
      standings(csvOnly.dir, SERIE_A, '2019'),
    ]);
    assert.equal(fromJson.length, 20);
    assert.deepEqual(fromJson, fromCsv);
    assert.deepEqual(fromJson[0], {
      posicao: 1,
      time: 'flamengo',
      pontos: 90,
      jogos: 38,
      vitorias: 28,
      empates: 6,
      derrotas: 4,
      gols_pro: 86,
      gols_contra: 37,
    });
  });

  it('merges the JSON into the CSV data dir: one championship, each match once, details kept, the conflict reported', async () => {
    const before = await countsFor2019(csvOnly.dir);
    // A copy of the JSON (in a temp dir, never in the repo) with one score changed, so the sources disagree.
    const doc = JSON.parse(readFileSync(JSON_2019, 'utf8')) as {
      matches: { team1: string; team2: string; score: { ft: number[] } }[];
    };
    const changed = doc.matches[0];
    assert.deepEqual([changed?.team1, changed?.team2, changed?.score.ft], ['São Paulo FC', 'Botafogo RJ', [2, 0]]);
    if (changed) changed.score.ft = [3, 0];
    const copy = path.join(work.dir, 'br.1.json');
    writeFileSync(copy, JSON.stringify(doc));

    const summary = await ingest(csvOnly.dir, [copy]);
    const conflicts = summary.conflitos.filter((c) => c.campo === 'placar');
    assert.equal(conflicts.length, 1, JSON.stringify(summary.conflitos));
    assert.deepEqual(
      { ...conflicts[0], partida_id: 0 },
      {
        partida_id: 0,
        campo: 'placar',
        mantido: 'guardado',
        guardado: { fonte: 'brasileirao-dataset', valor: '2x0' },
        recebido: { fonte: 'openfootball', valor: '3x0' },
      },
    );
    assert.deepEqual(
      summary.avisos.filter((a) => a.startsWith('time novo')),
      [],
      'every openfootball name resolves to a CSV club',
    );

    const afterMerge = await countsFor2019(csvOnly.dir);
    assert.deepEqual(afterMerge, before);
    assert.deepEqual(afterMerge.campeonatos, 1);
    assert.deepEqual(afterMerge.partidas, 380);
    assert.deepEqual(afterMerge.rodadas, 38, 'the openfootball matchdays are the CSV rounds, not new ones');
    assert.deepEqual(summary.eventos.por_tipo, {}, 'merging a second source of finished rounds announces nothing');
    const [kept] = await query(
      csvOnly.dir,
      `SELECT p.placar_mandante::INTEGER AS m, p.placar_visitante::INTEGER AS v FROM partidas p
       JOIN times a ON a.id = p.time_mandante_id JOIN times b ON b.id = p.time_visitante_id
       JOIN campeonatos k ON k.id = p.campeonato_id
       WHERE k.temporada = '2019' AND a.nome_normalizado = 'sao paulo' AND b.nome_normalizado = 'botafogo'`,
    );
    assert.deepEqual(kept, [{ m: 2, v: 0 }]);
    assert.deepEqual(await standings(csvOnly.dir, SERIE_A, '2019'), await standings(jsonOnly.dir, SERIE_A, '2019'));
  });

  it('keeps the CSV match details (stadium) when the same match arrives from openfootball', async () => {
    const [rows] = await query(
      csvOnly.dir,
      `SELECT count(*)::INTEGER AS n, count(estadio)::INTEGER AS com_estadio FROM partidas p JOIN campeonatos k ON k.id = p.campeonato_id
       WHERE k.slug = '${SERIE_A}' AND k.temporada = '2019'`,
    );
    assert.deepEqual(rows, [{ n: 380, com_estadio: 380 }]);
  });

  it('resolves every Série A name of the openfootball txt files to a club the CSV already has', async () => {
    const summary = await ingest(csvOnly.dir, [
      path.join(OPENFOOTBALL_DIR, 'south-america/brazil/2019_br1.txt'),
      path.join(OPENFOOTBALL_DIR, 'south-america/brazil/2024_br1.txt'),
    ]);
    assert.deepEqual(
      summary.avisos.filter((a) => a.startsWith('time novo')),
      [],
    );
    const [teams] = await query(csvOnly.dir, `SELECT count(*)::INTEGER AS n FROM times`);
    assert.deepEqual(teams, [{ n: 45 }]);
  });
});

/** What the CSV brought for 2019 and must survive a merge: championships, matches, events, lineups, statistics. */
async function countsFor2019(dataDir: string): Promise<Record<string, unknown>> {
  const [rows] = await query(
    dataDir,
    `WITH k AS (SELECT id FROM campeonatos WHERE slug = '${SERIE_A}' AND temporada = '2019'),
          p AS (SELECT id FROM partidas WHERE campeonato_id IN (SELECT id FROM k))
     SELECT (SELECT count(*) FROM k)::INTEGER AS campeonatos,
            (SELECT count(*) FROM p)::INTEGER AS partidas,
            (SELECT count(*) FROM rodadas WHERE campeonato_id IN (SELECT id FROM k))::INTEGER AS rodadas,
            (SELECT count(*) FROM eventos WHERE partida_id IN (SELECT id FROM p))::INTEGER AS eventos,
            (SELECT count(*) FROM escalacoes WHERE partida_id IN (SELECT id FROM p))::INTEGER AS escalacoes,
            (SELECT count(*) FROM estatisticas WHERE partida_id IN (SELECT id FROM p) AND posse_bola IS NOT NULL)::INTEGER AS estatisticas`,
  );
  return rows?.[0] ?? {};
}
