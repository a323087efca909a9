/**
 * No silent regression (issue #27): a stale live step ingested after a later one (a cron job fed a cached
 * file) does not un-finish a match; it is reported as a `status` conflict and kept out, unless the operator
 * passes --allow-regress.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { DEMO_FIXTURES, liveDayStep } from '../kit/fixtures.js';
import { tempDir } from '../kit/dirs.js';
import { svcIngest } from '../kit/ingest.js';

const { dir, cleanup } = tempDir('svc-regress-');

interface Summary {
  nada_mudou: boolean;
  snapshot_id: string;
  eventos: { total: number };
  conflitos: {
    partida_id: number;
    campo: string;
    mantido: string;
    guardado: { valor: string };
    recebido: { valor: string };
  }[];
}

const ingest = (file: string, ...flags: string[]) => svcIngest<Summary>(dir, file, ...flags);

/** The live-day match (source id sa26-r34-fla-pal) as stored in the current snapshot. */
async function match(): Promise<{ id: number; status: string; placar: string }> {
  const id = readFileSync(path.join(dir, 'CURRENT'), 'utf8').trim();
  const instance = await DuckDBInstance.create(path.join(dir, 'snapshots', `${id}.duckdb`), {
    access_mode: 'READ_ONLY',
  });
  const conn = await instance.connect();
  try {
    const [row] = (
      await conn.runAndReadAll(
        `SELECT p.id, p.status, concat(p.placar_mandante, 'x', p.placar_visitante) AS placar
         FROM partidas p JOIN id_fonte f ON f.id = p.id AND f.entidade = 'partida'
         WHERE f.chave = 'sa26-r34-fla-pal'`,
      )
    ).getRowObjectsJson() as { id: number; status: string; placar: string }[];
    assert.ok(row);
    return row;
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

describe('svc ingest: a feed that moves a match back', () => {
  before(async () => {
    await ingest(DEMO_FIXTURES);
    for (const step of ['01-pre-jogo', '02-inicio', '03-gol', '08-fim']) await ingest(liveDayStep(step));
  });
  after(cleanup);

  it('an older step after the final whistle is kept out and reported; the match stays finished', async () => {
    assert.deepEqual((({ status, placar }) => ({ status, placar }))(await match()), {
      status: 'encerrado',
      placar: '2x1',
    });
    const stale = await ingest(liveDayStep('03-gol'));
    const { id } = await match();
    assert.deepEqual(
      stale.conflitos.map((c) => [c.partida_id, c.campo, c.mantido, c.guardado.valor, c.recebido.valor]),
      [[id, 'status', 'guardado', 'encerrado 2x1', 'ao_vivo 1x0']],
    );
    // Its goal is already stored: nothing else in the file is new, so nothing is published.
    assert.equal(stale.nada_mudou, true);
    assert.deepEqual((({ status, placar }) => ({ status, placar }))(await match()), {
      status: 'encerrado',
      placar: '2x1',
    });
    const prePlay = await ingest(liveDayStep('01-pre-jogo'));
    assert.deepEqual(
      prePlay.conflitos.map((c) => [c.campo, c.mantido, c.recebido.valor]),
      [['status', 'guardado', 'aguardando']],
    );
    assert.equal((await match()).status, 'encerrado');
  });

  it('--allow-regress applies it, and still reports it', async () => {
    const forced = await ingest(liveDayStep('03-gol'), '--allow-regress');
    assert.deepEqual(
      forced.conflitos.map((c) => [c.campo, c.mantido]),
      [['status', 'recebido']],
    );
    assert.equal(forced.nada_mudou, false);
    assert.deepEqual((({ status, placar }) => ({ status, placar }))(await match()), {
      status: 'ao_vivo',
      placar: '1x0',
    });
  });
});
