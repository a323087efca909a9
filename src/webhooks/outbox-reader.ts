import { DuckDBInstance } from '@duckdb/node-api';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DataDir } from '../data-dir.js';
import type { OutboxEvent } from '../control/webhooks/records.js';

const OUTBOX_SQL = readFileSync(new URL('./outbox-since.sql', import.meta.url), 'utf8');

interface ManifestEvents {
  id: string;
  eventos: { seq_inicio: number | null; seq_fim: number | null };
}

export interface NewEvents {
  events: OutboxEvent[];
  /** Highest seq covered by the snapshots read: the cursor may move here once the events are fanned out. */
  upTo: number;
}

function currentId(dataDir: DataDir): string | null {
  try {
    return readFileSync(dataDir.currentFile, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/**
 * Published snapshots holding events after `cursor`, oldest first. Only snapshots up to `CURRENT` count:
 * one renamed into place by an ingest that crashed before switching `CURRENT` was never published.
 */
function pendingManifests(dataDir: DataDir, cursor: number): ManifestEvents[] {
  const current = currentId(dataDir);
  if (current === null || !existsSync(dataDir.snapshotsDir)) return [];
  const manifests: ManifestEvents[] = [];
  for (const file of readdirSync(dataDir.snapshotsDir)) {
    const m = /^(\d{8})\.json$/.exec(file);
    if (!m?.[1] || m[1] > current) continue;
    let manifest: ManifestEvents;
    try {
      manifest = JSON.parse(readFileSync(path.join(dataDir.snapshotsDir, file), 'utf8')) as ManifestEvents;
    } catch {
      continue; // being written: picked up on the next poll
    }
    if (manifest.eventos?.seq_fim != null && manifest.eventos.seq_fim > cursor) manifests.push({ ...manifest, id: m[1] });
  }
  return manifests.sort((a, b) => (a.eventos.seq_inicio ?? 0) - (b.eventos.seq_inicio ?? 0));
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
