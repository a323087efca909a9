import type pg from 'pg';
import { monthReference, type DeactivationPolicy } from '../../domain/webhooks.js';
import type { Async } from '../async-store.js';
import { byAccount, decideQuota, type DeactivationNotice, type DeliveryQueue } from '../webhooks/delivery-queue.js';
import { DELIVERY_STATS_SQL, RECENT_MS, toDeliveryStats, type DeliveryStats } from '../webhooks/delivery-stats.js';
import {
  DELIVERY_COLUMNS,
  iso,
  toJob,
  toSubscriber,
  WEBHOOK_COLUMNS,
  type Deactivation,
  type DeliveryJob,
  type JobRow,
  type OutboxEvent,
  type QuotaReservation,
  type RecordedOutcome,
  type Subscriber,
  type SubscriberRow,
  type WebhookRow,
} from '../webhooks/records.js';
import { withTransaction, type PgControl } from './pg-control.js';
import { PgWebhookTables } from './pg-webhook-tables.js';

/** Advisory lock class (two-key form, second key the account id) held while reserving that account's quota. */
const ACCOUNT_QUOTA_LOCK = 0x73766304;

/**
 * The dispatcher's work list in PostgreSQL, shared by every worker: fan-out with the cursor in one transaction,
 * claims (`FOR UPDATE SKIP LOCKED` + lease), outcomes, deactivation and notices. The same rows and answers as
 * SqliteDeliveryQueue; every outcome goes through recordOutcomes.
 */
export class PgDeliveryQueue extends PgWebhookTables implements Async<DeliveryQueue> {
  constructor(
    control: PgControl,
    private readonly deactivation: DeactivationPolicy,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {
    super(control);
  }

  /**
   * Each delivery's own rows first (a claimed delivery is one worker's alone), then the webhooks' failure
   * history and the quota, the rows workers share, locked only for that tail: the same end state as applying
   * the outcomes one by one, as SQLite does.
   */
  recordOutcomes(burst: readonly Outcome[]): Promise<Deactivation[]> {
    return withTransaction(this.pool, async (c) => {
      await lockWebhooks(
        c,
        burst.map((o) => o.job.webhookId),
        'KEY SHARE',
      );
      // A webhook deleted before the lock took its deliveries along (ON DELETE CASCADE): their outcomes have
      // nothing left to record, and writing them would break a foreign key and undo the whole burst.
      const { rows } = await c.query<{ id: string }>('SELECT id FROM entregas WHERE id = ANY($1::text[])', [
        burst.map((o) => o.job.id),
      ]);
      const present = new Set(rows.map((r) => r.id));
      const outcomes = burst.filter((o) => present.has(o.job.id));
      await this.insertAttempts(
        c,
        outcomes.flatMap(({ job, outcome }) =>
          outcome.kind !== 'descartada' && outcome.attempt ? [{ deliveryId: job.id, attempt: outcome.attempt }] : [],
        ),
      );
      // Successes, nearly every outcome of a busy worker, in one statement; the rest one by one.
      await markAllDelivered(c, outcomes);
      for (const { job, outcome } of outcomes) if (outcome.kind !== 'entregue') await this.settle(c, job, outcome);
      return this.updateWebhooks(c, outcomes);
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

  async cursor(): Promise<number | null> {
    const { rows } = await this.pool.query<{ seq: number }>("SELECT seq FROM dispatcher_cursor WHERE nome = 'outbox'");
    return rows[0]?.seq ?? null;
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
      await c.query("UPDATE dispatcher_cursor SET seq = GREATEST(seq, $1) WHERE nome = 'outbox'", [upTo]);
      return created;
    });
  }

  async renewClaims(owner: string, ids: readonly string[], until: number): Promise<number> {
    if (ids.length === 0) return 0;
    const r = await this.pool.query(
      `UPDATE entregas SET reservada_ate = $1 WHERE reservada_por = $2 AND status = 'pendente' AND id = ANY($3::text[])`,
      [until, owner, [...ids]],
    );
    return r.rowCount ?? 0;
  }

  async releaseClaims(isDead: (owner: string) => boolean): Promise<number> {
    const { rows } = await this.pool.query<{ reservada_por: string }>(
      `SELECT DISTINCT reservada_por FROM entregas WHERE status = 'pendente' AND reservada_por IS NOT NULL`,
    );
    const dead = rows.map((r) => r.reservada_por).filter(isDead);
    if (dead.length === 0) return 0;
    const r = await this.pool.query(
      'UPDATE entregas SET reservada_ate = NULL, reservada_por = NULL, cota_reservada = 0 WHERE reservada_por = ANY($1::text[])',
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
    skipAccounts: readonly number[] = [],
  ): Promise<DeliveryJob[]> {
    if (limit < 1) return [];
    const { rows } = await this.pool.query<JobRow>(
      `WITH claimed AS (
         UPDATE entregas SET reservada_ate = $1, reservada_por = $2
         WHERE id IN (SELECT id FROM entregas
                      WHERE status = 'pendente' AND proxima_tentativa_em <= $3
                        AND (reservada_ate IS NULL OR reservada_ate <= $3) AND NOT (id = ANY($4::text[]))
                        AND NOT (conta_id = ANY($6::bigint[]))
                      ORDER BY proxima_tentativa_em LIMIT $5 FOR UPDATE SKIP LOCKED)
         RETURNING *)
       SELECT ${DELIVERY_COLUMNS}, w.url, w.secret, w.segredo_anterior, w.segredo_anterior_ate, w.ativo AS webhook_ativo, c.plano
       FROM claimed e JOIN webhooks w ON w.id = e.webhook_id LEFT JOIN contas c ON c.id = w.conta_id
       ORDER BY e.proxima_tentativa_em`,
      [now + leaseMs, owner, now, [...exclude], limit, [...skipAccounts]],
    );
    return rows.map((r) => toJob(r, (v) => this.openSecret(v), now));
  }

  async reserveQuota(jobs: readonly DeliveryJob[], now: number): Promise<QuotaReservation> {
    const accounts = byAccount(jobs).sort((x, y) => x.contaId - y.contaId);
    // Read before the transaction: a pooled query inside it would wait for a second connection while holding
    // one, and enough concurrent reservations would hold the whole pool.
    const limits = await Promise.all(accounts.map((a) => this.accountLimits(a.contaId, a.plano)));
    return withTransaction(this.pool, async (c) => {
      const out: QuotaReservation = { granted: [], waiting: [], exhausted: [] };
      // Accounts in id order, each under its lock until commit: two workers' reservations for one account never
      // both see the same room, and two reserving for several accounts never wait on each other in a cycle.
      for (const [i, { contaId, ids }] of accounts.entries()) {
        const limit = limits[i]!.entregasMes;
        let standing = { limit, used: 0, held: 0 };
        if (limit !== null) {
          await c.query('SELECT pg_advisory_xact_lock($1, $2)', [ACCOUNT_QUOTA_LOCK, contaId]);
          // One statement, one snapshot: an outcome recorded meanwhile moves its slot from held to used at once.
          const row = await this.one<{ used: number; held: number }>(
            c,
            `SELECT COALESCE((SELECT usadas FROM entregas_mensais WHERE conta_id = $1 AND referencia = $2), 0) AS used,
                    (SELECT count(*) FROM entregas WHERE conta_id = $1 AND cota_reservada = 1 AND status = 'pendente'
                       AND reservada_ate > $3 AND NOT (id = ANY($4::text[]))) AS held`,
            [contaId, monthReference(now), now, ids],
          );
          standing = { limit, used: row?.used ?? 0, held: row?.held ?? 0 };
        }
        const { hold, free } = decideQuota(ids, standing, out);
        for (const [marked, flag] of [
          [hold, 1],
          [free, 0],
        ] as const) {
          if (marked.length)
            await c.query('UPDATE entregas SET cota_reservada = $1 WHERE id = ANY($2::text[])', [flag, marked]);
        }
      }
      return out;
    });
  }

  async nextDueAt(): Promise<number | null> {
    const row = await this.one<{ t: number | null }>(
      this.pool,
      `SELECT min(proxima_tentativa_em) AS t FROM entregas WHERE status = 'pendente' AND reservada_ate IS NULL`,
      [],
    );
    return row?.t ?? null;
  }

  /** What a failure, retry or discard does to its delivery row (its attempt is already written); frees the claim. */
  private async settle(
    c: pg.PoolClient,
    job: DeliveryJob,
    outcome: Exclude<RecordedOutcome, { kind: 'entregue' }>,
  ): Promise<void> {
    const attempt = outcome.kind === 'descartada' ? null : outcome.attempt;
    switch (outcome.kind) {
      case 'retentar':
        await c.query(
          `UPDATE entregas SET tentativas = $1, proxima_tentativa_em = $2, reservada_ate = NULL, reservada_por = NULL,
             cota_reservada = 0, ultimo_status_code = $3, ultimo_erro = $4, duracao_ms = $5 WHERE id = $6`,
          [
            outcome.attempt.numero,
            outcome.dueAt,
            outcome.attempt.statusCode,
            outcome.attempt.erro,
            outcome.attempt.duracaoMs,
            job.id,
          ],
        );
        return;
      case 'falhou':
        await c.query(
          `UPDATE entregas SET status = 'falhou', tentativas = $1, proxima_tentativa_em = NULL, reservada_ate = NULL,
             reservada_por = NULL, ultimo_status_code = $2, ultimo_erro = $3, duracao_ms = $4 WHERE id = $5`,
          [
            attempt?.numero ?? job.tentativas,
            attempt?.statusCode ?? null,
            outcome.motivo,
            attempt?.duracaoMs ?? null,
            job.id,
          ],
        );
        return;
      case 'descartada':
        await c.query(
          `UPDATE entregas SET status = 'descartada', proxima_tentativa_em = NULL, reservada_ate = NULL,
             reservada_por = NULL, ultimo_erro = $1 WHERE id = $2`,
          [outcome.motivo, job.id],
        );
    }
  }

  /**
   * What automatic deliveries' outcomes do to their webhooks and accounts, in arrival order (it decides
   * "consecutive" failures): a run of successes clears the failure history, each failure counts and may
   * deactivate; successes add to the monthly quota. Returns the deactivations.
   */
  private async updateWebhooks(c: pg.PoolClient, outcomes: readonly Outcome[]): Promise<Deactivation[]> {
    // Tests and replays are management calls: they move neither the quota nor the failure history.
    const counted = outcomes.filter(
      ({ job, outcome }) => job.origem === 'automatica' && (outcome.kind === 'entregue' || outcome.kind === 'falhou'),
    );
    if (counted.length === 0) return [];
    await lockWebhooks(
      c,
      counted.map((o) => o.job.webhookId),
      'NO KEY UPDATE',
    );
    const deactivations: Deactivation[] = [];
    const usage = new Map<string, { contaId: number; ref: string; n: number }>();
    /** The current run of successes: webhook → its last success. */
    const successes = new Map<number, number>();
    for (const { job, outcome } of counted) {
      if (outcome.kind === 'entregue') {
        const ref = monthReference(outcome.at);
        const key = `${job.contaId}:${ref}`;
        usage.set(key, { contaId: job.contaId, ref, n: (usage.get(key)?.n ?? 0) + 1 });
        successes.set(job.webhookId, Math.max(outcome.at, successes.get(job.webhookId) ?? 0));
      } else if (outcome.kind === 'falhou') {
        await clearFailures(c, successes);
        const d = await this.countFailure(c, job.webhookId, outcome.at);
        if (d) deactivations.push(d);
      }
    }
    await clearFailures(c, successes);
    // In account order, a fixed order of row locks, for the reason lockWebhooks gives.
    const quota = [...usage.values()].sort((x, y) => x.contaId - y.contaId || x.ref.localeCompare(y.ref));
    for (const { contaId, ref, n } of quota) {
      await c.query(
        `INSERT INTO entregas_mensais (conta_id, referencia, usadas) VALUES ($1, $2, $3)
         ON CONFLICT (conta_id, referencia) DO UPDATE SET usadas = entregas_mensais.usadas + excluded.usadas`,
        [contaId, ref, n],
      );
    }
    return deactivations;
  }

  /** One more failed delivery for a webhook; applies the deactivation policy's decision. */
  private async countFailure(c: pg.PoolClient, webhookId: number, now: number): Promise<Deactivation | null> {
    const row = await this.one<WebhookRow>(
      c,
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
      c,
      `UPDATE webhooks SET ativo = 0, desativado_em = $1, motivo_desativacao = $2, reativar_em = $3,
         desativacoes_seguidas = desativacoes_seguidas + 1, atualizado_em = $1
       WHERE id = $4 RETURNING ${WEBHOOK_COLUMNS}`,
      [iso(now), motivo, reativarEm, webhookId],
    );
    await c.query(
      'INSERT INTO webhook_desativacoes (webhook_id, tipo, motivo, em, reativar_em) VALUES ($1, $2, $3, $4, $5)',
      [webhookId, tipo, motivo, iso(now), reativarEm],
    );
    return { webhook: this.webhook(updated as WebhookRow), tipo, motivo };
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

type Outcome = { job: DeliveryJob; outcome: RecordedOutcome };

/** The burst's successes: delivered, claim freed, last answer kept, one UPDATE. */
async function markAllDelivered(c: pg.PoolClient, outcomes: readonly Outcome[]): Promise<void> {
  const ok = outcomes.flatMap(({ job, outcome }) => (outcome.kind === 'entregue' ? [{ job, outcome }] : []));
  if (ok.length === 0) return;
  await c.query(
    `UPDATE entregas e SET status = 'entregue', tentativas = v.numero, entregue_em = v.em, proxima_tentativa_em = NULL,
       reservada_ate = NULL, reservada_por = NULL, ultimo_status_code = v.status_code, ultimo_erro = NULL,
       duracao_ms = v.duracao_ms
     FROM unnest($1::text[], $2::int[], $3::text[], $4::int[], $5::int[]) AS v(id, numero, em, status_code, duracao_ms)
     WHERE e.id = v.id`,
    [
      ok.map((o) => o.job.id),
      ok.map((o) => o.outcome.attempt.numero),
      ok.map((o) => iso(o.outcome.at)),
      ok.map((o) => o.outcome.attempt.statusCode),
      ok.map((o) => o.outcome.attempt.duracaoMs),
    ],
  );
}

/**
 * Row locks on webhooks, always in id order: transactions taking them never wait on each other in a cycle (a
 * deadlock, which PostgreSQL breaks by failing one). `KEY SHARE` as a burst starts: other workers, fan-out and
 * webhook edits go on, but deleting one of its webhooks waits for the burst (or the burst for the delete) instead
 * of each holding a row the other's cascade or update needs next. `NO KEY UPDATE` before the failure history:
 * workers whose bursts share webhooks write it one after another, only for that short tail.
 */
async function lockWebhooks(
  c: pg.PoolClient,
  ids: readonly number[],
  mode: 'KEY SHARE' | 'NO KEY UPDATE',
): Promise<void> {
  await c.query(`SELECT id FROM webhooks WHERE id = ANY($1::bigint[]) ORDER BY id FOR ${mode}`, [[...new Set(ids)]]);
}

/** Ends the failure runs of webhooks that answered 2xx (and empties `successes`: a new run starts). */
async function clearFailures(c: pg.PoolClient, successes: Map<number, number>): Promise<void> {
  for (const [webhookId, at] of successes) {
    await c.query(
      'UPDATE webhooks SET falhas_consecutivas = 0, desativacoes_seguidas = 0, ultimo_sucesso_em = $1 WHERE id = $2',
      [iso(at), webhookId],
    );
  }
  successes.clear();
}

/** The delivery queue as operators watch it (`GET /metrics`), the twin of deliveryStats: cluster-wide by nature. */
export async function pgDeliveryStats(pool: pg.Pool, now: number): Promise<DeliveryStats> {
  // The SQLite queries with numbered parameters.
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  const [byStatus, pending, recent] = await Promise.all([
    pool.query<{ status: string; n: number }>(DELIVERY_STATS_SQL.byStatus),
    pool.query<{ devidas: number; reservadas: number }>(numbered(DELIVERY_STATS_SQL.pending), [now, now, now]),
    pool.query<{ ms: string | null }>(numbered(DELIVERY_STATS_SQL.recent), [iso(now - RECENT_MS)]),
  ]);
  return toDeliveryStats(byStatus.rows, pending.rows[0], recent.rows[0]);
}
