import type { ControlQuery } from '../sql/control-sql.js';
import { iso } from './records.js';
import { STATUS } from './webhook-tables.js';

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
const RECENT_MS = 5 * 60_000;

/**
 * The delivery queue as operators watch it (`GET /metrics`): read from the control plane, so cluster-wide. Counts
 * and sums go through Number: PostgreSQL answers `avg` (numeric) as text.
 */
export async function deliveryStatsOn(q: ControlQuery, now: number): Promise<DeliveryStats> {
  const [byStatus, pending, recent] = await Promise.all([
    q
      .selectFrom('entregas')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute(),
    q
      .selectFrom('entregas')
      .select((eb) => [
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(
                eb.and([
                  eb('proxima_tentativa_em', '<=', now),
                  eb.or([eb('reservada_ate', 'is', null), eb('reservada_ate', '<=', now)]),
                ]),
              )
              .then(1)
              .else(0)
              .end(),
          )
          .as('devidas'),
        eb.fn.sum<number>(eb.case().when('reservada_ate', '>', now).then(1).else(0).end()).as('reservadas'),
      ])
      .where('status', '=', STATUS.pendente)
      .executeTakeFirst(),
    q
      .selectFrom('entregas')
      .select((eb) => eb.fn.avg<number | string>('duracao_ms').as('ms'))
      .where('status', '=', STATUS.entregue)
      .where('entregue_em', '>=', iso(now - RECENT_MS))
      .executeTakeFirst(),
  ]);
  const ms = recent?.ms ?? null;
  return {
    porStatus: Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)])),
    devidas: Number(pending?.devidas ?? 0),
    reservadas: Number(pending?.reservadas ?? 0),
    duracaoMediaMs: ms === null ? null : Math.round(Number(ms) * 10) / 10,
  };
}
