import { compiledOnce, compiledWrite } from './sql/compiled-once.js';
import type { ControlSql } from './sql/control-sql.js';
import { forUpdate, greatest, jsonItems, writeRows, type RowsShape } from './sql/dialect.js';

/** One finished request, as `/v1/perfil/estatisticas` lists it. */
export interface UsageRecord {
  chaveId: number;
  endpoint: string;
  /** The route it matched, as a path template (`/v1/campeonatos/{id}/tabela`): what usage is grouped by. */
  rota: string;
  metodo: string;
  status_code: number;
  tempo_resposta_ms: number;
  /** ISO 8601 with offset. */
  data_hora: string;
}

/** Requests admitted against the quota, to add to a key's count for a UTC day. */
export interface QuotaCount {
  chaveId: number;
  dia: string;
  requisicoes: number;
}

/** Finished requests to add to a key's lifetime totals. */
export interface UsageTotal {
  chaveId: number;
  requisicoes: number;
  tempo_total_ms: number;
}

/** Finished requests to add to a key's count for a UTC day and route. */
export interface EndpointCount {
  chaveId: number;
  dia: string;
  metodo: string;
  /** The route's path template. */
  endpoint: string;
  requisicoes: number;
}

export interface UsageStats {
  total_requisicoes: number;
  tempo_total_ms: number;
  recentes: Omit<UsageRecord, 'chaveId' | 'rota'>[];
}

/** A key's requests from a UTC day on: counted per day (as the quota counts them) and per route. */
export interface UsageHistory {
  porDia: { dia: string; requisicoes: number }[];
  porEndpoint: { metodo: string; endpoint: string; requisicoes: number }[];
}

/** Days of usage history `/v1/perfil/estatisticas` reports and the per-route counts keep (today included). */
export const HISTORY_DAYS = 30;

/** The HISTORY_DAYS UTC days (`YYYY-MM-DD`) that end with `dia`, oldest first. */
export function historyWindow(dia: string): string[] {
  const end = Date.parse(`${dia}T00:00:00Z`);
  return Array.from({ length: HISTORY_DAYS }, (_, i) =>
    new Date(end - (HISTORY_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Quota counts and usage statistics. */
export interface UsageStore {
  /**
   * Adds a batch of admitted counts, finished-request totals, recent requests and per-route counts in one
   * transaction; per-route counts older than HISTORY_DAYS before the newest day added are deleted.
   */
  add(
    counts: readonly QuotaCount[],
    totals: readonly UsageTotal[],
    recent: readonly UsageRecord[],
    endpoints: readonly EndpointCount[],
  ): Promise<void>;
  usedOn(chaveId: number, dia: string): Promise<number>;
  stats(chaveId: number): Promise<UsageStats>;
  /** Requests per day and per route from `desde` (a UTC day, inclusive) on; days without requests are absent. */
  history(chaveId: number, desde: string): Promise<UsageHistory>;
  /**
   * Reserves a block of a key's daily quota for this process, atomically across processes: at most
   * `maxBlock`, and never more than what is left of `limit` (see `leaseSize`).
   */
  lease(chaveId: number, dia: string, limit: number, maxBlock: number): Promise<QuotaLease>;
  /** Gives back reserved quota this process did not use (on shutdown). */
  release(chaveId: number, dia: string, n: number): Promise<void>;
}

/** A block of quota reserved by one process. */
export interface QuotaLease {
  granted: number;
  /** Quota of the day still unreserved by any process after this grant. */
  unreserved: number;
}

/**
 * Block size for a quota reservation: a tenth of what is left, so the processes sharing a key never strand
 * much of it in blocks they may not use, down to one request at a time near the limit.
 */
export function leaseSize(unreserved: number, maxBlock: number): number {
  if (unreserved <= 0) return 0;
  return Math.max(1, Math.min(maxBlock, Math.floor(unreserved / 10)));
}

/** Recent requests kept per key. */
export const RECENT_KEPT = 20;

/*
 * The flush's writes as fixed texts (writeRows): building them through Kysely at every flush cost more
 * than SQLite takes to run them (a flush every 200 ms, issue #30). The ON CONFLICT tails read alike on both engines.
 */
const DAILY: RowsShape = {
  head: 'INSERT INTO uso_diario (chave_id, dia, requisicoes)',
  types: ['BIGINT', 'TEXT', 'BIGINT'],
  tail: 'ON CONFLICT (chave_id, dia) DO UPDATE SET requisicoes = uso_diario.requisicoes + excluded.requisicoes',
};
const TOTAL: RowsShape = {
  head: 'INSERT INTO uso_total (chave_id, requisicoes, tempo_total_ms)',
  types: ['BIGINT', 'BIGINT', 'DOUBLE PRECISION'],
  tail: `ON CONFLICT (chave_id) DO UPDATE SET requisicoes = uso_total.requisicoes + excluded.requisicoes,
    tempo_total_ms = uso_total.tempo_total_ms + excluded.tempo_total_ms`,
};
const RECENT: RowsShape = {
  head: 'INSERT INTO uso_recente (chave_id, endpoint, metodo, status_code, tempo_resposta_ms, data_hora)',
  types: ['BIGINT', 'TEXT', 'TEXT', 'INTEGER', 'DOUBLE PRECISION', 'TEXT'],
};
const PER_ROUTE: RowsShape = {
  head: 'INSERT INTO uso_endpoint_diario (chave_id, dia, metodo, endpoint, requisicoes)',
  types: ['BIGINT', 'TEXT', 'TEXT', 'TEXT', 'BIGINT'],
  tail: `ON CONFLICT (chave_id, dia, metodo, endpoint) DO UPDATE SET
    requisicoes = uso_endpoint_diario.requisicoes + excluded.requisicoes`,
};

/** Quota counts, leases and usage statistics on either engine. */
export function usageStoreOn(sql: ControlSql): UsageStore {
  const { db, engine } = sql;
  /** The newest day pruned up to, so the delete runs once a day, not on every flush. */
  let prunedFor = '';
  const openDay = compiledOnce(db, (q, chaveId: number, dia: string) =>
    q
      .insertInto('uso_diario')
      .values({ chave_id: chaveId, dia, requisicoes: 0 })
      .onConflict((c) => c.columns(['chave_id', 'dia']).doNothing()),
  );
  const reservedOn = compiledOnce(db, (q, chaveId: number, dia: string) =>
    forUpdate(
      engine,
      q.selectFrom('uso_diario').select('reservadas').where('chave_id', '=', chaveId).where('dia', '=', dia),
    ),
  );
  const reserve = compiledOnce(db, (q, chaveId: number, dia: string, n: number) =>
    q
      .updateTable('uso_diario')
      .set((eb) => ({ reservadas: eb('reservadas', '+', n) }))
      .where('chave_id', '=', chaveId)
      .where('dia', '=', dia),
  );
  /** Keeps the RECENT_KEPT newest of each key in `keys` (a JSON array): older than the key's RECENT_KEPT-th. */
  const trimRecent = compiledWrite(db, (q, keys: string) =>
    q
      .deleteFrom('uso_recente')
      .where('chave_id', 'in', jsonItems<number>(engine, keys, 'bigint'))
      .where('id', '<', (eb) =>
        eb
          .selectFrom('uso_recente as r')
          .select('r.id')
          .whereRef('r.chave_id', '=', 'uso_recente.chave_id')
          .orderBy('r.id', 'desc')
          .limit(1)
          .offset(RECENT_KEPT - 1),
      ),
  );
  const pruneRoutes = compiledWrite(db, (q, before: string) =>
    q.deleteFrom('uso_endpoint_diario').where('dia', '<', before),
  );
  return {
    lease(chaveId, dia, limit, maxBlock) {
      // The read and the reservation are one step for every process and node: the write transaction begins
      // IMMEDIATE on SQLite, and the row is locked on PostgreSQL.
      return sql.write(async (tx) => {
        await openDay(tx, chaveId, dia);
        const [{ reservadas }] = (await reservedOn(tx, chaveId, dia)) as [{ reservadas: number }];
        const granted = leaseSize(limit - reservadas, maxBlock);
        if (granted > 0) await reserve(tx, chaveId, dia, granted);
        return { granted, unreserved: Math.max(0, limit - reservadas - granted) };
      });
    },

    async release(chaveId, dia, n) {
      if (n <= 0) return;
      await db
        .updateTable('uso_diario')
        .set((eb) => ({ reservadas: greatest(engine, eb.ref('requisicoes'), eb('reservadas', '-', n)) }))
        .where('chave_id', '=', chaveId)
        .where('dia', '=', dia)
        .execute();
    },

    async add(counts, totals, recent, endpoints) {
      // biome-ignore lint/complexity/useMathMinMax: days are strings; Math.max would compare them as NaN.
      const newest = endpoints.reduce((max, e) => (e.dia > max ? e.dia : max), '');
      const keys = [...new Set(recent.map((r) => r.chaveId))];
      await sql.write(async (tx) => {
        const days = summed(counts, (c) => `${c.chaveId} ${c.dia}`, ['requisicoes']);
        await writeRows(
          tx,
          engine,
          DAILY,
          days.map((c) => [c.chaveId, c.dia, c.requisicoes]),
        );
        const lifetime = summed(totals, (t) => String(t.chaveId), ['requisicoes', 'tempo_total_ms']);
        await writeRows(
          tx,
          engine,
          TOTAL,
          lifetime.map((t) => [t.chaveId, t.requisicoes, t.tempo_total_ms]),
        );
        await writeRows(
          tx,
          engine,
          RECENT,
          recent.map((r) => [r.chaveId, r.endpoint, r.metodo, r.status_code, r.tempo_resposta_ms, r.data_hora]),
        );
        if (keys.length > 0) await trimRecent(tx, JSON.stringify(keys));
        const routes = summed(endpoints, (e) => `${e.chaveId} ${e.dia} ${e.metodo} ${e.endpoint}`, ['requisicoes']);
        await writeRows(
          tx,
          engine,
          PER_ROUTE,
          routes.map((e) => [e.chaveId, e.dia, e.metodo, e.endpoint, e.requisicoes]),
        );
        if (newest > prunedFor) await pruneRoutes(tx, historyWindow(newest)[0]!);
      });
      if (newest > prunedFor) prunedFor = newest;
    },

    async history(chaveId, desde) {
      const porDia = await db
        .selectFrom('uso_diario')
        .select(['dia', 'requisicoes'])
        .where('chave_id', '=', chaveId)
        .where('dia', '>=', desde)
        .where('requisicoes', '>', 0)
        .orderBy('dia')
        .execute();
      const porEndpoint = await db
        .selectFrom('uso_endpoint_diario')
        .select((eb) => ['metodo', 'endpoint', eb.cast<number>(eb.fn.sum('requisicoes'), 'bigint').as('requisicoes')])
        .where('chave_id', '=', chaveId)
        .where('dia', '>=', desde)
        .groupBy(['metodo', 'endpoint'])
        .orderBy('requisicoes', 'desc')
        .orderBy('endpoint')
        .orderBy('metodo')
        .execute();
      return { porDia, porEndpoint };
    },

    async usedOn(chaveId, dia) {
      const row = await db
        .selectFrom('uso_diario')
        .select('requisicoes')
        .where('chave_id', '=', chaveId)
        .where('dia', '=', dia)
        .executeTakeFirst();
      return row?.requisicoes ?? 0;
    },

    async stats(chaveId) {
      const total = await db
        .selectFrom('uso_total')
        .select(['requisicoes', 'tempo_total_ms'])
        .where('chave_id', '=', chaveId)
        .executeTakeFirst();
      const recentes = await db
        .selectFrom('uso_recente')
        .select(['endpoint', 'metodo', 'status_code', 'tempo_resposta_ms', 'data_hora'])
        .where('chave_id', '=', chaveId)
        .orderBy('id', 'desc')
        .limit(RECENT_KEPT)
        .execute();
      return { total_requisicoes: total?.requisicoes ?? 0, tempo_total_ms: total?.tempo_total_ms ?? 0, recentes };
    },
  };
}

/**
 * One row per key, the `numbers` of rows with the same key added up: a multi-row upsert may touch a row only
 * once on PostgreSQL.
 */
function summed<T>(rows: readonly T[], keyOf: (row: T) => string, numbers: readonly (keyof T)[]): T[] {
  const byKey = new Map<string, T>();
  for (const row of rows) {
    const k = keyOf(row);
    const seen = byKey.get(k);
    if (!seen) byKey.set(k, { ...row });
    else for (const n of numbers) (seen[n] as number) += row[n] as number;
  }
  return [...byKey.values()];
}
