import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Feed, FeedPartida } from '../../src/feeds/canonical.js';
import { FeedRejectedError } from '../../src/feeds/errors.js';
import { openfootballTxtAdapter } from '../../src/feeds/adapters/openfootball-txt.js';
import type { AdapterOptions } from '../../src/feeds/adapters/types.js';
import { SAO_PAULO_BOTAFOGO_2019 } from './openfootball-shared.js';

function read(text: string, options: AdapterOptions = {}): Feed {
  const feeds = openfootballTxtAdapter.read([{ name: 'x.txt', content: Buffer.from(text) }], options);
  assert.equal(feeds.length, 1);
  return feeds[0] as Feed;
}

function byTeams(feed: Feed, home: string, away: string): FeedPartida {
  const m = feed.partidas?.find((p) => p.mandante === home && p.visitante === away);
  assert.ok(m, `${home} x ${away}`);
  return m;
}

function rejected(text: string, message: string): void {
  assert.throws(
    () => read(text),
    (err: unknown) => err instanceof FeedRejectedError && err.message === message,
  );
}

const LEAGUE = `= Brasileiro Série A 2019

# Teams      4

» Matchday 1
  Sat Apr/27 2019
    16.00  São Paulo FC            v Botafogo RJ              2-0 (1-0)
           Flamengo RJ             v Cruzeiro                 3-1
  Sun Dec/29
    11.00  Grêmio Porto Alegre     v Santos FC
           CSA AL                  v Ceará CE                 [postponed]

» Matchday 2
  Thu Jan/2 2020
           Cruzeiro                v São Paulo FC             3-0    [awarded]
`;

describe('openfootball-txt', () => {
  it('reads a league: championship from the title, matchdays, shared kick-off times, fixtures, marks', () => {
    const feed = read(LEAGUE);
    assert.equal(feed.fonte, 'openfootball');
    assert.deepEqual(feed.campeonatos, [
      {
        id: 'campeonato-brasileiro-serie-a/2019',
        nome: 'Campeonato Brasileiro Série A',
        nome_popular: 'Brasileirão Série A',
        slug: 'campeonato-brasileiro-serie-a',
        temporada: '2019',
        tipo: 'pontos-corridos',
        regiao: 'nacional',
      },
    ]);
    assert.deepEqual(
      feed.rodadas?.map((r) => [r.id, r.numero]),
      [
        ['campeonato-brasileiro-serie-a/2019/rodada-1', 1],
        ['campeonato-brasileiro-serie-a/2019/rodada-2', 2],
      ],
    );
    assert.deepEqual(byTeams(feed, 'São Paulo FC', 'Botafogo RJ'), SAO_PAULO_BOTAFOGO_2019);
    // The time is shared with the line above; the year carries over to "Sun Dec/29".
    assert.equal(byTeams(feed, 'Flamengo RJ', 'Cruzeiro').data_hora, '2019-04-27T16:00:00-03:00');
    const fixture = byTeams(feed, 'Grêmio Porto Alegre', 'Santos FC');
    assert.deepEqual(
      [fixture.status, fixture.placar_mandante, fixture.placar_visitante, fixture.data_hora],
      ['aguardando', null, null, '2019-12-29T11:00:00-03:00'],
    );
    const postponed = byTeams(feed, 'CSA AL', 'Ceará CE');
    assert.deepEqual([postponed.status, postponed.placar_mandante], ['adiado', null]);
    const awarded = byTeams(feed, 'Cruzeiro', 'São Paulo FC');
    // A new date line resets the shared time: this line gives none, so the kick-off is unknown.
    assert.deepEqual(
      [awarded.status, awarded.placar_mandante, awarded.placar_visitante, awarded.data_hora],
      ['encerrado', 3, 0, null],
    );
  });

  it('names teams by the alias table and keeps the file name as the source id', () => {
    const feed = read(LEAGUE);
    assert.deepEqual(
      feed.times?.map((t) => [t.id, t.nome]),
      [
        ['São Paulo FC', 'São Paulo'],
        ['Botafogo RJ', 'Botafogo'],
        ['Flamengo RJ', 'Flamengo'],
        ['Cruzeiro', 'Cruzeiro'],
        ['Grêmio Porto Alegre', 'Grêmio'],
        ['Santos FC', 'Santos'],
        ['CSA AL', 'CSA'],
        ['Ceará CE', 'Ceará'],
      ],
    );
  });

  it('reads a knockout file: phases, shoot-outs, a.e.t., and two-legged ties paired into chaves', () => {
    const feed = read(`= Copa do Brasil 2025

» Round 1
  Wed Feb/19 2025
    19.30  São Raimundo RR         v Grêmio Porto Alegre      1-4 pen. 1-4 a.e.t. (1-1, 0-0)
    20.00  Porto Velho EC RO       v Cuiabá MT                2-1 a.e.t. (1-1, 0-0)
    21.30  ASA AL                  v Atlético Goianiense      5-6 pen. (1-1, 0-1)
           Capital DF              v Portuguesa RJ            5-3 pen. (0-0)

» Round 3
  Thu May/1
    16.00  Operário Ferroviário PR v Vasco da Gama RJ         1-1 (0-1)
    18.00  Santos FC               v CR Brasil AL             1-1 (1-0)
  Tue May/20
    19.00  Vasco da Gama RJ        v Operário Ferroviário PR  7-6 pen. (1-1, 1-0)
    21.30  CR Brasil AL            v Santos FC                5-4 pen. (0-0)
`);
    assert.equal(feed.campeonatos?.[0]?.tipo, 'mata-mata');
    assert.equal(feed.campeonatos?.[0]?.id, 'copa-do-brasil/2025');
    assert.equal(feed.rodadas, undefined);
    assert.deepEqual(
      feed.fases?.map((f) => [f.id, f.nome, f.ordem, f.tipo, f.ida_e_volta, f.eliminatorio, f.chaves?.length]),
      [
        ['copa-do-brasil/2025/1a-fase', '1ª Fase', 1, 'mata-mata', false, true, 4],
        ['copa-do-brasil/2025/3a-fase', '3ª Fase', 2, 'mata-mata', true, true, 2],
      ],
    );
    // The a.e.t. score repeating the shoot-out cannot be right after a draw: full time is kept.
    const slip = byTeams(feed, 'São Raimundo RR', 'Grêmio Porto Alegre');
    assert.deepEqual(
      [slip.placar_mandante, slip.placar_visitante, slip.prorrogacao, slip.penalti],
      [1, 1, false, { placar_mandante: 1, placar_visitante: 4 }],
    );
    const aet = byTeams(feed, 'Porto Velho EC RO', 'Cuiabá MT');
    assert.deepEqual([aet.placar_mandante, aet.placar_visitante, aet.prorrogacao, aet.penalti], [2, 1, true, null]);
    const ftOnly = byTeams(feed, 'Capital DF', 'Portuguesa RJ');
    assert.deepEqual(
      [ftOnly.placar_mandante, ftOnly.placar_visitante, ftOnly.penalti],
      [0, 0, { placar_mandante: 5, placar_visitante: 3 }],
    );
    assert.deepEqual([ftOnly.chave, ftOnly.jogo], ['copa-do-brasil/2025/1a-fase/chave-4', null]);
    const first = byTeams(feed, 'Operário Ferroviário PR', 'Vasco da Gama RJ');
    const second = byTeams(feed, 'Vasco da Gama RJ', 'Operário Ferroviário PR');
    assert.deepEqual(
      [first.chave, first.jogo, second.chave, second.jogo],
      ['copa-do-brasil/2025/3a-fase/chave-1', 1, 'copa-do-brasil/2025/3a-fase/chave-1', 2],
    );
    assert.deepEqual(second.penalti, { placar_mandante: 7, placar_visitante: 6 });
    const otherTie = byTeams(feed, 'CR Brasil AL', 'Santos FC');
    assert.deepEqual([otherTie.chave, otherTie.jogo], ['copa-do-brasil/2025/3a-fase/chave-2', 2]);
  });

  it('takes a postponed match listed again later as the match, where it was played', () => {
    const feed = read(`${LEAGUE}\n» Matchday 1\n  Wed Jan/8 2020\n    20.00  CSA AL  v  Ceará CE  1-2 (0-1)\n`);
    const matches = feed.partidas?.filter((p) => p.mandante === 'CSA AL') ?? [];
    assert.deepEqual(
      matches.map((p) => [p.status, p.placar_mandante, p.placar_visitante, p.data_hora, p.rodada]),
      [['encerrado', 1, 2, '2020-01-08T20:00:00-03:00', 'campeonato-brasileiro-serie-a/2019/rodada-1']],
    );
    assert.equal(feed.partidas?.length, 5);
  });

  it('applies the championship options over what the title says', () => {
    const feed = read(LEAGUE, {
      campeonato: { nome: 'Brasileirão', temporada: '2019b', slug: 'br', tipo: 'mata-mata', regiao: 'sudeste' },
    });
    const c = feed.campeonatos?.[0];
    assert.deepEqual(
      [c?.id, c?.nome, c?.temporada, c?.slug, c?.tipo, c?.regiao],
      ['br/2019b', 'Brasileirão', '2019b', 'br', 'mata-mata', 'sudeste'],
    );
  });

  it('detects football.txt by name and content', () => {
    assert.equal(openfootballTxtAdapter.detect({ name: 'a/2019_br1.txt', content: Buffer.from(LEAGUE) }), true);
    assert.equal(
      openfootballTxtAdapter.detect({ name: 'a/Legenda.txt', content: Buffer.from('Legenda - x\nID - y\n') }),
      false,
    );
    assert.equal(openfootballTxtAdapter.detect({ name: 'a/2019_br1.json', content: Buffer.from(LEAGUE) }), false);
  });

  it('rejects malformed lines with file, line and reason', () => {
    rejected(
      `= Liga 2019\n» Matchday 1\n  Sat Apr/27 2019\n    16.00  A v B   2:0\n`,
      'feed rejeitado: x.txt (linha 4): resultado ilegível: "2:0"',
    );
    rejected(
      `= Liga 2019\n» Matchday 1\n  Sat Apr/27 2019\n  A v B 1-0 [forfeit]\n`,
      'feed rejeitado: x.txt (linha 4): marca desconhecida "[forfeit]"',
    );
    rejected(
      `= Liga 2019\n» Matchday 1\n  Sat Apr/27 2019\n  what is this\n`,
      'feed rejeitado: x.txt (linha 4): linha não reconhecida: "what is this"',
    );
    rejected(
      `= Liga 2019\n  Sat Apr/27 2019\n  A v B 1-0\n`,
      'feed rejeitado: x.txt (linha 3): partida antes de qualquer rodada (» Matchday N / » Round N)',
    );
    rejected(
      `= Liga 2019\n» Matchday 1\n  A v B 1-0\n`,
      'feed rejeitado: x.txt (linha 3): partida antes de qualquer data',
    );
    rejected(
      `= Liga 2019\n» Matchday 1\n  Sat Apr/27\n`,
      'feed rejeitado: x.txt (linha 3): data sem ano (o primeiro dia do arquivo deve dizer o ano)',
    );
    rejected(
      `= Liga 2019\n» Matchday 1\n  Sat Feb/30 2019\n  A v B\n`,
      'feed rejeitado: x.txt (linha 4): data inexistente 2019-02-30',
    );
    rejected(
      `= Liga 2019\n» Matchday 1\n  Sat Feb/3 2019\n  25.00 A v B\n`,
      'feed rejeitado: x.txt (linha 4): horário inválido "25.00"',
    );
    rejected(
      `= Liga 2019\n» Matchday 1\n  Sat Feb/3 2019\n  A v B  (1-0)\n`,
      'feed rejeitado: x.txt (linha 4): resultado ilegível: "(1-0)" (falta o placar final)',
    );
    rejected(
      `= Liga 2019\n» Matchday 1\n  Sat Feb/3 2019\n  A v B\n  A v B 1-0\n`,
      'feed rejeitado: x.txt (linha 5): partida repetida: A x B em "Matchday 1"',
    );
    rejected(
      `» Matchday 1\n  Sat Feb/3 2019\n  A v B\n`,
      'feed rejeitado: x.txt (linha 1): falta o título (= Nome da competição Temporada)',
    );
    rejected(
      `= Liga\n» Matchday 1\n  Sat Feb/3 2019\n  A v B\n`,
      'feed rejeitado: x.txt (linha 1): o título "Liga" não diz a temporada; informe-a nas opções (temporada)',
    );
    assert.throws(
      () => openfootballTxtAdapter.read([{ name: 'x.txt', content: Buffer.from([0x3d, 0x20, 0xff, 0xfe]) }], {}),
      (err: unknown) =>
        err instanceof FeedRejectedError && err.message === 'feed rejeitado: x.txt: o arquivo não está em UTF-8',
    );
  });
});
