import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { FeedRejectedError } from '../../src/feeds/errors.js';
import { loadAliases, normalizeTeamName, resolveTeamName } from '../../src/feeds/team-names.js';
import { tempDir } from '../kit/dirs.js';

function sameKey(names: readonly string[]): void {
  const keys = new Set(names.map(normalizeTeamName));
  assert.equal(keys.size, 1, `${names.join(' / ')} → ${[...keys].join(', ')}`);
}

describe('team name resolution', () => {
  it('gives the same club the same key whichever source named it', () => {
    sameKey(['Athletico-PR', 'CA Paranaense', 'Athletico Paranaense', 'Atlético PR']);
    sameKey(['Atletico-MG', 'CA Mineiro', 'Atlético Mineiro']);
    sameKey(['Flamengo', 'Flamengo RJ', 'CR Flamengo', 'FLAMENGO']);
    sameKey(['Gremio', 'Grêmio Porto Alegre', 'Grêmio FBPA']);
    sameKey(['Sao Paulo', 'São Paulo FC']);
    sameKey(['Botafogo-RJ', 'Botafogo RJ', 'Botafogo FR', 'Botafogo']);
    sameKey(['Vasco', 'Vasco da Gama RJ', 'CR Vasco da Gama']);
    sameKey(['Bragantino', 'Red Bull Bragantino', 'RB Bragantino', 'CA Bragantino']);
    sameKey(['Sport', 'Sport Recife PE', 'SC Recife']);
    sameKey(['Ceara', 'Ceará CE', 'Ceará SC']);
  });

  it('keeps apart clubs that share a name', () => {
    const distinct = (names: readonly string[]) =>
      assert.equal(new Set(names.map(normalizeTeamName)).size, names.length, names.join(' / '));
    distinct(['Atlético Goianiense', 'Atlético Mineiro', 'Athletico Paranaense']);
    distinct(['Atlético GO', 'Atlético MG', 'Atlético PR']);
    distinct(['Botafogo RJ', 'Botafogo-SP', 'Botafogo PB']);
    distinct(['América MG', 'América RN']);
    distinct(['Grêmio', 'Grêmio Novorizontino SP', 'Grêmio Prudente']);
    distinct(['Portuguesa', 'Portuguesa RJ']);
    distinct(['Barcelona BA', 'Barcelona RO']);
    distinct(['Santa Cruz', 'Santa Cruz de Natal RN', 'Santa Cruz RN']);
    distinct(['Vitória', 'Vitória ES']);
    distinct(['São Raimundo RR', 'São Raimundo AM']);
    sameKey(['Vitoria', 'Vitória BA', 'EC Vitória']);
    sameKey(['Guarani', 'Guarani SP']);
    sameKey(['Nautico', 'Náutico PE']);
  });

  it('folds case, accents, punctuation, state suffixes and club affixes for clubs not in the table', () => {
    const r = resolveTeamName('S.E.R. Caxias RS');
    assert.deepEqual(r, { chave: 'caxias', nome: 'S.E.R. Caxias RS', conhecido: false });
    sameKey(['Tocantinópolis TO', 'TOCANTINOPOLIS', 'Tocantinópolis EC']);
    sameKey(['Porto Velho EC RO', 'Porto Velho']);
    assert.deepEqual(resolveTeamName('Águia de Marabá PA'), {
      chave: 'aguia de maraba',
      nome: 'Águia de Marabá PA',
      conhecido: false,
    });
    // A shared name keeps its state: it cannot be told apart otherwise.
    assert.equal(normalizeTeamName('Operário MT'), 'operario mt');
  });

  it('names known clubs by the table and says which names it knows', () => {
    assert.deepEqual(resolveTeamName('CA Mineiro'), {
      chave: 'atletico mineiro',
      nome: 'Atlético Mineiro',
      conhecido: true,
    });
    assert.deepEqual(resolveTeamName('Grêmio FBPA'), { chave: 'gremio', nome: 'Grêmio', conhecido: true });
    assert.equal(resolveTeamName('Tombense MG').conhecido, true);
    assert.equal(resolveTeamName('Humaitá AC').conhecido, false);
  });

  it('adds aliases from a user file', (t) => {
    const { dir, cleanup } = tempDir();
    t.after(cleanup);
    const file = path.join(dir, 'aliases.json');
    writeFileSync(file, JSON.stringify({ clubes: { Humaitá: ['Humaitá AC', 'Humaitá FC'], Flamengo: ['Mengão'] } }));
    loadAliases(file);
    sameKey(['Humaitá AC', 'Humaitá FC', 'Humaita']);
    assert.deepEqual(resolveTeamName('Humaitá FC'), { chave: 'humaita', nome: 'Humaitá', conhecido: true });
    sameKey(['Mengão', 'CR Flamengo']);
  });

  it('rejects a bad alias file with file, place and reason', (t) => {
    const { dir, cleanup } = tempDir();
    t.after(cleanup);
    const attempt = (content: string | null, message: string) => {
      const file = path.join(dir, 'a.json');
      if (content !== null) writeFileSync(file, content);
      assert.throws(
        () => loadAliases(content === null ? path.join(dir, 'missing.json') : file),
        (err: unknown) =>
          err instanceof FeedRejectedError &&
          err.message === message.replace('FILE', content === null ? path.join(dir, 'missing.json') : file),
      );
    };
    attempt(null, 'feed rejeitado: FILE: arquivo de apelidos não encontrado');
    attempt('{', 'feed rejeitado: FILE: arquivo de apelidos não é JSON válido');
    attempt('[]', 'feed rejeitado: FILE (em /): esperado um objeto {"clubes": {"Nome do clube": ["variante", …]}}');
    attempt(
      '{"clubes": {"A/B": "x"}}',
      'feed rejeitado: FILE (em /clubes/A~1B): esperada uma lista de variantes do nome',
    );
    attempt('{"clubes": {}, "ambiguos": "x"}', 'feed rejeitado: FILE (em /ambiguos): esperada uma lista de nomes');
    attempt(
      '{"clubes": {"Cruzeiro": ["Flamengo RJ"]}}',
      'feed rejeitado: FILE (em /clubes/Cruzeiro): "Flamengo RJ" já é apelido de "Flamengo"',
    );
  });
});
