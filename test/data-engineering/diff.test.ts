import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { baseFeed, clone, seeded, workspace, type Workspace } from '../ingest/helpers.js';

/** The base feed one step later: a score corrected, a match finished, a match added. */
export function nextFeed() {
  const feed = clone(baseFeed());
  feed.partidas![0]!.placar_mandante = 3;
  Object.assign(feed.partidas![1]!, { status: 'encerrado', placar_mandante: 0, placar_visitante: 2 });
  feed.partidas!.push({
    id: 102,
    campeonato: 'br',
    rodada: 'r1',
    mandante: 2,
    visitante: 3,
    status: 'aguardando',
    placar_mandante: null,
    placar_visitante: null,
    data_hora: '2019-04-28T16:00:00-03:00',
  });
  return feed;
}

describe('svc snapshots diff', () => {
  let ws: Workspace;
  before(async () => {
    ws = workspace();
    await seeded(ws);
    assert.equal((await ws.svc(['ingest', ws.write('next.json', nextFeed())])).code, 0);
    const removal = { formato: 'svc-feed/1', fonte: 'teste', remocoes: [{ entidade: 'partida', id: 102 }] };
    const r = await ws.svc(['ingest', ws.write('removal.json', JSON.stringify(removal))]);
    assert.equal(r.code, 0, r.stderr);
  });
  after(() => ws.cleanup());

  const json = async (...args: string[]) => {
    const r = await ws.svc(['snapshots', 'diff', ...args, '--json']);
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout);
  };

  it('between two snapshots: matches added and changed field by field, standings that moved, the events', async () => {
    const plan = await json('1', '2');
    assert.deepEqual([plan.de, plan.para], ['00000001', '00000002']);
    assert.deepEqual(plan.totais, {
      partidas_adicionadas: 1,
      partidas_alteradas: 2,
      partidas_removidas: 0,
      posicoes: 3,
    });
    // 2 is 1's child: its outbox is this step's events (none: 2019 is outside the live window).
    assert.deepEqual(plan.eventos, { total: 0, por_tipo: {} });
    const [br] = plan.campeonatos;
    assert.equal(br.nome, 'Campeonato Brasileiro Série A');
    assert.deepEqual(
      br.partidas.alteradas.map((m: { jogo: string; campos: unknown }) => [m.jogo, m.campos]),
      [
        ['Flamengo x Cruzeiro', [{ campo: 'placar', antes: '2 x 1', depois: '3 x 1' }]],
        [
          'Grêmio x Palmeiras',
          [
            { campo: 'placar', antes: null, depois: '0 x 2' },
            { campo: 'status', antes: 'aguardando', depois: 'encerrado' },
          ],
        ],
      ],
    );
    assert.deepEqual(
      br.partidas.adicionadas.map((m: { jogo: string }) => m.jogo),
      ['Cruzeiro x Grêmio'],
    );
    assert.deepEqual(
      br.classificacao.map((p: { time: string; posicao_antes: number; posicao_depois: number }) => [
        p.time,
        p.posicao_antes,
        p.posicao_depois,
      ]),
      [
        ['Palmeiras', 3, 2],
        ['Cruzeiro', 4, 3],
        ['Grêmio', 2, 4],
      ],
    );
  });

  it('by default the current snapshot against its parent: the match removed', async () => {
    const plan = await json();
    assert.deepEqual([plan.de, plan.para], ['00000002', '00000003']);
    assert.deepEqual(
      plan.campeonatos[0].partidas.removidas.map((m: { partida_id: number; jogo: string }) => m.jogo),
      ['Cruzeiro x Grêmio'],
    );
    const human = await ws.svc(['snapshots', 'diff', '1']);
    assert.equal(human.code, 0, human.stderr);
    assert.match(human.stdout, /^de 00000001 para 00000003\n/);
    assert.match(human.stdout, /~ \d+ Flamengo x Cruzeiro \(2019-04-27T16:00:00-03:00\): placar 2 x 1 → 3 x 1\n/);
    assert.match(human.stdout, /classificação: Palmeiras 3º \(0 pts\) → 2º \(3 pts\)/);
  });

  it('over more than one ingest it does not claim the events', async () => {
    assert.equal((await json('1', '3')).eventos, null);
  });

  it('bad ids, unknown snapshots, a parent gone, an empty data dir: one line and an exit code', async () => {
    const cases: [string[], number, RegExp][] = [
      [['x'], 2, /id de snapshot inválido: "x"/],
      [['1', '9'], 6, /snapshot 00000009 não encontrado/],
      [['8', '2'], 6, /snapshot 00000008 não encontrado/],
    ];
    for (const [args, code, message] of cases) {
      const r = await ws.svc(['snapshots', 'diff', ...args]);
      assert.equal(r.code, code, args.join(' '));
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, message);
    }
    const again = clone(baseFeed());
    again.partidas![0]!.estadio = 'Mineirão';
    assert.equal((await ws.svc(['ingest', ws.write('again.json', again), '--keep', '1'])).code, 0);
    const gone = await ws.svc(['snapshots', 'diff']);
    assert.equal(gone.code, 6);
    assert.match(gone.stderr, /snapshot 00000003, pai de 00000004, não encontrado \(removido pela retenção\?\)/);
    const empty = workspace();
    try {
      const r = await empty.svc(['snapshots', 'diff', '--json']);
      assert.equal(r.code, 7);
      assert.equal(JSON.parse(r.stdout).erro.codigo, 'nao_pronto');
    } finally {
      empty.cleanup();
    }
  });
});
