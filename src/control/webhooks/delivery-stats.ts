import type { ControlDb } from '../database.js';
import { iso } from './records.js';

export interface DeliveryStats {
  /** Deliveries by status (`pendente`, `entregue`, `falhou`, `descartada`), every worker's alike. */
  porStatus: Record<string, number>;
  /** Pending deliveries due now and not claimed by a live lease: the backlog workers have not picked up. */
  devidas: number;
  /** Pending deliveries under a live lease: what the workers hold now. */
  reservadas: number;
  /** Mean duration (ms) of the deliveries that succeeded in the last RECENT_MS; null when none did. */
  duracaoMediaMs: number | null;
}

/** The window of `duracaoMediaMs`. */
export const RECENT_MS = 5 * 60_000;

/**
 * The queries behind DeliveryStats, `?` for the instant now and `?` for the start of the recent window; the
 * PostgreSQL twin numbers them.
 */
export const DELIVERY_STATS_SQL = {
  byStatus: 'SELECT status, count(*) AS n FROM entregas GROUP BY status',
  pending: `SELECT COALESCE(sum(CASE WHEN proxima_tentativa_em <= ? AND (reservada_ate IS NULL OR reservada_ate <= ?) THEN 1 ELSE 0 END), 0) AS devidas,
       COALESCE(sum(CASE WHEN reservada_ate > ? THEN 1 ELSE 0 END), 0) AS reservadas
     FROM entregas WHERE status = 'pendente'`,
  recent: `SELECT avg(duracao_ms) AS ms FROM entregas WHERE status = 'entregue' AND entregue_em >= ?`,
};

export function toDeliveryStats(
  byStatus: readonly { status: string; n: number }[],
  pending: { devidas: number; reservadas: number } | undefined,
  recent: { ms: number | string | null } | undefined,
): DeliveryStats {
  return {
    porStatus: Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)])),
    devidas: Number(pending?.devidas ?? 0),
    reservadas: Number(pending?.reservadas ?? 0),
    duracaoMediaMs: recent?.ms === null || recent?.ms === undefined ? null : Math.round(Number(recent.ms) * 10) / 10,
  };
}

/** The delivery queue as operators watch it (`GET /metrics`): read from the control plane, so cluster-wide. */
export function deliveryStats(db: ControlDb, now: number): DeliveryStats {
  return toDeliveryStats(
    db.prepare(DELIVERY_STATS_SQL.byStatus).all() as { status: string; n: number }[],
    db.prepare(DELIVERY_STATS_SQL.pending).get(now, now, now) as { devidas: number; reservadas: number },
    db.prepare(DELIVERY_STATS_SQL.recent).get(iso(now - RECENT_MS)) as { ms: number | null },
  );
}
