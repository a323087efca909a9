import { writeTransaction, type ControlDb } from './database.js';

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

/** Quota counts and usage statistics. Portable SQL only. */
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
  ): void;
  usedOn(chaveId: number, dia: string): number;
  stats(chaveId: number): UsageStats;
  /** Requests per day and per route from `desde` (a UTC day, inclusive) on; days without requests are absent. */
  history(chaveId: number, desde: string): UsageHistory;
  /**
   * Reserves a block of a key's daily quota for this process, atomically across processes: at most
   * `maxBlock`, and never more than what is left of `limit` (see `leaseSize`).
   */
  lease(chaveId: number, dia: string, limit: number, maxBlock: number): QuotaLease;
  /** Gives back reserved quota this process did not use (on shutdown). */
  release(chaveId: number, dia: string, n: number): void;
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

export class SqliteUsageStore implements UsageStore {
  private readonly addCount;
  private readonly addTotal;
  private readonly addRecent;
  private readonly trimRecent;
  private readonly addEndpoint;
  private readonly pruneEndpoints;
  /** The newest day pruned up to, so the delete runs once a day, not on every flush. */
  private prunedFor = '';
  private readonly readReserved;
  private readonly reserve;
  private readonly unreserve;

  constructor(private readonly db: ControlDb) {
    this.addCount = db.prepare(
      `INSERT INTO uso_diario (chave_id, dia, requisicoes) VALUES (?, ?, ?)
       ON CONFLICT (chave_id, dia) DO UPDATE SET requisicoes = uso_diario.requisicoes + excluded.requisicoes`,
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
    this.addEndpoint = db.prepare(
      `INSERT INTO uso_endpoint_diario (chave_id, dia, metodo, endpoint, requisicoes) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (chave_id, dia, metodo, endpoint) DO UPDATE SET requisicoes = uso_endpoint_diario.requisicoes + excluded.requisicoes`,
    );
    this.pruneEndpoints = db.prepare('DELETE FROM uso_endpoint_diario WHERE dia < ?');
    this.readReserved = db.prepare('SELECT reservadas FROM uso_diario WHERE chave_id = ? AND dia = ?');
    this.reserve = db.prepare(
      `INSERT INTO uso_diario (chave_id, dia, requisicoes, reservadas) VALUES (?, ?, 0, ?)
       ON CONFLICT (chave_id, dia) DO UPDATE SET reservadas = uso_diario.reservadas + excluded.reservadas`,
    );
    this.unreserve = db.prepare(
      'UPDATE uso_diario SET reservadas = MAX(requisicoes, reservadas - ?) WHERE chave_id = ? AND dia = ?',
    );
  }

  lease(chaveId: number, dia: string, limit: number, maxBlock: number): QuotaLease {
    // IMMEDIATE: the read and the reservation are one step for every process writing this file.
    return writeTransaction(this.db, () => {
      const row = this.readReserved.get(chaveId, dia) as { reservadas: number } | undefined;
      const reserved = row?.reservadas ?? 0;
      const granted = leaseSize(limit - reserved, maxBlock);
      if (granted > 0) this.reserve.run(chaveId, dia, granted);
      return { granted, unreserved: Math.max(0, limit - reserved - granted) };
    });
  }

  release(chaveId: number, dia: string, n: number): void {
    if (n > 0) this.unreserve.run(n, chaveId, dia);
  }

  add(
    counts: readonly QuotaCount[],
    totals: readonly UsageTotal[],
    recent: readonly UsageRecord[],
    endpoints: readonly EndpointCount[],
  ): void {
    // biome-ignore lint/complexity/useMathMinMax: days are strings; Math.max would compare them as NaN.
    const newest = endpoints.reduce((max, e) => (e.dia > max ? e.dia : max), '');
    writeTransaction(this.db, () => {
      for (const c of counts) this.addCount.run(c.chaveId, c.dia, c.requisicoes);
      for (const t of totals) this.addTotal.run(t.chaveId, t.requisicoes, t.tempo_total_ms);
      for (const r of recent)
        this.addRecent.run(r.chaveId, r.endpoint, r.metodo, r.status_code, r.tempo_resposta_ms, r.data_hora);
      for (const chaveId of new Set(recent.map((r) => r.chaveId))) this.trimRecent.run(chaveId, chaveId);
      for (const e of endpoints) this.addEndpoint.run(e.chaveId, e.dia, e.metodo, e.endpoint, e.requisicoes);
      if (newest > this.prunedFor) this.pruneEndpoints.run(historyWindow(newest)[0]!);
    });
    if (newest > this.prunedFor) this.prunedFor = newest;
  }

  history(chaveId: number, desde: string): UsageHistory {
    const porDia = this.db
      .prepare(
        'SELECT dia, requisicoes FROM uso_diario WHERE chave_id = ? AND dia >= ? AND requisicoes > 0 ORDER BY dia',
      )
      .all(chaveId, desde) as { dia: string; requisicoes: number }[];
    const porEndpoint = this.db
      .prepare(
        `SELECT metodo, endpoint, sum(requisicoes) AS requisicoes FROM uso_endpoint_diario WHERE chave_id = ? AND dia >= ?
         GROUP BY metodo, endpoint ORDER BY requisicoes DESC, endpoint, metodo`,
      )
      .all(chaveId, desde) as { metodo: string; endpoint: string; requisicoes: number }[];
    return {
      porDia: porDia.map((r) => ({ dia: r.dia, requisicoes: r.requisicoes })),
      porEndpoint: porEndpoint.map((r) => ({ metodo: r.metodo, endpoint: r.endpoint, requisicoes: r.requisicoes })),
    };
  }

  usedOn(chaveId: number, dia: string): number {
    const row = this.db
      .prepare('SELECT requisicoes FROM uso_diario WHERE chave_id = ? AND dia = ?')
      .get(chaveId, dia) as { requisicoes: number } | undefined;
    return row?.requisicoes ?? 0;
  }

  stats(chaveId: number): UsageStats {
    const total = this.db
      .prepare('SELECT requisicoes, tempo_total_ms FROM uso_total WHERE chave_id = ?')
      .get(chaveId) as { requisicoes: number; tempo_total_ms: number } | undefined;
    const recentes = this.db
      .prepare(
        `SELECT endpoint, metodo, status_code, tempo_resposta_ms, data_hora FROM uso_recente
         WHERE chave_id = ? ORDER BY id DESC LIMIT ${RECENT_KEPT}`,
      )
      .all(chaveId) as UsageStats['recentes'];
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
