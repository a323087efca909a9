import { readFileSync } from 'node:fs';
import type { DataDir } from '../../data-dir.js';
import { listSnapshots, openSnapshotReadOnly, type SnapshotManifest } from '../../warehouse/snapshot-store.js';

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
  return listSnapshots(dataDir).filter((m) => m.id <= upToId && m.eventos.seq_fim !== null && m.eventos.seq_fim > afterSeq);
}

/** The outbox rows of one snapshot after `afterSeq`, through a short-lived read-only open of its file. */
export async function readOutbox(dataDir: DataDir, snapshotId: string, afterSeq: number): Promise<RecordedEvent[]> {
  const s = await openSnapshotReadOnly(dataDir, snapshotId);
  if (!s) return [];
  try {
    const reader = await s.connection.runAndReadAll(OUTBOX_AFTER_SQL, [afterSeq]);
    return reader.getRowObjectsJS().map((row) => ({
      seq: Number(row.seq),
      evento: String(row.evento),
      campeonatoId: Number(row.campeonato_id),
      partidaId: row.partida_id === null ? null : Number(row.partida_id),
      corpo: String(row.corpo),
    }));
  } finally {
    s.close();
  }
}
