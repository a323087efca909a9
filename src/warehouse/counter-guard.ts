import { readdirSync } from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { DataDir } from '../data-dir.js';
import type { ControlDb } from '../control/database.js';
import { lastValue, reserve } from '../control/counters.js';
import { EVENT_SEQ_COUNTER } from '../control/outbox-cursor.js';
import { queryRows, readSql } from './duckdb-util.js';
import { listSnapshots } from './snapshot-store.js';

const MAX_IDS_SQL = readSql(new URL('./sql/max-ids.sql', import.meta.url));

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
  advancePast(control, EVENT_SEQ_COUNTER, Math.max(0, ...listSnapshots(dataDir).map((m) => m.eventos.seq_fim ?? 0)));
}

/** Same for the internal-id counters, against the snapshot being built (a copy of the current one). */
export async function guardIdCounters(conn: DuckDBConnection, control: ControlDb): Promise<void> {
  for (const { entidade, max_id } of await queryRows<{ entidade: string; max_id: number }>(conn, MAX_IDS_SQL)) {
    advancePast(control, `id_${entidade}`, max_id);
  }
}
