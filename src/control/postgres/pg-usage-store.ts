import type pg from 'pg';
import type { Async } from '../async-store.js';
import {
  leaseSize, RECENT_KEPT,
  type QuotaCount, type QuotaLease, type UsageRecord, type UsageStats, type UsageStore, type UsageTotal,
} from '../usage-store.js';
import { withTransaction } from './pg-control.js';

/** Quota counts, leases and usage statistics in PostgreSQL; the same answers as SqliteUsageStore. */
export class PgUsageStore implements Async<UsageStore> {
  constructor(private readonly pool: pg.Pool) {}

  async lease(chaveId: number, dia: string, limit: number, maxBlock: number): Promise<QuotaLease> {
    // The row lock makes the read and the reservation one step for every node on the database.
    return withTransaction(this.pool, async (c) => {
      await c.query('INSERT INTO uso_diario (chave_id, dia, requisicoes, reservadas) VALUES ($1, $2, 0, 0) ON CONFLICT DO NOTHING', [chaveId, dia]);
      const { rows } = await c.query<{ reservadas: number }>('SELECT reservadas FROM uso_diario WHERE chave_id = $1 AND dia = $2 FOR UPDATE', [chaveId, dia]);
      const reserved = (rows[0] as { reservadas: number }).reservadas;
      const granted = leaseSize(limit - reserved, maxBlock);
      if (granted > 0) await c.query('UPDATE uso_diario SET reservadas = reservadas + $1 WHERE chave_id = $2 AND dia = $3', [granted, chaveId, dia]);
      return { granted, unreserved: Math.max(0, limit - reserved - granted) };
    });
  }

  async release(chaveId: number, dia: string, n: number): Promise<void> {
    if (n > 0) await this.pool.query('UPDATE uso_diario SET reservadas = GREATEST(requisicoes, reservadas - $1) WHERE chave_id = $2 AND dia = $3', [n, chaveId, dia]);
  }

  async add(counts: readonly QuotaCount[], totals: readonly UsageTotal[], recent: readonly UsageRecord[]): Promise<void> {
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
    });
  }

  async usedOn(chaveId: number, dia: string): Promise<number> {
    const { rows } = await this.pool.query<{ requisicoes: number }>('SELECT requisicoes FROM uso_diario WHERE chave_id = $1 AND dia = $2', [chaveId, dia]);
    return rows[0]?.requisicoes ?? 0;
  }

  async stats(chaveId: number): Promise<UsageStats> {
    const total = (await this.pool.query<{ requisicoes: number; tempo_total_ms: number }>(
      'SELECT requisicoes, tempo_total_ms FROM uso_total WHERE chave_id = $1', [chaveId],
    )).rows[0];
    const { rows } = await this.pool.query<Omit<UsageRecord, 'chaveId'>>(
      `SELECT endpoint, metodo, status_code, tempo_resposta_ms, data_hora FROM uso_recente
       WHERE chave_id = $1 ORDER BY id DESC LIMIT ${RECENT_KEPT}`,
      [chaveId],
    );
    return { total_requisicoes: total?.requisicoes ?? 0, tempo_total_ms: total?.tempo_total_ms ?? 0, recentes: rows };
  }
}
