import { DuckDBInstance } from '@duckdb/node-api';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DataDir } from '../data-dir.js';
import type { OutboxEvent } from '../control/webhooks/records.js';
import { currentLine, type SnapshotManifest } from '../warehouse/snapshot-store.js';

const OUTBOX_SQL = readFileSync(new URL('./outbox-since.sql', import.meta.url), 'utf8');

export interface NewEvents {
  events: OutboxEvent[];
  /** Highest seq covered by the snapshots read: the cursor may move here once the events are fanned out. */
  upTo: number;
}

/**
 * Snapshots on the current line (`CURRENT` and its ancestors) holding events after `cursor`, oldest first.
 * A snapshot off the line is never read: one renamed into place by an ingest that died before switching
 * `CURRENT` never became current, and one a rollback left behind is no longer the story being told. Their
 * seqs are passed over once a later snapshot on the line moves the cursor beyond them.
 */
function pendingManifests(dataDir: DataDir, cursor: number): SnapshotManifest[] {
  return currentLine(dataDir)
    .filter((m) => m.eventos?.seq_fim != null && m.eventos.seq_fim > cursor)
    .sort((a, b) => (a.eventos.seq_inicio ?? 0) - (b.eventos.seq_inicio ?? 0));
}

/** Reads the outbox rows after `cursor` from the snapshots that hold them, each opened read-only. */
export async function readNewEvents(dataDir: DataDir, cursor: number): Promise<NewEvents> {
  const events: OutboxEvent[] = [];
  let upTo = cursor;
  for (const manifest of pendingManifests(dataDir, cursor)) {
    const file = path.join(dataDir.snapshotsDir, `${manifest.id}.duckdb`);
    if (!existsSync(file)) break;
    const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
    try {
      const conn = await instance.connect();
      try {
        const reader = await conn.runAndReadAll(OUTBOX_SQL, [cursor]);
        for (const row of reader.getRowObjectsJS()) {
          events.push({
            seq: Number(row.seq),
            evento: String(row.evento),
            campeonato_id: Number(row.campeonato_id),
            corpo: String(row.corpo),
          });
        }
      } finally {
        conn.closeSync();
      }
    } finally {
      instance.closeSync();
    }
    upTo = Math.max(upTo, manifest.eventos.seq_fim ?? upTo);
  }
  return { events, upTo };
}
