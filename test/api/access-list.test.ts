import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startHarness, type Harness } from '../kit/server.js';

/** A free account reads only its access list: none by default, some ids, or `--championships all`. */
let h: Harness;
before(async () => {
  h = await startHarness();
});
after(async () => {
  await h.cleanup();
});

it('a free account without an access list reads no championship (403 naming the plan)', async () => {
  const r = await h.get('/v1/campeonatos/1/tabela', await h.key('free'));
  assert.equal(r.status, 403);
  assert.equal((r.json as { erro: string }).erro, 'Plano insuficiente');
});

it('a free account with a list reads those championships only', async () => {
  const key = await h.key('free', { campeonatos: [2] });
  assert.equal((await h.get('/v1/campeonatos/2', key)).status, 200);
  assert.equal((await h.get('/v1/campeonatos/1/tabela', key)).status, 403);
});

it('a free account with the list "all" (null) reads every championship', async () => {
  const key = await h.key('free', { campeonatos: null });
  assert.equal((await h.get('/v1/campeonatos/1/tabela', key)).status, 200);
  assert.equal((await h.get('/v1/campeonatos/2', key)).status, 200);
});
