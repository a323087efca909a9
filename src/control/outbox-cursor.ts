import type { ControlDb } from './database.js';
import { lastValue } from './counters.js';

const CURSOR = 'outbox';
/** Counter from which every outbox event takes its seq. */
export const EVENT_SEQ_COUNTER = 'evento_seq';

/** Last seq consumed by the dispatcher, or null when no webhook has ever existed (nothing to protect). */
export function dispatcherCursor(db: ControlDb): number | null {
  const row = db.prepare('SELECT seq FROM dispatcher_cursor WHERE nome = ?').get(CURSOR) as { seq: number } | undefined;
  return row ? row.seq : null;
}

/** Called when a webhook is created: events published from now on must be kept until consumed. */
export function ensureDispatcherCursor(db: ControlDb): void {
  db.prepare('INSERT OR IGNORE INTO dispatcher_cursor (nome, seq) VALUES (?, ?)').run(
    CURSOR,
    lastValue(db, EVENT_SEQ_COUNTER),
  );
}

/** Moves the cursor forward (never back). */
export function advanceDispatcherCursor(db: ControlDb, seq: number): void {
  db.prepare('UPDATE dispatcher_cursor SET seq = max(seq, ?) WHERE nome = ?').run(seq, CURSOR);
}

/** The dispatcher cursor as one interface (SQLite here, PgDispatcherCursor on PostgreSQL). */
export interface DispatcherCursor {
  get(): number | null;
  ensure(): void;
  advance(seq: number): void;
}

export function sqliteDispatcherCursor(db: ControlDb): DispatcherCursor {
  return {
    get: () => dispatcherCursor(db),
    ensure: () => ensureDispatcherCursor(db),
    advance: (seq) => advanceDispatcherCursor(db, seq),
  };
}
