/**
 * Team siglas (docs/loading-data.md, "Team abbreviations"): the source's, else the curated table's, else
 * the rule's, which never repeats one; and the team's source names stored for the search.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Feed } from '../../src/feeds/canonical.js';
import { CURATED_SIGLAS, curatedSigla } from '../../src/feeds/team-siglas.js';
import { siglaCandidates } from '../../src/warehouse/siglas.js';
import { query, workspace, type Workspace } from './helpers.js';

function feed(times: Feed['times'], partidas: [string, string][]): Feed {
  return {
    formato: 'svc-feed/1',
    fonte: 'teste',
    campeonatos: [{ id: 'c', nome: 'Copa Teste', temporada: '2030', tipo: 'pontos-corridos' }],
    times,
    partidas: partidas.map(([mandante, visitante], i) => ({
      id: i,
      campeonato: 'c',
      mandante,
      visitante,
      status: 'aguardando',
      placar_mandante: null,
      placar_visitante: null,
      data_hora: null,
    })),
  };
}

async function ingestOk(ws: Workspace, name: string, f: Feed): Promise<void> {
  const r = await ws.svc(['ingest', ws.write(name, f), '--json']);
  assert.equal(r.code, 0, r.stderr);
}

async function siglas(ws: Workspace): Promise<Record<string, string>> {
  const rows = await query<{ nome: string; sigla: string }>(ws.dataDir, 'SELECT nome, sigla FROM times ORDER BY id');
  return Object.fromEntries(rows.map((r) => [r.nome, r.sigla]));
}

describe('team siglas', () => {
  it('the curated table: one sigla per club, found through any spelling the name resolution knows', () => {
    assert.equal(curatedSigla('Atletico-MG'), 'CAM');
    assert.equal(curatedSigla('CA Paranaense'), 'CAP');
    assert.equal(curatedSigla('Atlético Goianiense'), 'ACG');
    assert.equal(curatedSigla('Coritiba FBC'), 'CFC');
    assert.equal(curatedSigla('Clube Inventado'), undefined);
    assert.ok(CURATED_SIGLAS.has('COR'));
  });

  it('candidates: first three letters, then initials, then letter combinations; never empty', () => {
    assert.deepEqual([...take(siglaCandidates('Nova Esperança'), 3)], ['NOV', 'NES', 'NEP']);
    assert.deepEqual([...take(siglaCandidates('Clube Atlético Regional'), 2)], ['CLU', 'CAR']);
    assert.equal(siglaCandidates('X').next().value, 'XAA');
  });

  it('candidates of a long name are linear in its length: a 64 KiB name yields at most one per pair of letters', () => {
    // Every candidate of a one-word name is its first letter and two more: at most 26 × 26 from the name's
    // letters and 26 × 26 from the alphabet, plus its first three letters. One per pair of positions was 2³¹.
    const bound = 2 * 26 * 26 + 1;
    for (const nome of ['A'.repeat(64 * 1024), 'abcdefghijklmnopqrstuvwxyz'.repeat(2521)]) {
      let yielded = 0;
      for (const _ of siglaCandidates(nome)) if (++yielded > bound) break;
      assert.ok(yielded <= bound, `${yielded} candidates for a name of ${nome.length} letters`);
    }
    assert.deepEqual([...new Set(take(siglaCandidates('Aab'.repeat(20_000)), 5))], ['AAB', 'AAA', 'ABA', 'ABB']);
  });

  it('a source sigla is kept; a club of the table gets its sigla; others get one no team holds, stable across ingests', async () => {
    const ws = workspace();
    try {
      await ingestOk(
        ws,
        'a.json',
        feed(
          [
            { id: 'cor', nome: 'Corinthians' },
            { id: 'cfc', nome: 'Coritiba' },
            { id: 'x1', nome: 'Coritibano' },
            { id: 'x2', nome: 'Coritibense' },
            { id: 'x3', nome: 'Alvorada', sigla: 'ALV' },
            { id: 'x4', nome: 'Alvorecer' },
          ],
          [
            ['cor', 'cfc'],
            ['x1', 'x2'],
            ['x3', 'x4'],
          ],
        ),
      );
      const first = await siglas(ws);
      assert.equal(first.Corinthians, 'COR');
      assert.equal(first.Coritiba, 'CFC');
      assert.equal(first.Alvorada, 'ALV', 'the source sigla as given');
      // COR is the table's (Corinthians): the rule never hands it out, not even to the first club that would take it.
      assert.notEqual(first.Coritibano, 'COR');
      assert.notEqual(first.Alvorecer, 'ALV');
      const all = Object.values(first);
      assert.equal(new Set(all).size, all.length, JSON.stringify(first));
      assert.ok(all.every((s) => /^[A-Z]{3}$/.test(s)));

      // A later club, alone in another ingest: it takes what is still free; the others keep theirs.
      await ingestOk(
        ws,
        'b.json',
        feed(
          [
            { id: 'x5', nome: 'Coritibano Novo' },
            { id: 'cor', nome: 'Corinthians' },
          ],
          [['x5', 'cor']],
        ),
      );
      const second = await siglas(ws);
      assert.deepEqual({ ...second, 'Coritibano Novo': undefined }, { ...first, 'Coritibano Novo': undefined });
      assert.equal(new Set(Object.values(second)).size, Object.keys(second).length);
    } finally {
      ws.cleanup();
    }
  });

  it('stores every name a source used for a team, once', async () => {
    const ws = workspace();
    try {
      await ingestOk(
        ws,
        'a.json',
        feed(
          [
            { id: 1, nome: 'Atlético Mineiro', apelidos: ['Atletico-MG', 'Atlético Mineiro'] },
            { id: 2, nome: 'Flamengo' },
          ],
          [['1', '2']],
        ),
      );
      await ingestOk(ws, 'b.json', {
        ...feed(
          [
            { id: 'cam', nome: 'Atlético Mineiro', apelidos: ['CA Mineiro'] },
            { id: 'fla', nome: 'Flamengo' },
          ],
          [['cam', 'fla']],
        ),
        fonte: 'outra',
      });
      const rows = await query<{ apelido: string }>(
        ws.dataDir,
        `SELECT apelido FROM times_apelidos a JOIN times t ON t.id = a.time_id WHERE t.nome = 'Atlético Mineiro' ORDER BY apelido`,
      );
      assert.deepEqual(
        rows.map((r) => r.apelido),
        ['Atletico-MG', 'Atlético Mineiro', 'CA Mineiro'],
      );
    } finally {
      ws.cleanup();
    }
  });
});

function* take<T>(it: Iterator<T>, n: number): Generator<T> {
  for (let i = 0; i < n; i++) {
    const next = it.next();
    if (next.done) return;
    yield next.value;
  }
}
