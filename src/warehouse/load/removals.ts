import type { DuckDBConnection } from '@duckdb/node-api';
import { FeedRejectedError } from '../../feeds/errors.js';
import type { Entidade } from '../../feeds/source-keys.js';
import { appendRows, queryRows, readSql } from '../duckdb-util.js';

const EXPAND_SQL = readSql(new URL('./remove-expand.sql', import.meta.url));
const BLOCKERS_SQL = readSql(new URL('./remove-blockers.sql', import.meta.url));
const AFFECTED_SQL = readSql(new URL('./remove-affected.sql', import.meta.url));
const APPLY_SQL = readSql(new URL('./remove-apply.sql', import.meta.url));

/** A tombstone resolved to the internal id it removes, with where it came from for error messages. */
export interface Removal {
  entidade: Entidade;
  id: number;
  file: string;
  pointer: string;
}

export interface RemovalOutcome {
  /** Championships that keep existing but lost matches or events: derive them again. */
  affected: number[];
  /** Championships removed whole: nothing to derive. */
  removed: number[];
}

/**
 * Applies tombstones with their cascade (remove-*.sql). Rejects the feed, removing nothing, when a
 * removal would leave matches or players pointing at nothing.
 */
export async function applyRemovals(conn: DuckDBConnection, removals: readonly Removal[]): Promise<RemovalOutcome> {
  if (removals.length === 0) return { affected: [], removed: [] };
  await conn.run('CREATE OR REPLACE TEMP TABLE remocao (entidade VARCHAR, id INTEGER)');
  await appendRows(
    conn,
    'remocao',
    ['entidade', 'id'],
    removals.map((r) => ({ entidade: r.entidade, id: r.id })),
  );
  await conn.run(EXPAND_SQL);
  const blockers = await queryRows<{ entidade: string; id: number; n: number; por: string }>(conn, BLOCKERS_SQL);
  if (blockers.length > 0) {
    throw new FeedRejectedError(
      blockers.map((b) => {
        const origin = removals.find((r) => r.entidade === b.entidade && r.id === b.id);
        return {
          file: origin?.file ?? '?',
          position: { pointer: origin?.pointer ?? '' },
          reason: `não é possível remover ${b.entidade} ${b.id}: ainda referenciado(a) por ${b.n} ${b.por}`,
        };
      }),
    );
  }
  const affected = await queryRows<{ campeonato_id: number }>(conn, AFFECTED_SQL);
  await conn.run(APPLY_SQL);
  const removed = removals.filter((r) => r.entidade === 'campeonato').map((r) => r.id);
  return { affected: affected.map((a) => a.campeonato_id).filter((id) => !removed.includes(id)), removed };
}
