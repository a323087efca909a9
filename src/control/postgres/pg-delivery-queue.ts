import type pg from 'pg';
import { monthReference, type DeactivationPolicy } from '../../domain/webhooks.js';
import type { Async } from '../async-store.js';
import type { DeactivationNotice, DeliveryQueue } from '../webhooks/delivery-queue.js';
import type { DeliveryStats } from '../webhooks/delivery-stats.js';
import {
  DELIVERY_COLUMNS,
  iso,
  toJob,
  toSubscriber,
  WEBHOOK_COLUMNS,
  type AttemptResult,
  type Deactivation,
  type Delivered,
  type DeliveryJob,
  type JobRow,
  type OutboxEvent,
  type RecordedOutcome,
  type Subscriber,
  type SubscriberRow,
  type WebhookRow,
} from '../webhooks/records.js';
import { PgDispatcherCursor } from './pg-counters.js';
import { withTransaction, type PgControl } from './pg-control.js';
import { PgWebhookTables, type Queryable } from './pg-webhook-tables.js';

/**
 * The dispatcher's work list in PostgreSQL, shared by every worker: fan-out with the cursor in one transaction,
 * claims (`FOR UPDATE SKIP LOCKED` + lease), outcomes, deactivation and notices. The same rows and answers as
 * SqliteDeliveryQueue. Each write runs on `db` (pool or transaction client), so recordOutcomes puts a burst in one
 * transaction by running the same steps on its client.
 */
export class PgDeliveryQueue extends PgWebhookTables implements Async<DeliveryQueue> {
  constructor(
    control: PgControl,
    private readonly deactivation: DeactivationPolicy,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {
    super(control);
  }

  recordOutcomes(outcomes: readonly { job: DeliveryJob; outcome: RecordedOutcome }[]): Promise<Deactivation[]> {
    return withTransaction(this.pool, async (c) => {
      await lockWebhooks(
        c,
        outcomes.map((o) => o.job),
      );
      const usage: MonthlyUsage = new Map();
      const deactivations: Deactivation[] = [];
      // Runs of successes are written together; their order with failures is kept.
      const delivered: Delivered[] = [];
      for (const { job, outcome } of outcomes) {
        if (outcome.kind === 'entregue') {
          delivered.push({ job, attempt: outcome.attempt, at: outcome.at });
          continue;
        }
        if (delivered.length) await this.delivered(c, delivered.splice(0), usage);
        if (outcome.kind === 'retentar') await this.retry(c, job, outcome.attempt, outcome.dueAt);
        else if (outcome.kind === 'descartada') await this.discarded(c, job, outcome.motivo);
        else {
          const d = await this.failed(c, job, outcome.attempt, outcome.motivo, outcome.at);
          if (d) deactivations.push(d);
        }
      }
      if (delivered.length) await this.delivered(c, delivered, usage);
      await addUsage(c, usage);
      return deactivations;
    });
  }

  async accountEmail(contaId: number): Promise<string | null> {
    const row = await this.one<{ email: string | null }>(
      this.pool,
      'SELECT email FROM webhook_contas WHERE conta_id = $1',
      [contaId],
    );
    return row?.email ?? null;
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

  async releaseClaims(isDead: (owner: string) => boolean): Promise<number> {
    const { rows } = await this.pool.query<{ reservada_por: string }>(
      'SELECT DISTINCT reservada_por FROM entregas WHERE reservada_por IS NOT NULL',
    );
    const dead = rows.map((r) => r.reservada_por).filter(isDead);
    if (dead.length === 0) return 0;
    const r = await this.pool.query(
      'UPDATE entregas SET reservada_ate = NULL, reservada_por = NULL WHERE reservada_por = ANY($1::text[])',
      [dead],
    );
    return r.rowCount ?? 0;
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
    return rows.map((r) => toJob(r, (v) => this.openSecret(v), now));
  }

  async nextDueAt(): Promise<number | null> {
    const row = await this.one<{ t: number | null }>(
      this.pool,
      `SELECT min(proxima_tentativa_em) AS t FROM entregas WHERE status = 'pendente' AND reservada_ate IS NULL`,
      [],
    );
    return row?.t ?? null;
  }

  async markDelivered(delivered: readonly Delivered[]): Promise<void> {
    if (delivered.length === 0) return;
    await withTransaction(this.pool, async (c) => {
      await lockWebhooks(
        c,
        delivered.map((d) => d.job),
      );
      const usage: MonthlyUsage = new Map();
      await this.delivered(c, delivered, usage);
      await addUsage(c, usage);
    });
  }

  /** Settles 2xx answers; what they add to the monthly quota goes into `usage`, for the caller to write last. */
  private async delivered(db: Queryable, delivered: readonly Delivered[], usage: MonthlyUsage): Promise<void> {
    const lastSuccess = new Map<number, number>();
    for (const { job, attempt, at } of delivered) {
      await this.insertAttempt(db, job.id, attempt);
      await db.query(
        `UPDATE entregas SET status = 'entregue', tentativas = $1, entregue_em = $2, proxima_tentativa_em = NULL,
           reservada_ate = NULL, reservada_por = NULL, ultimo_status_code = $3, ultimo_erro = NULL, duracao_ms = $4
         WHERE id = $5`,
        [attempt.numero, iso(at), attempt.statusCode, attempt.duracaoMs, job.id],
      );
      // Only automatic deliveries move the quota and the failure history; tests are management calls.
      if (job.origem !== 'automatica') continue;
      const ref = monthReference(at);
      const key = `${job.contaId}:${ref}`;
      usage.set(key, { contaId: job.contaId, ref, n: (usage.get(key)?.n ?? 0) + 1 });
      lastSuccess.set(job.webhookId, Math.max(at, lastSuccess.get(job.webhookId) ?? 0));
    }
    for (const [webhookId, at] of lastSuccess) {
      await db.query(
        'UPDATE webhooks SET falhas_consecutivas = 0, desativacoes_seguidas = 0, ultimo_sucesso_em = $1 WHERE id = $2',
        [iso(at), webhookId],
      );
    }
  }

  async scheduleRetry(job: DeliveryJob, attempt: AttemptResult, dueAt: number): Promise<void> {
    await withTransaction(this.pool, (c) => this.retry(c, job, attempt, dueAt));
  }

  private async retry(db: Queryable, job: DeliveryJob, attempt: AttemptResult, dueAt: number): Promise<void> {
    await this.insertAttempt(db, job.id, attempt);
    await db.query(
      `UPDATE entregas SET tentativas = $1, proxima_tentativa_em = $2, reservada_ate = NULL, reservada_por = NULL,
         ultimo_status_code = $3, ultimo_erro = $4, duracao_ms = $5 WHERE id = $6`,
      [attempt.numero, dueAt, attempt.statusCode, attempt.erro, attempt.duracaoMs, job.id],
    );
  }

  markFailed(job: DeliveryJob, attempt: AttemptResult | null, erro: string, now: number): Promise<Deactivation | null> {
    return withTransaction(this.pool, (c) => this.failed(c, job, attempt, erro, now));
  }

  private async failed(
    db: Queryable,
    job: DeliveryJob,
    attempt: AttemptResult | null,
    erro: string,
    now: number,
  ): Promise<Deactivation | null> {
    if (attempt) await this.insertAttempt(db, job.id, attempt);
    await db.query(
      `UPDATE entregas SET status = 'falhou', tentativas = $1, proxima_tentativa_em = NULL, reservada_ate = NULL,
         reservada_por = NULL, ultimo_status_code = $2, ultimo_erro = $3, duracao_ms = $4 WHERE id = $5`,
      [attempt?.numero ?? job.tentativas, attempt?.statusCode ?? null, erro, attempt?.duracaoMs ?? null, job.id],
    );
    return job.origem === 'automatica' ? this.countFailure(db, job.webhookId, now) : null;
  }

  /**
   * One more failed delivery for a webhook; applies the deactivation policy's decision. The increment locks the
   * webhook's row until the transaction ends, so workers failing on one webhook at once count one after another.
   */
  private async countFailure(db: Queryable, webhookId: number, now: number): Promise<Deactivation | null> {
    const row = await this.one<WebhookRow>(
      db,
      `UPDATE webhooks SET falhas_consecutivas = falhas_consecutivas + 1 WHERE id = $1 AND ativo = 1 RETURNING ${WEBHOOK_COLUMNS}`,
      [webhookId],
    );
    if (!row) return null;
    const decision = this.deactivation(
      { falhasConsecutivas: row.falhas_consecutivas, desativacoesSeguidas: row.desativacoes_seguidas },
      now,
    );
    if (!decision) return null;
    const { tipo, motivo } = decision;
    const reativarEm = decision.reativarEm === null ? null : iso(decision.reativarEm);
    const updated = await this.one<WebhookRow>(
      db,
      `UPDATE webhooks SET ativo = 0, desativado_em = $1, motivo_desativacao = $2, reativar_em = $3,
         desativacoes_seguidas = desativacoes_seguidas + 1, atualizado_em = $1
       WHERE id = $4 RETURNING ${WEBHOOK_COLUMNS}`,
      [iso(now), motivo, reativarEm, webhookId],
    );
    await db.query(
      'INSERT INTO webhook_desativacoes (webhook_id, tipo, motivo, em, reativar_em) VALUES ($1, $2, $3, $4, $5)',
      [webhookId, tipo, motivo, iso(now), reativarEm],
    );
    return { webhook: this.webhook(updated as WebhookRow), tipo, motivo };
  }

  async markDiscarded(job: DeliveryJob, reason: string): Promise<void> {
    await this.discarded(this.pool, job, reason);
  }

  private async discarded(db: Queryable, job: DeliveryJob, reason: string): Promise<void> {
    await db.query(
      `UPDATE entregas SET status = 'descartada', proxima_tentativa_em = NULL, reservada_ate = NULL, reservada_por = NULL,
         ultimo_erro = $1 WHERE id = $2`,
      [reason, job.id],
    );
  }

  async recordNotice(notice: DeactivationNotice, now: number): Promise<number> {
    const row = await this.one<{ id: number }>(
      this.pool,
      `INSERT INTO avisos_email (conta_id, webhook_id, destinatario, assunto, corpo, criado_em)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [notice.contaId, notice.webhookId, notice.destinatario, notice.assunto, notice.corpo, iso(now)],
    );
    return (row as { id: number }).id;
  }

  async noticeOutcome(id: number, enviadoEm: string | null, erro: string | null): Promise<void> {
    await this.pool.query('UPDATE avisos_email SET enviado_em = $1, erro = $2 WHERE id = $3', [enviadoEm, erro, id]);
  }
}

/** Successful automatic deliveries per account and month (`conta:referencia`), added to `entregas_mensais` at once. */
type MonthlyUsage = Map<string, { contaId: number; ref: string; n: number }>;

/**
 * Locks the webhooks of a lot's jobs, in id order, before anything else: two workers recording outcomes for the
 * same webhooks in different orders would otherwise each hold a row the other waits for (a deadlock PostgreSQL
 * breaks by failing one of them). The per-webhook writes that follow then queue behind one another.
 */
async function lockWebhooks(c: pg.PoolClient, jobs: readonly DeliveryJob[]): Promise<void> {
  const ids = [...new Set(jobs.map((j) => j.webhookId))];
  await c.query('SELECT id FROM webhooks WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [ids]);
}

/** Adds to the monthly counts in account order: a fixed order of row locks, for the same reason as lockWebhooks. */
async function addUsage(c: pg.PoolClient, usage: MonthlyUsage): Promise<void> {
  const ordered = [...usage.values()].sort((x, y) => x.contaId - y.contaId || x.ref.localeCompare(y.ref));
  for (const { contaId, ref, n } of ordered) {
    await c.query(
      `INSERT INTO entregas_mensais (conta_id, referencia, usadas) VALUES ($1, $2, $3)
       ON CONFLICT (conta_id, referencia) DO UPDATE SET usadas = entregas_mensais.usadas + excluded.usadas`,
      [contaId, ref, n],
    );
  }
}

/** The delivery queue as operators watch it (`GET /metrics`), the twin of deliveryStats: cluster-wide by nature. */
export async function pgDeliveryStats(pool: pg.Pool, now: number): Promise<DeliveryStats> {
  const [byStatus, due] = await Promise.all([
    pool.query<{ status: string; n: number }>('SELECT status, count(*) AS n FROM entregas GROUP BY status'),
    pool.query<{ n: number }>(
      `SELECT count(*) AS n FROM entregas WHERE status = 'pendente' AND proxima_tentativa_em <= $1
         AND (reservada_ate IS NULL OR reservada_ate <= $1)`,
      [now],
    ),
  ]);
  return { porStatus: Object.fromEntries(byStatus.rows.map((r) => [r.status, r.n])), devidas: due.rows[0]?.n ?? 0 };
}
