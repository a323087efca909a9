/**
 * `svc ingest --aliases FILE`: user aliases make two spellings of a club one team, and two spellings of a
 * player one person; a bad file fails cleanly.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { EXIT } from '../../src/cli/exit-codes.js';
import { runSvcInProcess } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';

const feed = (home: string) =>
  `= Liga Teste 2025\n» Matchday 1\n  Sat Apr/5 2025\n    16.00  ${home}  v  Santos FC  1-0\n`;

describe('svc ingest --aliases', () => {
  it('resolves a name through the user alias file instead of creating a new team', async (t) => {
    const { dir, cleanup } = tempDir();
    t.after(cleanup);
    const data = path.join(dir, 'data');
    const first = path.join(dir, 'a_2025.txt');
    const second = path.join(dir, 'b_2025.txt');
    const aliases = path.join(dir, 'aliases.json');
    writeFileSync(first, feed('Tupynambás MG'));
    writeFileSync(second, feed('Tupi de Juiz de Fora'));
    writeFileSync(aliases, JSON.stringify({ clubes: { Tupynambás: ['Tupi de Juiz de Fora'] } }));

    assert.equal((await runSvcInProcess(['ingest', first, '--data-dir', data])).code, 0);
    const withAliases = await runSvcInProcess(['ingest', second, '--data-dir', data, '--aliases', aliases, '--json']);
    assert.equal(withAliases.code, 0, withAliases.stderr);
    const avisos = (JSON.parse(withAliases.stdout) as { avisos: string[] }).avisos;
    assert.deepEqual(
      avisos.filter((a) => a.startsWith('time novo')),
      [],
    );

    const third = path.join(dir, 'c_2025.txt');
    writeFileSync(third, feed('Tupi Futebol Clube').replace('Matchday 1', 'Matchday 2'));
    const unknown = await runSvcInProcess(['ingest', third, '--data-dir', data, '--json']);
    assert.equal(unknown.code, 0, unknown.stderr);
    // Without the alias file the other spelling is a new team, and the summary says so.
    assert.deepEqual(
      (JSON.parse(unknown.stdout) as { avisos: string[] }).avisos.filter((a) => a.startsWith('time novo')),
      [
        'time novo: "Tupi Futebol Clube" (fonte openfootball, id Tupi Futebol Clube) não corresponde a nenhum time existente',
      ],
    );
  });

  it('joins two spellings of a player into one person across clubs, and refuses a spelling bound twice', async (t) => {
    const { dir, cleanup } = tempDir();
    t.after(cleanup);
    const data = path.join(dir, 'data');
    const match = (id: number, mandante: string, dia: string) => ({
      id,
      campeonato: 'c',
      rodada: `r${id}`,
      mandante,
      visitante: 'san',
      status: 'encerrado',
      placar_mandante: 1,
      placar_visitante: 0,
      data_hora: `2025-04-${dia}T16:00:00-03:00`,
    });
    const input = path.join(dir, 'feed.json');
    writeFileSync(
      input,
      JSON.stringify({
        formato: 'svc-feed/1',
        fonte: 'teste',
        campeonatos: [{ id: 'c', nome: 'Liga Teste', temporada: '2025', tipo: 'pontos-corridos' }],
        rodadas: [1, 2].map((n) => ({ id: `r${n}`, campeonato: 'c', numero: n })),
        times: [
          { id: 'fla', nome: 'Flamengo' },
          { id: 'cru', nome: 'Cruzeiro' },
          { id: 'san', nome: 'Santos' },
        ],
        partidas: [match(1, 'fla', '05'), match(2, 'cru', '26')],
        // A transfer between the two rounds, under another spelling.
        eventos: [
          { id: 'g1', partida: 1, tipo: 'gol', minuto: 10, time: 'fla', jogador: 'Fulano Beltrano da Silva' },
          { id: 'g2', partida: 2, tipo: 'gol', minuto: 20, time: 'cru', jogador: 'Fulano Beltrano' },
        ],
      }),
    );
    const aliases = path.join(dir, 'aliases.json');
    writeFileSync(aliases, JSON.stringify({ jogadores: { 'Fulano Beltrano': ['Fulano Beltrano da Silva'] } }));
    const r = await runSvcInProcess(['ingest', input, '--data-dir', data, '--aliases', aliases]);
    assert.equal(r.code, 0, r.stderr);
    const current = readFileSync(path.join(data, 'CURRENT'), 'utf8').trim();
    const instance = await DuckDBInstance.create(path.join(data, 'snapshots', `${current}.duckdb`), {
      access_mode: 'READ_ONLY',
    });
    const conn = await instance.connect();
    const people = (
      await conn.runAndReadAll(
        'SELECT grafias, len(clubes)::INTEGER AS clubes, j.gols FROM pessoas p JOIN jogadores j USING (id)',
      )
    ).getRowObjectsJson();
    conn.closeSync();
    instance.closeSync();
    assert.deepEqual(people, [{ grafias: ['Fulano Beltrano da Silva', 'Fulano Beltrano'], clubes: 2, gols: 2 }]);

    const bound = path.join(dir, 'bound.json');
    writeFileSync(bound, JSON.stringify({ jogadores: { Outro: ['Fulano Beltrano da Silva'] } }));
    const refused = await runSvcInProcess(['ingest', input, '--data-dir', data, '--aliases', bound]);
    assert.equal(refused.code, EXIT.invalidInput);
    assert.match(refused.stderr, /"Fulano Beltrano da Silva" já é grafia de "fulano beltrano"/);
  });

  it('fails with exit code 3 and one line when the alias file is missing or malformed', async (t) => {
    const { dir, cleanup } = tempDir();
    t.after(cleanup);
    const input = path.join(dir, 'a_2025.txt');
    writeFileSync(input, feed('Flamengo RJ'));
    const missing = path.join(dir, 'nope.json');
    const r = await runSvcInProcess(['ingest', input, '--data-dir', path.join(dir, 'data'), '--aliases', missing]);
    assert.equal(r.code, EXIT.invalidInput);
    assert.equal(
      r.stderr,
      `svc: feed rejeitado: ${missing}: arquivo de apelidos não encontrado\n  nada foi publicado\n`,
    );
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, '{"clubes": {"Cruzeiro": ["Flamengo RJ"]}}');
    const r2 = await runSvcInProcess(['ingest', input, '--data-dir', path.join(dir, 'data'), '--aliases', bad]);
    assert.equal(r2.code, EXIT.invalidInput);
    assert.equal(
      r2.stderr,
      `svc: feed rejeitado: ${bad} (em /clubes/Cruzeiro): "Flamengo RJ" já é apelido de "Flamengo"\n  nada foi publicado\n`,
    );
  });
});
