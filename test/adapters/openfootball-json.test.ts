import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Feed } from '../../src/feeds/canonical.js';
import { FeedRejectedError } from '../../src/feeds/errors.js';
import { openfootballJsonAdapter } from '../../src/feeds/adapters/openfootball-json.js';
import { openfootballTxtAdapter } from '../../src/feeds/adapters/openfootball-txt.js';
import { SAO_PAULO_BOTAFOGO_2019 } from './openfootball-shared.js';

function read(doc: unknown): Feed {
  const content = Buffer.from(typeof doc === 'string' ? doc : JSON.stringify(doc));
  return openfootballJsonAdapter.read([{ name: 'br.1.json', content }], {})[0] as Feed;
}

function rejected(doc: unknown, message: string): void {
  assert.throws(
    () => read(doc),
    (err: unknown) => err instanceof FeedRejectedError && err.message === message,
  );
}

const DOC = {
  name: 'Brasileiro Série A 2019',
  matches: [
    {
      round: 'Matchday 1',
      date: '2019-04-27',
      time: '16:00',
      team1: 'São Paulo FC',
      team2: 'Botafogo RJ',
      score: { ht: [1, 0], ft: [2, 0] },
    },
    { round: 'Matchday 1', date: '2019-04-28', team1: 'Flamengo RJ', team2: 'Cruzeiro', score: {} },
    {
      round: 'Final',
      date: '2019-12-08',
      time: '16:00',
      team1: 'Flamengo RJ',
      team2: 'São Paulo FC',
      score: { ft: [1, 1], et: [2, 2], p: [4, 3] },
    },
  ],
};

describe('openfootball-json', () => {
  it('reads matches, fixtures, extra time and shoot-outs', () => {
    const feed = read(DOC);
    assert.equal(feed.campeonatos?.[0]?.id, 'campeonato-brasileiro-serie-a/2019');
    assert.deepEqual(feed.partidas?.[0], SAO_PAULO_BOTAFOGO_2019);
    const fixture = feed.partidas?.[1];
    assert.deepEqual([fixture?.status, fixture?.placar_mandante, fixture?.data_hora], ['aguardando', null, null]);
    const final = feed.partidas?.[2];
    assert.deepEqual(
      [
        final?.fase,
        final?.chave,
        final?.jogo,
        final?.placar_mandante,
        final?.placar_visitante,
        final?.prorrogacao,
        final?.penalti,
      ],
      [
        'campeonato-brasileiro-serie-a/2019/final',
        'campeonato-brasileiro-serie-a/2019/final/chave-1',
        null,
        2,
        2,
        true,
        { placar_mandante: 4, placar_visitante: 3 },
      ],
    );
    assert.deepEqual(
      feed.fases?.map((f) => [f.nome, f.ordem, f.ida_e_volta]),
      [['Final', 1, false]],
    );
  });

  it('names the same records as the txt file of the same season', () => {
    const txt = openfootballTxtAdapter.read(
      [
        {
          name: '2019_br1.txt',
          content: Buffer.from(
            '= Brasileiro Série A 2019\n» Matchday 1\n  Sat Apr/27 2019\n    16.00  São Paulo FC  v Botafogo RJ  2-0 (1-0)\n',
          ),
        },
      ],
      {},
    )[0];
    const json = read(DOC);
    assert.deepEqual(txt?.partidas?.[0], json.partidas?.[0]);
    assert.deepEqual(txt?.campeonatos, json.campeonatos);
    // Spelled differently, the same clubs still name the same match.
    const respelled = read({ ...DOC, matches: [{ ...DOC.matches[0], team1: 'São Paulo', team2: 'Botafogo FR' }] });
    assert.equal(respelled.partidas?.[0]?.id, json.partidas?.[0]?.id);
  });

  it('detects football.json but not a canonical feed', () => {
    const detect = (name: string, doc: unknown) =>
      openfootballJsonAdapter.detect({ name, content: Buffer.from(JSON.stringify(doc)) });
    assert.equal(detect('2019/br.1.json', DOC), true);
    assert.equal(detect('feed.json', { formato: 'svc-feed/1', fonte: 'x', name: 'y', matches: [] }), false);
    assert.equal(detect('br.1.txt', DOC), false);
  });

  it('rejects bad documents with file and pointer or line', () => {
    rejected(
      '{"name": "x",\n "matches": [}',
      'feed rejeitado: br.1.json (linha 2, coluna 14): JSON malformado: valor esperado (encontrado "}")',
    );
    rejected(
      { name: 'Liga 2019', matches: {} },
      'feed rejeitado: br.1.json (em /matches): esperada uma lista de partidas',
    );
    rejected({ name: '', matches: [] }, 'feed rejeitado: br.1.json (em /name): esperado um texto não vazio');
    rejected(
      { name: 'Liga', matches: [] },
      'feed rejeitado: br.1.json (em /name): o título "Liga" não diz a temporada; informe-a nas opções (temporada)',
    );
    const match = DOC.matches[0];
    rejected(
      { name: 'Liga 2019', matches: [{ ...match, date: '27/04/2019' }] },
      'feed rejeitado: br.1.json (em /matches/0/date): data inválida "27/04/2019" (esperado AAAA-MM-DD)',
    );
    rejected(
      { name: 'Liga 2019', matches: [{ ...match, time: '4pm' }] },
      'feed rejeitado: br.1.json (em /matches/0/time): horário inválido "4pm" (esperado HH:MM)',
    );
    rejected(
      { name: 'Liga 2019', matches: [{ ...match, team2: 3 }] },
      'feed rejeitado: br.1.json (em /matches/0/team2): esperado um texto não vazio',
    );
    rejected(
      { name: 'Liga 2019', matches: [{ ...match, score: { ft: [2, -1] } }] },
      'feed rejeitado: br.1.json (em /matches/0/score/ft): esperado um par de placares [mandante, visitante], inteiros ≥ 0',
    );
    rejected(
      { name: 'Liga 2019', matches: [{ ...match, score: { p: [4, 3] } }] },
      'feed rejeitado: br.1.json (em /matches/0/score/ft): prorrogação ou pênaltis sem o placar do tempo normal',
    );
    rejected(
      { name: 'Liga 2019', matches: [match, match] },
      'feed rejeitado: br.1.json (em /matches/1): partida repetida: São Paulo FC x Botafogo RJ em "Matchday 1"',
    );
  });
});
