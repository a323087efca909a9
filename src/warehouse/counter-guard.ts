import { readdirSync } from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { DataDir } from '../data-dir.js';
import type { ControlDb } from '../control/database.js';
import { lastValue, lastValues, reserve } from '../control/counters.js';
import { EVENT_SEQ_COUNTER } from '../control/outbox-cursor.js';
import { queryRows, readSql } from './duckdb-util.js';
import { listSnapshots, type SnapshotManifest } from './snapshot-store.js';

const MAX_IDS_SQL = readSql(new URL('./sql/max-ids.sql', import.meta.url));
/** Internal-id counters are named `id_<entidade>`. */
const ID_COUNTER = 'id_';

/** Moves a counter past `used` by handing out (and dropping) the values in between. */
function advancePast(control: ControlDb, name: string, used: number): void {
  const behind = used - lastValue(control, name);
  if (behind > 0) reserve(control, name, behind);
}

/**
 * The counters live in control.db, the data they number in the snapshots. If control.db is lost or
 * restored from an older backup, the counters would hand out numbers already used: a snapshot id whose
 * file exists (publishing would replace it), event seqs the dispatcher has seen, internal ids of stored
 * records. Move the file-level counters past what the data dir holds.
 */
export function guardSnapshotCounters(dataDir: DataDir, control: ControlDb): void {
  let maxSnapshot = 0;
  try {
    for (const f of readdirSync(dataDir.snapshotsDir)) {
      const m = /^(\d{8})\.duckdb$/.exec(f);
      if (m) maxSnapshot = Math.max(maxSnapshot, Number(m[1]));
    }
  } catch {
    return;
  }
  advancePast(control, 'snapshot_id', maxSnapshot);
  advancePast(
    control,
    EVENT_SEQ_COUNTER,
    Math.max(0, ...listSnapshots(dataDir, { orphans: true }).map((m) => m.eventos.seq_fim ?? 0)),
  );
}

/**
 * Same for the internal-id counters, against the snapshot being built (a copy of the current one): past
 * the bounds its manifest recorded (`ids_maximos`, see idBounds), or, for a manifest written before it
 * recorded them, past the highest ids read from the copy (one more statement).
 */
export async function guardIdCounters(
  conn: DuckDBConnection,
  control: ControlDb,
  parent: SnapshotManifest | null,
): Promise<void> {
  const bounds =
    parent?.ids_maximos ??
    Object.fromEntries(
      (await queryRows<{ entidade: string; max_id: number }>(conn, MAX_IDS_SQL)).map((r) => [r.entidade, r.max_id]),
    );
  for (const [entidade, maxId] of Object.entries(bounds)) advancePast(control, `${ID_COUNTER}${entidade}`, maxId);
}

/**
 * An upper bound of every internal id a snapshot holds, per entity, for its manifest: the id counters as
 * they stand when it is published (every id in it was handed out by them).
 */
export function idBounds(control: ControlDb): Record<string, number> {
  return lastValues(control, ID_COUNTER);
}
