import type { ControlDb } from './database.js';

/** One finished request, as `/v1/perfil/estatisticas` lists it. */
export interface UsageRecord {
  chaveId: number;
  endpoint: string;
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

export interface UsageStats {
  total_requisicoes: number;
  tempo_total_ms: number;
  recentes: Omit<UsageRecord, 'chaveId'>[];
}

/** Quota counts and usage statistics. Portable SQL only. */
export interface UsageStore {
  /**
   * Adds a batch in one transaction and returns each touched (key, day) total after the addition —
   * including what other processes added — so callers can refresh their view of the count.
   */
  add(counts: readonly QuotaCount[], totals: readonly UsageTotal[], recent: readonly UsageRecord[]): QuotaCount[];
  usedOn(chaveId: number, dia: string): number;
  stats(chaveId: number): UsageStats;
}

/** Recent requests kept per key. */
export const RECENT_KEPT = 20;

export class SqliteUsageStore implements UsageStore {
  private readonly addCount;
  private readonly addTotal;
  private readonly addRecent;
  private readonly trimRecent;

  constructor(private readonly db: ControlDb) {
    this.addCount = db.prepare(
      `INSERT INTO uso_diario (chave_id, dia, requisicoes) VALUES (?, ?, ?)
       ON CONFLICT (chave_id, dia) DO UPDATE SET requisicoes = uso_diario.requisicoes + excluded.requisicoes
       RETURNING requisicoes`,
    );
    this.addTotal = db.prepare(
      `INSERT INTO uso_total (chave_id, requisicoes, tempo_total_ms) VALUES (?, ?, ?)
       ON CONFLICT (chave_id) DO UPDATE SET requisicoes = uso_total.requisicoes + excluded.requisicoes,
         tempo_total_ms = uso_total.tempo_total_ms + excluded.tempo_total_ms`,
    );
    this.addRecent = db.prepare(
      'INSERT INTO uso_recente (chave_id, endpoint, metodo, status_code, tempo_resposta_ms, data_hora) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.trimRecent = db.prepare(
      `DELETE FROM uso_recente WHERE chave_id = ? AND id NOT IN
         (SELECT id FROM uso_recente WHERE chave_id = ? ORDER BY id DESC LIMIT ${RECENT_KEPT})`,
    );
  }

  add(counts: readonly QuotaCount[], totals: readonly UsageTotal[], recent: readonly UsageRecord[]): QuotaCount[] {
    const result: QuotaCount[] = [];
    const tx = this.db.transaction(() => {
      for (const c of counts) {
        const row = this.addCount.get(c.chaveId, c.dia, c.requisicoes) as { requisicoes: number };
        result.push({ chaveId: c.chaveId, dia: c.dia, requisicoes: row.requisicoes });
      }
      for (const t of totals) this.addTotal.run(t.chaveId, t.requisicoes, t.tempo_total_ms);
      for (const r of recent) this.addRecent.run(r.chaveId, r.endpoint, r.metodo, r.status_code, r.tempo_resposta_ms, r.data_hora);
      for (const chaveId of new Set(recent.map((r) => r.chaveId))) this.trimRecent.run(chaveId, chaveId);
    });
    tx();
    return result;
  }

  usedOn(chaveId: number, dia: string): number {
    const row = this.db.prepare('SELECT requisicoes FROM uso_diario WHERE chave_id = ? AND dia = ?').get(chaveId, dia) as
      | { requisicoes: number }
      | undefined;
    return row?.requisicoes ?? 0;
  }

  stats(chaveId: number): UsageStats {
    const total = this.db.prepare('SELECT requisicoes, tempo_total_ms FROM uso_total WHERE chave_id = ?').get(chaveId) as
      | { requisicoes: number; tempo_total_ms: number }
      | undefined;
    const recentes = this.db
      .prepare(
        `SELECT endpoint, metodo, status_code, tempo_resposta_ms, data_hora FROM uso_recente
         WHERE chave_id = ? ORDER BY id DESC LIMIT ${RECENT_KEPT}`,
      )
      .all(chaveId) as Omit<UsageRecord, 'chaveId'>[];
    return {
      total_requisicoes: total?.requisicoes ?? 0,
      tempo_total_ms: total?.tempo_total_ms ?? 0,
      recentes: recentes.map((r) => ({
        endpoint: r.endpoint,
        metodo: r.metodo,
        status_code: r.status_code,
        tempo_resposta_ms: r.tempo_resposta_ms,
        data_hora: r.data_hora,
      })),
    };
  }
}
