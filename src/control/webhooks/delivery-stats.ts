import type { ControlDb } from '../database.js';

export interface DeliveryStats {
  /** Deliveries by status (`pendente`, `entregue`, `falhou`, `descartada`), every worker's alike. */
  porStatus: Record<string, number>;
  /** Pending deliveries due now and not claimed by a live lease: the backlog workers have not picked up. */
  devidas: number;
}

/** The delivery queue as operators watch it (`GET /metrics`): read from the control plane, so cluster-wide. */
export function deliveryStats(db: ControlDb, now: number): DeliveryStats {
  const rows = db.prepare('SELECT status, count(*) AS n FROM entregas GROUP BY status').all() as {
    status: string;
    n: number;
  }[];
  const due = db
    .prepare(
      `SELECT count(*) AS n FROM entregas WHERE status = 'pendente' AND proxima_tentativa_em <= ?
         AND (reservada_ate IS NULL OR reservada_ate <= ?)`,
    )
    .get(now, now) as { n: number };
  return { porStatus: Object.fromEntries(rows.map((r) => [r.status, r.n])), devidas: due.n };
}
