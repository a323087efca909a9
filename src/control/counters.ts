import type { ControlDb } from './database.js';

/**
 * Reserves `count` consecutive values of a named counter and returns the first one. Atomic across
 * processes; a value handed out is never handed out again, even if the caller crashes before using it
 * (a gap is harmless, a reuse is not).
 */
export function reserve(db: ControlDb, name: string, count = 1): number {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`count must be a positive integer, got ${count}`);
  const row = db
    .prepare(
      `INSERT INTO contadores (nome, valor) VALUES (?, ?)
       ON CONFLICT (nome) DO UPDATE SET valor = valor + excluded.valor
       RETURNING valor`,
    )
    .get(name, count) as { valor: number };
  return row.valor - count + 1;
}

/** The last value handed out by a counter (0 when never used). */
export function lastValue(db: ControlDb, name: string): number {
  const row = db.prepare('SELECT valor FROM contadores WHERE nome = ?').get(name) as { valor: number } | undefined;
  return row?.valor ?? 0;
}

/** The last value of every counter whose name starts with `prefix`, keyed by the rest of the name. */
export function lastValues(db: ControlDb, prefix: string): Record<string, number> {
  const rows = db
    .prepare('SELECT nome, valor FROM contadores WHERE substr(nome, 1, ?) = ?')
    .all(prefix.length, prefix) as { nome: string; valor: number }[];
  return Object.fromEntries(rows.map((r) => [r.nome.slice(prefix.length), r.valor]));
}

/** The counters as one interface, so the ingest can take them from SQLite or PostgreSQL (PgCounters). */
export interface Counters {
  reserve(name: string, count?: number): number;
  lastValue(name: string): number;
  lastValues(prefix: string): Record<string, number>;
}

export function sqliteCounters(db: ControlDb): Counters {
  return {
    reserve: (name, count) => reserve(db, name, count),
    lastValue: (name) => lastValue(db, name),
    lastValues: (prefix) => lastValues(db, prefix),
  };
}
