import { readFileSync } from 'node:fs';
import type { DataDir } from '../../data-dir.js';
import { listSnapshots, type SnapshotManifest } from '../../warehouse/snapshot-store.js';
import { SnapshotDb } from '../snapshot/snapshot-db.js';

const OUTBOX_AFTER_SQL = readFileSync(new URL('./outbox-after.sql', import.meta.url), 'utf8');

/** One recorded event as the stream sends it. */
export interface RecordedEvent {
  seq: number;
  evento: string;
  campeonatoId: number;
  partidaId: number | null;
  /** The exact webhook body (`{"evento","gerado_em","dados"}`). */
  corpo: string;
}

/** Published snapshots up to `upToId` whose events go past `afterSeq`, oldest first (manifests only, no DuckDB). */
export function snapshotsWithEventsAfter(dataDir: DataDir, afterSeq: number, upToId: string): SnapshotManifest[] {
  return listSnapshots(dataDir).filter(
    (m) => m.id <= upToId && m.eventos.seq_fim !== null && m.eventos.seq_fim > afterSeq,
  );
}

/**
 * The outbox rows of one snapshot after `afterSeq`, through the serving DuckDB instance: the snapshot just swapped
 * in is attached already (no open at all); another one is attached read-only for the read and detached after
 * (a few ms, where a DuckDB instance of its own cost 30–90 ms of every event's way to the clients).
 */
export async function readOutbox(dataDir: DataDir, snapshotId: string, afterSeq: number): Promise<RecordedEvent[]> {
  const db = await SnapshotDb.open(dataDir, snapshotId);
  try {
    const rows = await db.query<{
      seq: number | string;
      evento: string;
      campeonato_id: number;
      partida_id: number | null;
      corpo: string;
    }>(OUTBOX_AFTER_SQL, [afterSeq]);
    return rows.map((row) => ({
      seq: Number(row.seq),
      evento: row.evento,
      campeonatoId: Number(row.campeonato_id),
      partidaId: row.partida_id === null ? null : Number(row.partida_id),
      corpo: row.corpo,
    }));
  } finally {
    db.retire();
  }
}
