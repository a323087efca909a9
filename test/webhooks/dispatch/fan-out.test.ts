import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { DEFAULT_PLANS } from '../../../src/control/plans.js';
import type { Subscriber } from '../../../src/control/webhooks/records.js';
import { covers, fanOut } from '../../../src/webhooks/dispatch/fan-out.js';
import { createAccount, publishSnapshot } from '../helpers.js';
import { StageFixture, T0 } from './fixture.js';

const sub: Subscriber = {
  id: 1,
  contaId: 1,
  eventoSeqInicial: 10,
  eventos: ['partida.gol'],
  plano: 'free',
  campeonatos: [1],
};
const event = { seq: 11, evento: 'partida.gol', campeonato_id: 1, corpo: '{}' };

describe('fan-out', () => {
  it('an event is for a subscriber when newer than the webhook, subscribed to, and its plan covers the championship', () => {
    assert.equal(covers(sub, event, DEFAULT_PLANS), true);
    assert.equal(covers(sub, { ...event, seq: 10 }, DEFAULT_PLANS), false, 'published before the webhook existed');
    assert.equal(covers(sub, { ...event, evento: 'partida.encerrada' }, DEFAULT_PLANS), false, 'not subscribed');
    assert.equal(covers(sub, { ...event, campeonato_id: 2 }, DEFAULT_PLANS), false, 'free plan: access list only');
    assert.equal(
      covers({ ...sub, plano: 'pro' }, { ...event, campeonato_id: 2 }, DEFAULT_PLANS),
      true,
      'pro reads every championship',
    );
    assert.equal(covers({ ...sub, plano: null }, event, DEFAULT_PLANS), false, 'account gone');
  });

  describe('over a real outbox', () => {
    let f: StageFixture;
    beforeEach(async () => (f = await StageFixture.open()));
    afterEach(() => f.close());

    it('creates one delivery per covered event, moves the cursor, and is idempotent', async () => {
      const free = createAccount(f.db, 'free', 'free', [1]);
      const freeHook = f.registry.createWebhook(
        { contaId: free, nome: 'f', url: 'http://127.0.0.1:9/', eventos: ['partida.gol'], secret: 's' },
        null,
        T0,
      );
      const seqs = await publishSnapshot(f.dataDir, [
        { evento: 'partida.gol', campeonato_id: 1 },
        { evento: 'partida.gol', campeonato_id: 2 },
      ]);
      assert.equal(await fanOut(f.queue, f.dataDir, DEFAULT_PLANS, T0), 3, 'pro: both; free: championship 1 only');
      assert.equal(await f.queue.cursor(), seqs.at(-1));
      assert.equal(await fanOut(f.queue, f.dataDir, DEFAULT_PLANS, T0), 0, 'nothing new');
      assert.deepEqual(
        f.registry.listDeliveries(freeHook.id, 10).map((d) => d.campeonatoId),
        [1],
      );
    });
  });
});
