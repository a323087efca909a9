import type { ControlQuery } from './sql/control-sql.js';

/** Named counters (ids, snapshot ids, event seqs), atomic across every process on the control plane. */
export interface Counters {
  /**
   * Reserves `count` consecutive values and returns the first one. A value handed out is never handed out again,
   * even if the caller crashes before using it (a gap is harmless, a reuse is not).
   */
  reserve(name: string, count?: number): Promise<number>;
  /** The last value handed out (0 when never used). */
  lastValue(name: string): Promise<number>;
  /** The last value of every counter whose name starts with `prefix`, keyed by the rest of the name. */
  lastValues(prefix: string): Promise<Record<string, number>>;
}

/** The counters on `q` (pass a transaction to reserve inside it). */
export function countersOn(q: ControlQuery): Counters {
  return {
    async reserve(name, count = 1) {
      if (!Number.isInteger(count) || count < 1) throw new RangeError(`count must be a positive integer, got ${count}`);
      const row = await q
        .insertInto('contadores')
        .values({ nome: name, valor: count })
        .onConflict((c) =>
          c.column('nome').doUpdateSet((eb) => ({ valor: eb('contadores.valor', '+', eb.ref('excluded.valor')) })),
        )
        .returning('valor')
        .executeTakeFirstOrThrow();
      return row.valor - count + 1;
    },
    async lastValue(name) {
      const row = await q.selectFrom('contadores').select('valor').where('nome', '=', name).executeTakeFirst();
      return row?.valor ?? 0;
    },
    async lastValues(prefix) {
      const rows = await q
        .selectFrom('contadores')
        .select(['nome', 'valor'])
        .where((eb) => eb(eb.fn('substr', ['nome', eb.val(1), eb.val(prefix.length)]), '=', prefix))
        .execute();
      return Object.fromEntries(rows.map((r) => [r.nome.slice(prefix.length), r.valor]));
    },
  };
}
