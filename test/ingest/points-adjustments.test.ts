/**
 * Points adjustments in the canonical feed (issue #27): a deduction sent as `ajustes_pontos` counts in the
 * whole championship's standings, moves the team down and is listed on its `/tabela` row with its reason and
 * reference; sending the same adjustment again changes nothing.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ingestSqlite } from '../kit/ingest.js';
import { tempDir } from '../kit/dirs.js';
import { startHarness, type Harness } from '../kit/server.js';

interface Linha {
  posicao: number;
  pontos: number;
  time: { nome: string };
  ajustes: { pontos: number; motivo: string; referencia: string }[];
}

describe('points adjustments in the canonical feed', () => {
  const { dir, cleanup } = tempDir('svc-ajustes-');
  let h: Harness;
  let key: string;
  const tabela = async (): Promise<Linha[]> => {
    const list = (await h.get('/v1/campeonatos?tipo=pontos-corridos', key)).json.data as { id: number }[];
    const r = await h.get(`/v1/campeonatos/${list[0]?.id}/tabela`, key);
    assert.equal(r.status, 200, r.text);
    return r.json.data.classificacao as Linha[];
  };

  before(async () => {
    h = await startHarness();
    key = await h.key('enterprise');
  });
  after(async () => {
    await h?.stop();
    cleanup();
  });

  it('a deduction lowers the points, reorders the table and is shown with its reason and reference', async () => {
    const before = await tabela();
    const leader = before[0];
    assert.ok(leader);
    assert.ok(before.every((l) => l.ajustes.length === 0));
    const second = before[1];
    assert.ok(second);
    const deduction = second.pontos - leader.pontos - 1;
    const feed = path.join(dir, 'ajuste.json');
    writeFileSync(
      feed,
      JSON.stringify({
        formato: 'svc-feed/1',
        fonte: 'demo',
        ajustes_pontos: [
          {
            id: 'stjd-1',
            campeonato: 'sa26',
            time: leader.time.nome === 'Flamengo' ? 'fla' : 'pal',
            pontos: deduction,
            motivo: 'escalação irregular',
            referencia: 'STJD, processo de teste',
          },
        ],
      }),
    );
    assert.ok(['Flamengo', 'Palmeiras'].includes(leader.time.nome), leader.time.nome);
    const dataDir = h.dataDir;
    const first = await ingestSqlite({ dataDir, inputs: [feed], now: new Date('2026-11-22T18:53:00-03:00') });
    assert.equal(first.nada_mudou, false);
    assert.equal(first.contagens.ajustes_pontos, 1);
    await h.api.holder.refresh();
    const after = await tabela();
    const moved = after.find((l) => l.time.nome === leader.time.nome);
    assert.deepEqual(moved, {
      ...leader,
      posicao: moved?.posicao,
      pontos: leader.pontos + deduction,
      ajustes: [{ pontos: deduction, motivo: 'escalação irregular', referencia: 'STJD, processo de teste' }],
    });
    assert.equal(after[0]?.time.nome, second.time.nome);
    const again = await ingestSqlite({ dataDir, inputs: [feed], now: new Date('2026-11-22T18:53:00-03:00') });
    assert.equal(again.nada_mudou, true);
  });
});
