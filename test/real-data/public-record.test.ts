/**
 * History carries its deductions (issue #27): the CSV family has Série A 2013's results, the public record its
 * STJD deductions (Portuguesa −4, Flamengo −4); loaded through the real `svc ingest`, `/tabela` is the
 * official table, each deduction shown with its reason and reference, and Fluminense is not relegated.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { tempDir } from '../kit/dirs.js';
import { startHarness, type Harness } from '../kit/server.js';
import { CSV_DIR, firstIngest, SKIP } from './real-data.js';

interface Linha {
  posicao: number;
  pontos: number;
  time: { nome: string };
  ajustes: { pontos: number; motivo: string; referencia: string }[];
}

describe('real data: the public record of points adjustments', { skip: SKIP }, () => {
  const { dir, cleanup } = tempDir('svc-public-record-');
  let h: Harness;

  before(async () => {
    await firstIngest(dir, [CSV_DIR]);
    h = await startHarness({ dir });
  });
  after(async () => {
    await h?.stop();
    cleanup();
  });

  it('Série A 2013: the official table, Fluminense 15th, Portuguesa 17th', async () => {
    const key = await h.key('enterprise');
    const [c] = (await h.get('/v1/campeonatos?temporada=2013', key)).json.data as { id: number }[];
    const rows = (await h.get(`/v1/campeonatos/${c?.id}/tabela`, key)).json.data.classificacao as Linha[];
    assert.deepEqual(
      rows.slice(13).map((r) => [r.posicao, r.time.nome, r.pontos]),
      [
        [14, 'Criciúma', 46],
        [15, 'Fluminense', 46],
        [16, 'Flamengo', 45],
        [17, 'Portuguesa', 44],
        [18, 'Vasco da Gama', 44],
        [19, 'Ponte Preta', 37],
        [20, 'Náutico', 20],
      ],
    );
    const deducted = rows.filter((r) => r.ajustes.length > 0);
    assert.deepEqual(
      deducted.map((r) => [r.time.nome, r.ajustes.map((a) => a.pontos)]),
      [
        ['Flamengo', [-4]],
        ['Portuguesa', [-4]],
      ],
    );
    assert.ok(deducted.every((r) => r.ajustes.every((a) => a.referencia.includes('STJD') && a.motivo.length > 0)));
    // Other seasons have none.
    const [c2014] = (await h.get('/v1/campeonatos?temporada=2014', key)).json.data as { id: number }[];
    const rows2014 = (await h.get(`/v1/campeonatos/${c2014?.id}/tabela`, key)).json.data.classificacao as Linha[];
    assert.ok(rows2014.every((r) => r.ajustes.length === 0));
  });
});
