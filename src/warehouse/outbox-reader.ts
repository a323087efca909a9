import { existsSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import type { OutboxEvent } from '../control/webhooks/records.js';
import type { DataDir } from '../data-dir.js';
import { queryRows, readSql, type Row } from './duckdb-util.js';
import { currentLine, snapshotFile, type SnapshotManifest } from './snapshot-store.js';

const OUTBOX_AFTER_SQL = readSql(new URL('./sql/outbox-after.sql', import.meta.url));

/** One recorded event: what the webhook fan-out needs, plus the match the stream filters on. */
export interface RecordedEvent extends OutboxEvent {
  /** The match of a partida.* event; null for the others. */
  partida_id: number | null;
}

/**
 * Runs the outbox query on one snapshot. The default opens a read-only DuckDB instance of its own; the API passes
 * its serving instance instead, where the snapshot just swapped in is attached already.
 */
export type SnapshotQuery = (dataDir: DataDir, snapshotId: string, sql: string, params: number[]) => Promise<Row[]>;

const ownInstance: SnapshotQuery = async (dataDir, snapshotId, sql, params) => {
  const instance = await DuckDBInstance.create(snapshotFile(dataDir, snapshotId), { access_mode: 'READ_ONLY' });
  try {
    const conn = await instance.connect();
    try {
      return await queryRows(conn, sql, params);
    } finally {
      conn.closeSync();
    }
  } finally {
    instance.closeSync();
  }
};

/**
 * The one rule for which recorded events count, for webhooks and the stream alike: those of the line ending at
 * `head` (`CURRENT` by default) — it and its ancestors by `parent_id` — by seq. A snapshot off the line never
 * became current, or a rollback left it behind: its events are never sent, and its seqs are passed over once a
 * later snapshot on the line goes beyond them. Returns the line's snapshots holding events after `afterSeq`,
 * oldest first; the line ends at the first one retention removed (it removes the oldest first).
 */
export function lineSnapshotsAfter(dataDir: DataDir, afterSeq: number, head?: string | null): SnapshotManifest[] {
  const line: SnapshotManifest[] = [];
  for (const m of currentLine(dataDir, head)) {
    if (!existsSync(snapshotFile(dataDir, m.id))) break;
    if (m.eventos.seq_fim !== null && m.eventos.seq_fim > afterSeq) line.push(m);
  }
  return line.reverse();
}

/** The outbox rows of one snapshot after `afterSeq`, in seq order. */
export async function readOutbox(
  dataDir: DataDir,
  snapshotId: string,
  afterSeq: number,
  query: SnapshotQuery = ownInstance,
): Promise<RecordedEvent[]> {
  const rows = await query(dataDir, snapshotId, OUTBOX_AFTER_SQL, [afterSeq]);
  return rows.map((row) => ({
    seq: Number(row.seq),
    evento: String(row.evento),
    campeonato_id: Number(row.campeonato_id),
    partida_id: row.partida_id === null ? null : Number(row.partida_id),
    corpo: String(row.corpo),
  }));
}

export interface LineEvents {
  events: RecordedEvent[];
  /** Highest seq the snapshots read cover: a reader may move its cursor here once the events are handled. */
  upTo: number;
}

/** Every event of the line (see `lineSnapshotsAfter`) after `afterSeq`, in seq order. */
export async function readLineEvents(
  dataDir: DataDir,
  afterSeq: number,
  o: { head?: string | null; query?: SnapshotQuery } = {},
): Promise<LineEvents> {
  const events: RecordedEvent[] = [];
  let upTo = afterSeq;
  for (const m of lineSnapshotsAfter(dataDir, afterSeq, o.head)) {
    events.push(...(await readOutbox(dataDir, m.id, afterSeq, o.query)));
    upTo = Math.max(upTo, m.eventos.seq_fim ?? upTo);
  }
  return { events, upTo };
}
