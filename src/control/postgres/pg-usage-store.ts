import type pg from 'pg';
import type { Async } from '../async-store.js';
import {
  historyWindow,
  leaseSize,
  RECENT_KEPT,
  type EndpointCount,
  type QuotaCount,
  type UsageHistory,
  type QuotaLease,
  type UsageRecord,
  type UsageStats,
  type UsageStore,
  type UsageTotal,
} from '../usage-store.js';
import { withTransaction } from './pg-control.js';

/** Quota counts, leases and usage statistics in PostgreSQL; the same answers as SqliteUsageStore. */
export class PgUsageStore implements Async<UsageStore> {
  /** The newest day pruned up to, so the delete runs once a day, not on every flush. */
  private prunedFor = '';

  constructor(private readonly pool: pg.Pool) {}

  async lease(chaveId: number, dia: string, limit: number, maxBlock: number): Promise<QuotaLease> {
    // The row lock makes the read and the reservation one step for every node on the database.
    return withTransaction(this.pool, async (c) => {
      await c.query(
        'INSERT INTO uso_diario (chave_id, dia, requisicoes, reservadas) VALUES ($1, $2, 0, 0) ON CONFLICT DO NOTHING',
        [chaveId, dia],
      );
      const { rows } = await c.query<{ reservadas: number }>(
        'SELECT reservadas FROM uso_diario WHERE chave_id = $1 AND dia = $2 FOR UPDATE',
        [chaveId, dia],
      );
      const reserved = (rows[0] as { reservadas: number }).reservadas;
      const granted = leaseSize(limit - reserved, maxBlock);
      if (granted > 0)
        await c.query('UPDATE uso_diario SET reservadas = reservadas + $1 WHERE chave_id = $2 AND dia = $3', [
          granted,
          chaveId,
          dia,
        ]);
      return { granted, unreserved: Math.max(0, limit - reserved - granted) };
    });
  }

  async release(chaveId: number, dia: string, n: number): Promise<void> {
    if (n > 0)
      await this.pool.query(
        'UPDATE uso_diario SET reservadas = GREATEST(requisicoes, reservadas - $1) WHERE chave_id = $2 AND dia = $3',
        [n, chaveId, dia],
      );
  }

  async add(
    counts: readonly QuotaCount[],
    totals: readonly UsageTotal[],
    recent: readonly UsageRecord[],
    endpoints: readonly EndpointCount[],
  ): Promise<void> {
    // biome-ignore lint/complexity/useMathMinMax: days are strings; Math.max would compare them as NaN.
    const newest = endpoints.reduce((max, e) => (e.dia > max ? e.dia : max), '');
    await withTransaction(this.pool, async (c) => {
      for (const k of counts) {
        await c.query(
          `INSERT INTO uso_diario (chave_id, dia, requisicoes) VALUES ($1, $2, $3)
           ON CONFLICT (chave_id, dia) DO UPDATE SET requisicoes = uso_diario.requisicoes + excluded.requisicoes`,
          [k.chaveId, k.dia, k.requisicoes],
        );
      }
      for (const t of totals) {
        await c.query(
          `INSERT INTO uso_total (chave_id, requisicoes, tempo_total_ms) VALUES ($1, $2, $3)
           ON CONFLICT (chave_id) DO UPDATE SET requisicoes = uso_total.requisicoes + excluded.requisicoes,
             tempo_total_ms = uso_total.tempo_total_ms + excluded.tempo_total_ms`,
          [t.chaveId, t.requisicoes, t.tempo_total_ms],
        );
      }
      for (const r of recent) {
        await c.query(
          'INSERT INTO uso_recente (chave_id, endpoint, metodo, status_code, tempo_resposta_ms, data_hora) VALUES ($1, $2, $3, $4, $5, $6)',
          [r.chaveId, r.endpoint, r.metodo, r.status_code, r.tempo_resposta_ms, r.data_hora],
        );
      }
      for (const chaveId of new Set(recent.map((r) => r.chaveId))) {
        await c.query(
          `DELETE FROM uso_recente WHERE chave_id = $1 AND id NOT IN
             (SELECT id FROM uso_recente WHERE chave_id = $1 ORDER BY id DESC LIMIT ${RECENT_KEPT})`,
          [chaveId],
        );
      }
      for (const e of endpoints) {
        await c.query(
          `INSERT INTO uso_endpoint_diario (chave_id, dia, metodo, endpoint, requisicoes) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (chave_id, dia, metodo, endpoint) DO UPDATE SET requisicoes = uso_endpoint_diario.requisicoes + excluded.requisicoes`,
          [e.chaveId, e.dia, e.metodo, e.endpoint, e.requisicoes],
        );
      }
      if (newest > this.prunedFor)
        await c.query('DELETE FROM uso_endpoint_diario WHERE dia < $1', [historyWindow(newest)[0]]);
    });
    if (newest > this.prunedFor) this.prunedFor = newest;
  }

  async history(chaveId: number, desde: string): Promise<UsageHistory> {
    const porDia = await this.pool.query<{ dia: string; requisicoes: number }>(
      'SELECT dia, requisicoes FROM uso_diario WHERE chave_id = $1 AND dia >= $2 AND requisicoes > 0 ORDER BY dia',
      [chaveId, desde],
    );
    const porEndpoint = await this.pool.query<{ metodo: string; endpoint: string; requisicoes: number }>(
      `SELECT metodo, endpoint, sum(requisicoes)::bigint AS requisicoes FROM uso_endpoint_diario WHERE chave_id = $1 AND dia >= $2
       GROUP BY metodo, endpoint ORDER BY requisicoes DESC, endpoint, metodo`,
      [chaveId, desde],
    );
    return { porDia: porDia.rows, porEndpoint: porEndpoint.rows };
  }

  async usedOn(chaveId: number, dia: string): Promise<number> {
    const { rows } = await this.pool.query<{ requisicoes: number }>(
      'SELECT requisicoes FROM uso_diario WHERE chave_id = $1 AND dia = $2',
      [chaveId, dia],
    );
    return rows[0]?.requisicoes ?? 0;
  }

  async stats(chaveId: number): Promise<UsageStats> {
    const total = (
      await this.pool.query<{ requisicoes: number; tempo_total_ms: number }>(
        'SELECT requisicoes, tempo_total_ms FROM uso_total WHERE chave_id = $1',
        [chaveId],
      )
    ).rows[0];
    const { rows } = await this.pool.query<Omit<UsageRecord, 'chaveId'>>(
      `SELECT endpoint, metodo, status_code, tempo_resposta_ms, data_hora FROM uso_recente
       WHERE chave_id = $1 ORDER BY id DESC LIMIT ${RECENT_KEPT}`,
      [chaveId],
    );
    return { total_requisicoes: total?.requisicoes ?? 0, tempo_total_ms: total?.tempo_total_ms ?? 0, recentes: rows };
  }
}
