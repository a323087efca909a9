import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { rollbackTo } from '../../src/warehouse/rollback.js';
import { ingestInto } from '../kit/ingest.js';
import { LIVE_DAY } from '../kit/fixtures.js';
import { startHarness, type Harness } from '../kit/server.js';

describe('reads as of a retained snapshot (?snapshot=ID)', () => {
  let h: Harness;
  let key: string;
  const before1: Record<string, { text: string; etag: string | null }> = {};
  before(async () => {
    h = await startHarness();
    key = await h.key('enterprise');
    for (const p of ['/v1/campeonatos/1/tabela', '/v1/partidas/339/eventos']) {
      const r = await h.get(p, key);
      assert.equal(r.headers.get('x-snapshot'), '00000001');
      before1[p] = { text: r.text, etag: r.headers.get('etag') };
    }
    for (const step of ['01-pre-jogo.json', '02-inicio.json', '03-gol.json'])
      await ingestInto(h.dataDir, [path.join(LIVE_DAY, step)]);
    await h.api.holder.refresh();
  });
  after(() => h.cleanup());

  it('serves what was served before the ingests, byte for byte, and names the snapshot', async () => {
    const now = await h.get('/v1/campeonatos/1/tabela', key);
    assert.equal(now.headers.get('x-snapshot'), '00000004');
    assert.notEqual(now.text, before1['/v1/campeonatos/1/tabela']!.text);
    for (const asked of ['1', '00000001']) {
      for (const p of ['/v1/campeonatos/1/tabela', '/v1/partidas/339/eventos']) {
        const r = await h.get(`${p}?snapshot=${asked}`, key);
        assert.equal(r.status, 200, r.text);
        assert.equal(r.headers.get('x-snapshot'), '00000001');
        assert.equal(r.text, before1[p]!.text, p);
        assert.equal(r.headers.get('etag'), before1[p]!.etag);
      }
    }
    // The current snapshot is unaffected by the earlier one's reads (its own cache entries).
    assert.equal((await h.get('/v1/campeonatos/1/tabela', key)).text, now.text);
    // Built from the current one (the chain back names what differs), not read whole from its file.
    const loaded = h.logs.filter((l) => l.event === 'snapshot_anterior_carregado');
    assert.deepEqual(
      loaded.map((l) => [l.snapshot, l.base, l.cold]),
      [['00000001', '00000004', false]],
    );
  });

  it('a championship the ingests left alone reads the same as of any snapshot', async () => {
    const p = '/v1/campeonatos/2/fases';
    const now = await h.get(p, key);
    const asOf = await h.get(`${p}?snapshot=2`, key);
    assert.equal(asOf.headers.get('x-snapshot'), '00000002');
    assert.equal(asOf.text, now.text);
  });

  it('each retained snapshot as it was: the goal only from the snapshot that recorded it', async () => {
    const goals = async (id: string) =>
      (await h.get(`/v1/partidas/339/eventos?snapshot=${id}`, key)).json.data.filter(
        (e: { tipo: string }) => e.tipo === 'gol',
      ).length;
    assert.deepEqual([await goals('3'), await goals('4')], [0, 1]);
  });

  it('after a rollback, a snapshot past the current one is read whole from its file, as it was', async () => {
    const goalBefore = await h.get('/v1/partidas/339/eventos?snapshot=4', key);
    rollbackTo(h.dataDir, '00000002');
    await h.api.holder.refresh();
    assert.equal((await h.get('/v1/campeonatos/1/tabela', key)).headers.get('x-snapshot'), '00000002');
    const r = await h.get('/v1/partidas/339/eventos?snapshot=4', key);
    assert.equal(r.text, goalBefore.text);
    const last = h.logs.filter((l) => l.event === 'snapshot_anterior_carregado').at(-1)!;
    assert.deepEqual([last.snapshot, last.base, last.cold], ['00000004', '00000002', true]);
  });

  it('/v1/status lists the retained snapshots', async () => {
    const status = await h.get('/v1/status');
    assert.deepEqual(
      status.json.data.snapshots_retidos.map((s: { id: string }) => s.id),
      ['00000001', '00000002', '00000003', '00000004'],
    );
  });

  it('a snapshot not retained is 404, a malformed id 400, and the key is checked first', async () => {
    const gone = await h.get('/v1/campeonatos/1/tabela?snapshot=99', key);
    assert.equal(gone.status, 404);
    assert.deepEqual(gone.json, { erro: 'Não encontrado', mensagem: 'Snapshot 00000099 não está retido' });
    const bad = await h.get('/v1/campeonatos/1/tabela?snapshot=abc', key);
    assert.equal(bad.status, 400);
    assert.match(bad.json.mensagem, /O parâmetro snapshot deve ser o id de um snapshot/);
    assert.equal((await h.get('/v1/campeonatos/1/tabela?snapshot=1')).status, 401);
  });
});
