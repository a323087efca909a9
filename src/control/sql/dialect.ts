import { sql, type Expression, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { ControlQuery, Engine } from './control-sql.js';

/**
 * What the two engines do differently beyond syntax, in one place. SQLite has one writer at a time (a write
 * transaction begins `IMMEDIATE`), so row and advisory locks are already held there; PostgreSQL needs them.
 */

/** Advisory lock namespaces (the first key of `pg_advisory_xact_lock(int, int)`). */
export const LOCKS = {
  accountWebhooks: 0x73766303,
  accountQuota: 0x73766304,
} as const;

/**
 * Serialises transactions on one (namespace, id) until the end of the current transaction: PostgreSQL's
 * transaction advisory lock; nothing on SQLite, where the write transaction already excludes every other writer.
 */
export async function lockFor(tx: ControlQuery, engine: Engine, namespace: number, id: number): Promise<void> {
  if (engine === 'postgres') await sql`SELECT pg_advisory_xact_lock(${namespace}, ${id})`.execute(tx);
}

/**
 * Locks the selected rows until the end of the transaction, skipping rows another transaction holds (workers
 * claiming at once take different rows). SQLite: unchanged (one writer at a time).
 */
export function forUpdateSkipLocked<DB, TB extends keyof DB, O>(
  engine: Engine,
  q: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return engine === 'postgres' ? q.forUpdate().skipLocked() : q;
}

/** Locks the selected rows until the end of the transaction (PostgreSQL); SQLite: unchanged. */
export function forUpdate<DB, TB extends keyof DB, O>(
  engine: Engine,
  q: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return engine === 'postgres' ? q.forUpdate() : q;
}

/** The larger of two numbers: `GREATEST` in PostgreSQL, the two-argument `max` in SQLite. */
export function greatest(engine: Engine, a: Expression<number>, b: Expression<number>): RawBuilder<number> {
  return engine === 'postgres' ? sql<number>`GREATEST(${a}, ${b})` : sql<number>`max(${a}, ${b})`;
}

/** The smaller of two numbers: `LEAST` in PostgreSQL, the two-argument `min` in SQLite. */
export function least(engine: Engine, a: Expression<number>, b: Expression<number>): RawBuilder<number> {
  return engine === 'postgres' ? sql<number>`LEAST(${a}, ${b})` : sql<number>`min(${a}, ${b})`;
}
