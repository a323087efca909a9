/**
 * Stale facts are visible (issue #27): with the openfootball files loaded through the real `svc ingest`,
 * Série B 2025's matches that kicked off long ago without a result are counted as overdue in the coverage
 * endpoint, and Copa do Brasil 2025, whose file stops after its third phase, is not `encerrado`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { tempDir } from '../kit/dirs.js';
import { startHarness, type Harness } from '../kit/server.js';
import { ingest, OPENFOOTBALL_DIR, query, SKIP } from './real-data.js';

interface Cobertura {
  campeonato_id: number;
  nome: string;
  temporada: string;
  atualizado_em: string | null;
  partidas_atrasadas: number;
}

describe('real data: stale facts are visible', { skip: SKIP }, () => {
  const { dir, cleanup } = tempDir('svc-staleness-');
  let h: Harness;
  let key: string;

  before(async () => {
    await ingest(dir, [OPENFOOTBALL_DIR]);
    h = await startHarness({ dir });
    key = await h.key('enterprise');
  });
  after(async () => {
    await h?.stop();
    cleanup();
  });

  it('Série B 2025: every match of 2025 still without a result is overdue, with the last update shown', async () => {
    const r = await h.get('/v1/cobertura?temporada=2025', key);
    assert.equal(r.status, 200, r.text);
    const serieB = (r.json.data as Cobertura[]).find((c) => c.nome === 'Campeonato Brasileiro Série B');
    assert.ok(serieB);
    const [[pending]] = (await query(
      dir,
      `SELECT count(*)::INTEGER AS n FROM partidas WHERE campeonato_id = ${serieB.campeonato_id} AND status IN ('aguardando', 'ao_vivo')`,
    )) as [[{ n: number }]];
    // Every one of them is dated in 2025, long past.
    assert.ok(pending.n > 0);
    assert.equal(serieB.partidas_atrasadas, pending.n);
    assert.match(serieB.atualizado_em ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/);
    const one = (await h.get(`/v1/campeonatos/${serieB.campeonato_id}/cobertura`, key)).json.data as Cobertura;
    assert.equal(one.partidas_atrasadas, pending.n);
    // A finished season has none.
    const serieA = (r.json.data as Cobertura[]).find((c) => c.nome === 'Campeonato Brasileiro Série A');
    assert.equal(serieA?.partidas_atrasadas, 0);
  });

  it('Copa do Brasil 2025: phases 1–3 played, no final in the file: andamento, not encerrado', async () => {
    const list = (await h.get('/v1/campeonatos?temporada=2025&tipo=mata-mata', key)).json.data as {
      id: number;
      nome: string;
      status: string;
    }[];
    const cup = list.find((c) => c.nome === 'Copa do Brasil');
    assert.ok(cup);
    assert.equal(cup.status, 'andamento');
    const fases = (await h.get(`/v1/campeonatos/${cup.id}/fases`, key)).json.data as { status: string }[];
    assert.ok(fases.length > 0 && fases.every((f) => f.status === 'finalizada'));
  });
});
