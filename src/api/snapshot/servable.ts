import { DuckDBInstance } from '@duckdb/node-api';
import { GlobalPart } from './global-part.js';
import { MatchDetails } from './match-details.js';
import { Partition } from './partition.js';
import { SERVE_ENGINE_SETTINGS, SnapshotDb } from './snapshot-db.js';

/** A candidate snapshot `svc serve` could not load within its DuckDB memory budget. */
export class UnservableSnapshotError extends Error {
  override name = 'UnservableSnapshotError';
}

/** DuckDB's "Out of Memory Error: could not allocate block …". */
const OUT_OF_MEMORY = /^Out of Memory Error/;

/**
 * Loads a snapshot file as `svc serve` does, in an engine of its own with the serving engine's settings: the
 * global part (what a server needs before it answers anything) and the partition and match details of the
 * championship with the most matches (the largest a request reads at once). An ingest runs it on its candidate before
 * publishing: a snapshot over the budget froze every server on old data and every later snapshot inherited it.
 * Throws UnservableSnapshotError when the budget is exceeded; any other error as it is.
 */
export async function checkServable(file: string): Promise<void> {
  const engine = await DuckDBInstance.create(':memory:', SERVE_ENGINE_SETTINGS);
  try {
    const db = await SnapshotDb.attach(engine, file);
    try {
      const global = await GlobalPart.load(db);
      const largest = largestChampionship(global.partidaCampeonato);
      if (largest !== undefined) {
        await Partition.load(db, largest);
        await MatchDetails.load(db, largest);
      }
    } finally {
      db.retire();
      await db.detached();
    }
  } catch (err) {
    if (err instanceof Error && OUT_OF_MEMORY.test(err.message))
      throw new UnservableSnapshotError(
        `o snapshot não caberia na memória do servidor (DuckDB, limite ${SERVE_ENGINE_SETTINGS.memory_limit}): ${err.message.split('\n')[0]}; divida a carga ou reduza os textos`,
      );
    throw err;
  } finally {
    engine.closeSync();
  }
}

function largestChampionship(matches: ReadonlyMap<number, number>): number | undefined {
  const counts = new Map<number, number>();
  for (const c of matches.values()) counts.set(c, (counts.get(c) ?? 0) + 1);
  let largest: number | undefined;
  for (const [c, n] of counts) if (largest === undefined || n > (counts.get(largest) ?? 0)) largest = c;
  return largest;
}
