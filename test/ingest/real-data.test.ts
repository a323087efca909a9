import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { SHARED_DATA, sharedDataSkip } from '../kit/fixtures.js';
import type { IngestSummary } from '../../src/warehouse/ingest.js';
import { query, workspace } from './helpers.js';

const CSV_DIR = path.join(SHARED_DATA, 'brasileirao-dataset');
const skip = sharedDataSkip(CSV_DIR);
if (skip) console.log(`# skipping real-data ingest tests: ${skip}`);

/** The full Brasileirão CSV history through the real CLI: every match loaded, ids stable on a re-run. */
describe('svc ingest on the real Brasileirão CSV family', { skip }, () => {
  it('loads every match, gives scorers player ids, and a re-run changes nothing', async () => {
    const ws = workspace();
    try {
      const matchLines =
        readFileSync(path.join(CSV_DIR, 'campeonato-brasileiro-full.csv'), 'utf8').trim().split('\n').length - 1;
      const first = await ws.svc(['ingest', CSV_DIR, '--json']);
      assert.equal(first.code, 0, first.stderr);
      const s1 = JSON.parse(first.stdout) as IngestSummary;
      assert.equal(s1.contagens.partidas, matchLines);
      assert.deepEqual(s1.avisos, [
        `arquivo ignorado (formato não reconhecido): ${path.join(CSV_DIR, 'Legenda.txt')}`,
        `${s1.pessoas_ambiguas.length} jogadores com o nome de mais de uma pessoa possível ficaram separados (--json: pessoas_ambiguas)`,
      ]);
      const stored = await query<{ partidas: number; sem_jogador: number; ids: number }>(
        ws.dataDir,
        `SELECT
        (SELECT count(*) FROM partidas)::INTEGER AS partidas,
        (SELECT count(*) FROM eventos WHERE jogador IS NOT NULL AND jogador_id IS NULL)::INTEGER AS sem_jogador,
        (SELECT count(*) FROM id_fonte)::INTEGER AS ids`,
      );
      assert.equal(stored[0]?.partidas, matchLines);
      assert.equal(stored[0]?.sem_jogador, 0);
      const idsBefore = await query(
        ws.dataDir,
        'SELECT entidade, max(id) AS max_id, count(*)::INTEGER AS n FROM id_fonte GROUP BY entidade ORDER BY entidade',
      );

      const second = await ws.svc(['ingest', CSV_DIR, '--json']);
      assert.equal(second.code, 0, second.stderr);
      const s2 = JSON.parse(second.stdout) as IngestSummary;
      assert.equal(s2.eventos.total, 0, 'the same data again is no change');
      assert.deepEqual(
        [s2.nada_mudou, s2.snapshot_id],
        [true, s1.snapshot_id],
        'every record equals the stored one: nothing published',
      );
      assert.deepEqual(
        await query(
          ws.dataDir,
          'SELECT entidade, max(id) AS max_id, count(*)::INTEGER AS n FROM id_fonte GROUP BY entidade ORDER BY entidade',
        ),
        idsBefore,
      );
    } finally {
      ws.cleanup();
    }
  });
});
