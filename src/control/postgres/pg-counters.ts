import type pg from 'pg';
import type { Async } from '../async-store.js';
import type { Counters } from '../counters.js';
import { EVENT_SEQ_COUNTER, type DispatcherCursor } from '../outbox-cursor.js';

const CURSOR = 'outbox';

/** Counters in PostgreSQL: one upsert per reservation, atomic across every process on the database. */
export class PgCounters implements Async<Counters> {
  constructor(private readonly db: pg.Pool | pg.PoolClient) {}

  async reserve(name: string, count = 1): Promise<number> {
    if (!Number.isInteger(count) || count < 1) throw new RangeError(`count must be a positive integer, got ${count}`);
    const { rows } = await this.db.query<{ valor: number }>(
      `INSERT INTO contadores (nome, valor) VALUES ($1, $2)
       ON CONFLICT (nome) DO UPDATE SET valor = contadores.valor + excluded.valor RETURNING valor`,
      [name, count],
    );
    return (rows[0] as { valor: number }).valor - count + 1;
  }

  async lastValue(name: string): Promise<number> {
    const { rows } = await this.db.query<{ valor: number }>('SELECT valor FROM contadores WHERE nome = $1', [name]);
    return rows[0]?.valor ?? 0;
  }

  async lastValues(prefix: string): Promise<Record<string, number>> {
    const { rows } = await this.db.query<{ nome: string; valor: number }>(
      'SELECT nome, valor FROM contadores WHERE substr(nome, 1, $1) = $2',
      [prefix.length, prefix],
    );
    return Object.fromEntries(rows.map((r) => [r.nome.slice(prefix.length), r.valor]));
  }
}

/** The dispatcher cursor in PostgreSQL; pass a transaction's client to advance it together with a fan-out. */
export class PgDispatcherCursor implements Async<DispatcherCursor> {
  constructor(private readonly db: pg.Pool | pg.PoolClient) {}

  async get(): Promise<number | null> {
    const { rows } = await this.db.query<{ seq: number }>('SELECT seq FROM dispatcher_cursor WHERE nome = $1', [
      CURSOR,
    ]);
    return rows[0]?.seq ?? null;
  }

  async ensure(): Promise<void> {
    await this.db.query(
      `INSERT INTO dispatcher_cursor (nome, seq)
       VALUES ($1, COALESCE((SELECT valor FROM contadores WHERE nome = $2), 0)) ON CONFLICT (nome) DO NOTHING`,
      [CURSOR, EVENT_SEQ_COUNTER],
    );
  }

  async advance(seq: number): Promise<void> {
    await this.db.query('UPDATE dispatcher_cursor SET seq = GREATEST(seq, $1) WHERE nome = $2', [seq, CURSOR]);
  }
}
