import type pg from 'pg';
import { monthReference } from '../../domain/webhooks.js';
import type { Async } from '../async-store.js';
import type { DeliveryQueue } from '../webhooks/delivery-queue.js';
import {
  DELIVERY_COLUMNS,
  iso,
  toJob,
  toSubscriber,
  type AttemptResult,
  type Delivered,
  type DeliveryJob,
  type JobRow,
  type OutboxEvent,
  type Subscriber,
  type SubscriberRow,
} from '../webhooks/records.js';
import { PgDispatcherCursor } from './pg-counters.js';
import type { PgControl } from './pg-control.js';
import { withTransaction } from './pg-control.js';

/**
 * The part of the delivery queue that several workers share, in PostgreSQL: fan-out with the cursor in one
 * transaction, claims, outcomes. The rest of DeliveryQueue (deactivation, notices, limits) is still SQLite-only.
 */
export type SharedDeliveryQueue = Pick<
  DeliveryQueue,
  | 'cursor'
  | 'subscribers'
  | 'fanOut'
  | 'claimDue'
  | 'nextDueAt'
  | 'markDelivered'
  | 'scheduleRetry'
  | 'markDiscarded'
  | 'monthlyUsage'
>;

export class PgDeliveryQueue implements Async<SharedDeliveryQueue> {
  private readonly pool: pg.Pool;

  constructor(
    private readonly control: PgControl,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {
    this.pool = control.pool;
  }

  cursor(): Promise<number | null> {
    return new PgDispatcherCursor(this.pool).get();
  }

  async subscribers(): Promise<Subscriber[]> {
    const { rows } = await this.pool.query<SubscriberRow>(
      `SELECT w.id, w.conta_id, w.evento_seq_inicial, w.eventos, c.plano, c.campeonatos
       FROM webhooks w LEFT JOIN contas c ON c.id = w.conta_id WHERE w.ativo = 1 ORDER BY w.id`,
    );
    return rows.map(toSubscriber);
  }

  /** Idempotent per (event, webhook); the cursor moves in the same transaction, so two workers never fan out twice. */
  fanOut(
    events: readonly OutboxEvent[],
    subscribersFor: (e: OutboxEvent) => readonly Subscriber[],
    upTo: number,
    now: number,
  ): Promise<number> {
    return withTransaction(this.pool, async (c) => {
      let created = 0;
      for (const event of events) {
        for (const sub of subscribersFor(event)) {
          const r = await c.query(
            `INSERT INTO entregas (id, webhook_id, conta_id, evento, evento_seq, campeonato_id, corpo, origem, status, criada_em, proxima_tentativa_em)
             VALUES ($1, $2, $3, $4, $5, $6, $7, 'automatica', 'pendente', $8, $9)
             ON CONFLICT (evento_seq, webhook_id) DO NOTHING`,
            [
              this.newId(),
              sub.id,
              sub.contaId,
              event.evento,
              event.seq,
              event.campeonato_id,
              event.corpo,
              iso(now),
              now,
            ],
          );
          created += r.rowCount ?? 0;
        }
      }
      await new PgDispatcherCursor(c).advance(upTo);
      return created;
    });
  }

  /**
   * Leases up to `limit` due deliveries to `owner` until `now + leaseMs`. SKIP LOCKED: workers claiming at the
   * same moment take disjoint rows instead of waiting on each other. A worker that dies keeps its claims only
   * until the lease ends; then another claims them, with the same delivery id (X-SVC-Entrega).
   */
  async claimDue(
    now: number,
    limit: number,
    exclude: readonly string[],
    owner: string,
    leaseMs: number,
  ): Promise<DeliveryJob[]> {
    if (limit < 1) return [];
    const { rows } = await this.pool.query<JobRow>(
      `WITH claimed AS (
         UPDATE entregas SET reservada_ate = $1, reservada_por = $2
         WHERE id IN (SELECT id FROM entregas
                      WHERE status = 'pendente' AND proxima_tentativa_em <= $3
                        AND (reservada_ate IS NULL OR reservada_ate <= $3) AND NOT (id = ANY($4::text[]))
                      ORDER BY proxima_tentativa_em LIMIT $5 FOR UPDATE SKIP LOCKED)
         RETURNING *)
       SELECT ${DELIVERY_COLUMNS}, w.url, w.secret, w.segredo_anterior, w.segredo_anterior_ate, w.ativo AS webhook_ativo, c.plano
       FROM claimed e JOIN webhooks w ON w.id = e.webhook_id LEFT JOIN contas c ON c.id = w.conta_id
       ORDER BY e.proxima_tentativa_em`,
      [now + leaseMs, owner, now, [...exclude], limit],
    );
    return rows.map((r) => toJob(r, (v) => this.control.box.open(v), now));
  }

  async nextDueAt(): Promise<number | null> {
    const { rows } = await this.pool.query<{ t: number | null }>(
      `SELECT min(proxima_tentativa_em) AS t FROM entregas WHERE status = 'pendente' AND reservada_ate IS NULL`,
    );
    return rows[0]?.t ?? null;
  }

  async markDelivered(delivered: readonly Delivered[]): Promise<void> {
    if (delivered.length === 0) return;
    await withTransaction(this.pool, async (c) => {
      const perMonth = new Map<string, { contaId: number; ref: string; n: number }>();
      const lastSuccess = new Map<number, number>();
      for (const { job, attempt, at } of delivered) {
        await insertAttempt(c, job.id, attempt);
        await c.query(
          `UPDATE entregas SET status = 'entregue', tentativas = $1, entregue_em = $2, proxima_tentativa_em = NULL,
             reservada_ate = NULL, reservada_por = NULL, ultimo_status_code = $3, ultimo_erro = NULL, duracao_ms = $4
           WHERE id = $5`,
          [attempt.numero, iso(at), attempt.statusCode, attempt.duracaoMs, job.id],
        );
        if (job.origem !== 'automatica') continue;
        const ref = monthReference(at);
        const key = `${job.contaId}:${ref}`;
        perMonth.set(key, { contaId: job.contaId, ref, n: (perMonth.get(key)?.n ?? 0) + 1 });
        lastSuccess.set(job.webhookId, Math.max(at, lastSuccess.get(job.webhookId) ?? 0));
      }
      for (const { contaId, ref, n } of perMonth.values()) {
        await c.query(
          `INSERT INTO entregas_mensais (conta_id, referencia, usadas) VALUES ($1, $2, $3)
           ON CONFLICT (conta_id, referencia) DO UPDATE SET usadas = entregas_mensais.usadas + excluded.usadas`,
          [contaId, ref, n],
        );
      }
      for (const [webhookId, at] of lastSuccess) {
        await c.query(
          'UPDATE webhooks SET falhas_consecutivas = 0, desativacoes_seguidas = 0, ultimo_sucesso_em = $1 WHERE id = $2',
          [iso(at), webhookId],
        );
      }
    });
  }

  async scheduleRetry(job: DeliveryJob, attempt: AttemptResult, dueAt: number): Promise<void> {
    await withTransaction(this.pool, async (c) => {
      await insertAttempt(c, job.id, attempt);
      await c.query(
        `UPDATE entregas SET tentativas = $1, proxima_tentativa_em = $2, reservada_ate = NULL, reservada_por = NULL,
           ultimo_status_code = $3, ultimo_erro = $4, duracao_ms = $5 WHERE id = $6`,
        [attempt.numero, dueAt, attempt.statusCode, attempt.erro, attempt.duracaoMs, job.id],
      );
    });
  }

  async markDiscarded(job: DeliveryJob, reason: string): Promise<void> {
    await this.pool.query(
      `UPDATE entregas SET status = 'descartada', proxima_tentativa_em = NULL, reservada_ate = NULL, reservada_por = NULL,
         ultimo_erro = $1 WHERE id = $2`,
      [reason, job.id],
    );
  }

  async monthlyUsage(contaId: number, now: number): Promise<number> {
    const { rows } = await this.pool.query<{ usadas: number }>(
      'SELECT usadas FROM entregas_mensais WHERE conta_id = $1 AND referencia = $2',
      [contaId, monthReference(now)],
    );
    return rows[0]?.usadas ?? 0;
  }
}

async function insertAttempt(c: pg.PoolClient, deliveryId: string, a: AttemptResult): Promise<void> {
  await c.query(
    `INSERT INTO tentativas_entrega (entrega_id, numero, origem, destino, iniciada_em, status_code, erro, duracao_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [deliveryId, a.numero, a.origem, a.destino, iso(a.iniciadaEm), a.statusCode, a.erro, a.duracaoMs],
  );
}
