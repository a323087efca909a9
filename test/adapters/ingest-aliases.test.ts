/** `svc ingest --aliases FILE`: user aliases make two spellings of a club one team; a bad file fails cleanly. */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { EXIT } from '../../src/cli/exit-codes.js';
import { runSvcInProcess, tempDir } from '../helpers/cli.js';

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
