/**
 * Decisive facts in payloads (issue #27): Copa do Brasil 2025 ingested through the real `svc ingest` as if
 * live (`--now` in its first week, over an existing snapshot), the recorded partida.encerrada of a tie
 * decided on penalties carries the shoot-out and the kick-off, so a receiver can tell who went through.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_FIXTURES } from '../kit/fixtures.js';
import { tempDir } from '../kit/dirs.js';
import { CUP_2025, ingest, query, SKIP } from './real-data.js';

interface Dados {
  placar_mandante: number;
  placar_visitante: number;
  disputa_penalti: boolean;
  penalti: { placar_mandante: number | null; placar_visitante: number | null };
  data_hora_realizacao: string | null;
  time_mandante: { nome: string };
  time_visitante: { nome: string };
}

describe('real data: partida.encerrada carries the shoot-out and the kick-off', { skip: SKIP }, () => {
  const { dir, cleanup } = tempDir('svc-payloads-');
  let encerradas: Dados[];

  before(async () => {
    await ingest(dir, [DEMO_FIXTURES]);
    const s = await ingest(dir, [CUP_2025, '--now', '2025-02-20T23:00:00-03:00']);
    assert.ok((s.eventos.por_tipo['partida.encerrada'] ?? 0) > 0, JSON.stringify(s.eventos));
    const [rows] = await query(dir, "SELECT corpo FROM outbox WHERE evento = 'partida.encerrada'");
    encerradas = (rows ?? []).map((r) => (JSON.parse(String(r.corpo)) as { dados: Dados }).dados);
  });
  after(cleanup);

  it('São Raimundo RR 1 x 1 Grêmio, 1 x 4 on penalties, kicked off 19/02/2025 19:30', () => {
    const tie = encerradas.find((d) => d.time_visitante.nome === 'Grêmio' && d.disputa_penalti);
    assert.ok(tie, 'Grêmio won on penalties in round 1');
    assert.deepEqual(
      [tie.placar_mandante, tie.placar_visitante, tie.penalti, tie.data_hora_realizacao],
      [1, 1, { placar_mandante: 1, placar_visitante: 4 }, '2025-02-19T19:30:00-03:00'],
    );
  });

  it('a match without a shoot-out says so, with its kick-off', () => {
    const plain = encerradas.filter((d) => !d.disputa_penalti);
    assert.ok(plain.length > 0);
    assert.ok(plain.every((d) => d.penalti.placar_mandante === null && d.penalti.placar_visitante === null));
    assert.ok(encerradas.every((d) => d.data_hora_realizacao === null || /T\d{2}:\d{2}/.test(d.data_hora_realizacao)));
  });
});
