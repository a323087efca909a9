import assert from 'node:assert/strict';
import { cpSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEMO_FIXTURES, LIVE_DAY } from '../kit/fixtures.js';
import { dataDirState, workspace, type Workspace } from '../ingest/helpers.js';

/** The plan's fields the published diff has too (`para` is null in a plan: nothing is published). */
const comparable = ({ de, totais, eventos, campeonatos }: Record<string, unknown>) => ({
  de,
  totais,
  eventos,
  campeonatos,
});

describe('svc ingest --dry-run: the plan', () => {
  let ws: Workspace;
  /** The walk's data dir as it stood after the kick-off step, copied for the goal step's own dry runs. */
  let atKickOff: Workspace;
  before(() => {
    ws = workspace();
    atKickOff = workspace();
  });
  after(() => {
    ws.cleanup();
    atKickOff.cleanup();
  });

  const json = async (args: string[]) => {
    const r = await ws.svc([...args, '--json']);
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout);
  };

  it('over an empty data dir: every match added, no events (a first load records none)', async () => {
    const before = await dataDirState(ws.dataDir);
    const s = await json(['ingest', DEMO_FIXTURES, '--dry-run']);
    assert.equal(s.snapshot_id, null);
    assert.deepEqual(s.plano.totais, {
      partidas_adicionadas: 400,
      partidas_alteradas: 0,
      partidas_removidas: 0,
      posicoes: 20,
    });
    assert.deepEqual(s.plano.eventos, { total: 0, por_tipo: {} });
    assert.deepEqual(await dataDirState(ws.dataDir), before);
    await json(['ingest', DEMO_FIXTURES]);
  });

  it('each step of the live day: the plan is the diff the ingest then publishes, and its events those it records', async () => {
    let events = 0;
    for (const step of readdirSync(LIVE_DAY).sort()) {
      const feed = path.join(LIVE_DAY, step);
      const before = await dataDirState(ws.dataDir);
      const planned = await json(['ingest', feed, '--dry-run']);
      assert.deepEqual(await dataDirState(ws.dataDir), before, `${step}: a dry run writes nothing`);
      const published = await json(['ingest', feed]);
      const diff = await json(['snapshots', 'diff']);
      assert.deepEqual(comparable(planned.plano), comparable(diff), step);
      assert.equal(planned.plano.para, null);
      events += planned.eventos.total;
      if (step === '02-inicio.json') cpSync(ws.dataDir, atKickOff.dataDir, { recursive: true });
      assert.deepEqual(
        [planned.eventos.total, planned.eventos.por_tipo, planned.eventos.seq_inicio],
        [published.eventos.total, published.eventos.por_tipo, null],
        step,
      );
    }
    assert.ok(events > 0);
  });

  it('the goal step in words: the score field by field and the webhooks it would record', async () => {
    // Needs the walk above to have passed the kick-off (the demo, 01-pre-jogo, 02-inicio, as three ingests would).
    assert.ok(existsSync(path.join(atKickOff.dataDir, 'CURRENT')), 'runs after the live-day walk');
    const r = await atKickOff.svc(['ingest', path.join(LIVE_DAY, '03-gol.json'), '--dry-run']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /plano \(contra o snapshot 00000003\):\n/);
    assert.match(r.stdout, /~ \d+ Flamengo x Palmeiras \(2026-11-22T18:30:00-03:00\): placar 0 x 0 → 1 x 0\n/);
    assert.match(r.stdout, /eventos de webhook: 2 \(partida\.gol ×1, partida\.placar_atualizado ×1\)/);
    // Nothing was written: the records read, and no "changed: 0" beside the plan's one changed match.
    assert.match(r.stdout, /registros +lidos\npartidas +1\n/);
    assert.doesNotMatch(r.stdout, /alterados/);
    // A day later the live window has moved on: the same change, no webhooks, and the reason.
    const late = await atKickOff.svc([
      'ingest',
      path.join(LIVE_DAY, '03-gol.json'),
      '--dry-run',
      '--now',
      '2026-12-01T12:00:00Z',
      '--json',
    ]);
    const s = JSON.parse(late.stdout);
    assert.equal(s.plano.totais.partidas_alteradas, 1);
    assert.deepEqual(s.plano.eventos, { total: 0, por_tipo: {} });
    assert.equal(s.eventos.fora_da_janela.partidas, 1);
  });

  it('a feed that changes nothing: nothing would change', async () => {
    const r = await ws.svc(['ingest', path.join(LIVE_DAY, '11-fase-finalizada.json'), '--dry-run']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /\nplano: nada mudaria\n/);
  });
});
