import type { ControlDb } from '../database.js';
import type { Plano } from '../../domain/plans.js';
import { monthReference, type DeactivationPolicy } from '../../domain/webhooks.js';
import {
  DELIVERY_COLUMNS,
  iso,
  toJob,
  toSubscriber,
  WEBHOOK_COLUMNS,
  type JobRow,
  type SubscriberRow,
  type AttemptResult,
  type Deactivation,
  type Delivered,
  type DeliveryJob,
  type OutboxEvent,
  type QuotaReservation,
  type RecordedOutcome,
  type Subscriber,
  type WebhookRow,
} from './records.js';
import { SqliteWebhookTables, type WebhookAccounts } from './sqlite-tables.js';

export interface DeactivationNotice {
  contaId: number;
  webhookId: number;
  destinatario: string | null;
  assunto: string;
  corpo: string;
}

/**
 * The dispatcher's work list in the control plane: fan-out of outbox events into deliveries, claims of due
 * deliveries (leased to one worker; SQLite's single writer here, `FOR UPDATE SKIP LOCKED` in a server database),
 * their outcomes, quota counts and deactivation notices. Callers depend on this interface only.
 */
export interface DeliveryQueue extends WebhookAccounts {
  /**
   * Records a burst of outcomes in one transaction, in arrival order (it decides "consecutive" failures);
   * returns the deactivations they caused.
   */
  recordOutcomes(outcomes: readonly { job: DeliveryJob; outcome: RecordedOutcome }[]): Deactivation[];
  /** Last outbox seq fanned out; null while no webhook ever existed (nothing to deliver, nothing to keep). */
  cursor(): number | null;
  subscribers(): Subscriber[];
  /** Creates the deliveries of `events` (idempotent per event and webhook) and moves the cursor to `upTo`, atomically. */
  fanOut(
    events: readonly OutboxEvent[],
    subscribersFor: (e: OutboxEvent) => readonly Subscriber[],
    upTo: number,
    now: number,
  ): number;
  /** Frees the claims of owners `isDead` says are gone; returns how many deliveries went back to the queue. */
  releaseClaims(isDead: (owner: string) => boolean): number;
  /**
   * Extends `owner`'s claims of `ids` to `until`: a worker renews what it still holds, so only a dead worker's
   * claims (and those it gave up on, to be sent again) lapse.
   */
  renewClaims(owner: string, ids: readonly string[], until: number): number;
  /**
   * Leases up to `limit` due deliveries to `owner` for `leaseMs`, skipping `exclude` (already held) and the
   * deliveries of `skipAccounts` (holding their share already).
   */
  claimDue(
    now: number,
    limit: number,
    exclude: readonly string[],
    owner: string,
    leaseMs: number,
    skipAccounts?: readonly number[],
  ): DeliveryJob[];
  /**
   * Reserves monthly-quota slots for claimed automatic deliveries, atomically across workers: a slot counts
   * from here until the delivery's outcome is recorded or its claim lapses. Accounts without a limit get all.
   */
  reserveQuota(jobs: readonly DeliveryJob[], now: number): QuotaReservation;
  /** When the earliest unclaimed pending delivery is due (claims of dead workers are caught by the poll). */
  nextDueAt(): number | null;
  accountEmail(contaId: number): string | null;
  recordNotice(notice: DeactivationNotice, now: number): number;
  noticeOutcome(id: number, enviadoEm: string | null, erro: string | null): void;
}

export class SqliteDeliveryQueue extends SqliteWebhookTables implements DeliveryQueue {
  constructor(
    db: ControlDb,
    private readonly deactivation: DeactivationPolicy,
    private readonly newId: () => string,
  ) {
    super(db);
  }

  recordOutcomes(outcomes: readonly { job: DeliveryJob; outcome: RecordedOutcome }[]): Deactivation[] {
    return this.tx(() => {
      const deactivations: Deactivation[] = [];
      // Runs of successes are written together; their order with failures is kept.
      const delivered: Delivered[] = [];
      for (const { job, outcome } of this.stillQueued(outcomes)) {
        if (outcome.kind === 'entregue') {
          delivered.push({ job, attempt: outcome.attempt, at: outcome.at });
          continue;
        }
        if (delivered.length) this.markDelivered(delivered.splice(0));
        if (outcome.kind === 'retentar') this.scheduleRetry(job, outcome.attempt, outcome.dueAt);
        else if (outcome.kind === 'descartada') this.markDiscarded(job, outcome.motivo);
        else {
          const d = this.markFailed(job, outcome.attempt, outcome.motivo, outcome.at);
          if (d) deactivations.push(d);
        }
      }
      if (delivered.length) this.markDelivered(delivered);
      return deactivations;
    });
  }

  /**
   * The outcomes whose delivery still exists: deleting a webhook deletes its deliveries (ON DELETE CASCADE), and
   * the outcome of one sent meanwhile has nothing left to record; written, it would break a foreign key and undo
   * the burst, and every other delivery in it would be sent again.
   */
  private stillQueued<T extends { job: DeliveryJob }>(outcomes: readonly T[]): readonly T[] {
    if (outcomes.length === 0) return outcomes;
    const rows = this.sql(`SELECT id FROM entregas WHERE id IN (${outcomes.map(() => '?').join(', ')})`).all(
      ...outcomes.map((o) => o.job.id),
    ) as { id: string }[];
    const present = new Set(rows.map((r) => r.id));
    return outcomes.filter((o) => present.has(o.job.id));
  }

  accountEmail(contaId: number): string | null {
    const row = this.sql('SELECT email FROM webhook_contas WHERE conta_id = ?').get(contaId) as
      | { email: string | null }
      | undefined;
    return row?.email ?? null;
  }

  cursor(): number | null {
    const row = this.sql("SELECT seq FROM dispatcher_cursor WHERE nome = 'outbox'").get() as
      | { seq: number }
      | undefined;
    return row ? row.seq : null;
  }

  subscribers(): Subscriber[] {
    const rows = this.sql(
      `SELECT w.id, w.conta_id, w.evento_seq_inicial, w.eventos, c.plano, c.campeonatos
         FROM webhooks w LEFT JOIN contas c ON c.id = w.conta_id WHERE w.ativo = 1 ORDER BY w.id`,
    ).all() as SubscriberRow[];
    return rows.map(toSubscriber);
  }

  fanOut(
    events: readonly OutboxEvent[],
    subscribersFor: (e: OutboxEvent) => readonly Subscriber[],
    upTo: number,
    now: number,
  ): number {
    return this.tx(() => {
      const insert = this.sql(
        `INSERT INTO entregas (id, webhook_id, conta_id, evento, evento_seq, campeonato_id, corpo, origem, status, criada_em, proxima_tentativa_em)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'automatica', 'pendente', ?, ?)
         ON CONFLICT (evento_seq, webhook_id) DO NOTHING`,
      );
      let created = 0;
      for (const event of events) {
        for (const sub of subscribersFor(event)) {
          created += insert.run(
            this.newId(),
            sub.id,
            sub.contaId,
            event.evento,
            event.seq,
            event.campeonato_id,
            event.corpo,
            iso(now),
            now,
          ).changes;
        }
      }
      this.sql("UPDATE dispatcher_cursor SET seq = max(seq, ?) WHERE nome = 'outbox'").run(upTo);
      return created;
    });
  }

  renewClaims(owner: string, ids: readonly string[], until: number): number {
    if (ids.length === 0) return 0;
    return this.sql(
      `UPDATE entregas SET reservada_ate = ? WHERE reservada_por = ? AND status = 'pendente'
         AND id IN (${ids.map(() => '?').join(', ')})`,
    ).run(until, owner, ...ids).changes;
  }

  releaseClaims(isDead: (owner: string) => boolean): number {
    const owners = (
      this.sql(
        `SELECT DISTINCT reservada_por FROM entregas WHERE status = 'pendente' AND reservada_por IS NOT NULL`,
      ).all() as {
        reservada_por: string;
      }[]
    )
      .map((r) => r.reservada_por)
      .filter(isDead);
    let released = 0;
    for (const owner of owners) {
      released += this.sql(
        'UPDATE entregas SET reservada_ate = NULL, reservada_por = NULL, cota_reservada = 0 WHERE reservada_por = ?',
      ).run(owner).changes;
    }
    return released;
  }

  claimDue(
    now: number,
    limit: number,
    exclude: readonly string[],
    owner: string,
    leaseMs: number,
    skipAccounts: readonly number[] = [],
  ): DeliveryJob[] {
    if (limit < 1) return [];
    return this.tx(() => {
      const notIn =
        (exclude.length ? `AND id NOT IN (${exclude.map(() => '?').join(', ')})` : '') +
        (skipAccounts.length ? ` AND conta_id NOT IN (${skipAccounts.map(() => '?').join(', ')})` : '');
      const ids = (
        this.sql(
          `UPDATE entregas SET reservada_ate = ?, reservada_por = ?
             WHERE id IN (SELECT id FROM entregas
                          WHERE status = 'pendente' AND proxima_tentativa_em <= ?
                            AND (reservada_ate IS NULL OR reservada_ate <= ?) ${notIn}
                          ORDER BY proxima_tentativa_em LIMIT ?)
             RETURNING id`,
        ).all(now + leaseMs, owner, now, now, ...exclude, ...skipAccounts, limit) as { id: string }[]
      ).map((r) => r.id);
      if (ids.length === 0) return [];
      const rows = this.sql(
        `SELECT ${DELIVERY_COLUMNS}, w.url, w.secret, w.segredo_anterior, w.segredo_anterior_ate, w.ativo AS webhook_ativo, c.plano
           FROM entregas e JOIN webhooks w ON w.id = e.webhook_id LEFT JOIN contas c ON c.id = w.conta_id
           WHERE e.id IN (${ids.map(() => '?').join(', ')})
           ORDER BY e.proxima_tentativa_em`,
      ).all(...ids) as JobRow[];
      return rows.map((r) => toJob(r, (v) => this.openSecret(v), now));
    });
  }

  reserveQuota(jobs: readonly DeliveryJob[], now: number): QuotaReservation {
    // BEGIN IMMEDIATE: one writer at a time, so two workers' reservations never both see the same room.
    return this.tx(() => {
      const out: QuotaReservation = { granted: [], waiting: [], exhausted: [] };
      for (const { contaId, plano, ids } of byAccount(jobs)) {
        const limit = this.accountLimits(contaId, plano).entregasMes;
        const list = ids.map(() => '?').join(', ');
        const held =
          limit === null
            ? 0
            : (
                this.sql(
                  `SELECT count(*) AS n FROM entregas WHERE conta_id = ? AND cota_reservada = 1
                     AND status = 'pendente' AND reservada_ate > ? AND id NOT IN (${list})`,
                ).get(contaId, now, ...ids) as { n: number }
              ).n;
        const { hold, free } = decideQuota(ids, { limit, used: this.monthlyUsage(contaId, now), held }, out);
        for (const [marked, flag] of [
          [hold, 1],
          [free, 0],
        ] as const) {
          if (marked.length === 0) continue;
          this.sql(`UPDATE entregas SET cota_reservada = ? WHERE id IN (${marked.map(() => '?').join(', ')})`).run(
            flag,
            ...marked,
          );
        }
      }
      return out;
    });
  }

  nextDueAt(): number | null {
    const row = this.sql(
      `SELECT min(proxima_tentativa_em) AS t FROM entregas WHERE status = 'pendente' AND reservada_ate IS NULL`,
    ).get() as { t: number | null };
    return row.t;
  }

  private markDelivered(delivered: readonly Delivered[]): void {
    this.tx(() => {
      const perMonth = new Map<string, { contaId: number; ref: string; n: number }>();
      const lastSuccess = new Map<number, number>();
      for (const { job, attempt, at } of delivered) {
        this.insertAttempt(job.id, attempt);
        this.sql(
          `UPDATE entregas SET status = 'entregue', tentativas = ?, entregue_em = ?, proxima_tentativa_em = NULL,
             reservada_ate = NULL, reservada_por = NULL, ultimo_status_code = ?, ultimo_erro = NULL, duracao_ms = ?
           WHERE id = ?`,
        ).run(attempt.numero, iso(at), attempt.statusCode, attempt.duracaoMs, job.id);
        // Only automatic deliveries move the quota and the failure history; tests are management calls.
        if (job.origem !== 'automatica') continue;
        const ref = monthReference(at);
        const key = `${job.contaId}:${ref}`;
        perMonth.set(key, { contaId: job.contaId, ref, n: (perMonth.get(key)?.n ?? 0) + 1 });
        lastSuccess.set(job.webhookId, Math.max(at, lastSuccess.get(job.webhookId) ?? 0));
      }
      for (const { contaId, ref, n } of perMonth.values()) {
        this.sql(
          `INSERT INTO entregas_mensais (conta_id, referencia, usadas) VALUES (?, ?, ?)
           ON CONFLICT (conta_id, referencia) DO UPDATE SET usadas = entregas_mensais.usadas + excluded.usadas`,
        ).run(contaId, ref, n);
      }
      for (const [webhookId, at] of lastSuccess) {
        this.sql(
          'UPDATE webhooks SET falhas_consecutivas = 0, desativacoes_seguidas = 0, ultimo_sucesso_em = ? WHERE id = ?',
        ).run(iso(at), webhookId);
      }
    });
  }

  private scheduleRetry(job: DeliveryJob, attempt: AttemptResult, dueAt: number): void {
    this.tx(() => {
      this.insertAttempt(job.id, attempt);
      this.sql(
        `UPDATE entregas SET tentativas = ?, proxima_tentativa_em = ?, reservada_ate = NULL, reservada_por = NULL,
             cota_reservada = 0, ultimo_status_code = ?, ultimo_erro = ?, duracao_ms = ? WHERE id = ?`,
      ).run(attempt.numero, dueAt, attempt.statusCode, attempt.erro, attempt.duracaoMs, job.id);
    });
  }

  private markFailed(job: DeliveryJob, attempt: AttemptResult | null, erro: string, now: number): Deactivation | null {
    return this.tx(() => {
      if (attempt) this.insertAttempt(job.id, attempt);
      this.sql(
        `UPDATE entregas SET status = 'falhou', tentativas = ?, proxima_tentativa_em = NULL, reservada_ate = NULL,
             reservada_por = NULL, ultimo_status_code = ?, ultimo_erro = ?, duracao_ms = ? WHERE id = ?`,
      ).run(attempt?.numero ?? job.tentativas, attempt?.statusCode ?? null, erro, attempt?.duracaoMs ?? null, job.id);
      return job.origem === 'automatica' ? this.countFailure(job.webhookId, now) : null;
    });
  }

  /** One more failed delivery for a webhook; applies the deactivation policy's decision. */
  private countFailure(webhookId: number, now: number): Deactivation | null {
    const row = this.sql(
      `UPDATE webhooks SET falhas_consecutivas = falhas_consecutivas + 1 WHERE id = ? AND ativo = 1 RETURNING ${WEBHOOK_COLUMNS}`,
    ).get(webhookId) as WebhookRow | undefined;
    if (!row) return null;
    const decision = this.deactivation(
      { falhasConsecutivas: row.falhas_consecutivas, desativacoesSeguidas: row.desativacoes_seguidas },
      now,
    );
    if (!decision) return null;
    const { tipo, motivo } = decision;
    const reativarEm = decision.reativarEm === null ? null : iso(decision.reativarEm);
    const updated = this.sql(
      `UPDATE webhooks SET ativo = 0, desativado_em = ?, motivo_desativacao = ?, reativar_em = ?,
           desativacoes_seguidas = desativacoes_seguidas + 1, atualizado_em = ?
         WHERE id = ? RETURNING ${WEBHOOK_COLUMNS}`,
    ).get(iso(now), motivo, reativarEm, iso(now), webhookId) as WebhookRow;
    this.sql('INSERT INTO webhook_desativacoes (webhook_id, tipo, motivo, em, reativar_em) VALUES (?, ?, ?, ?, ?)').run(
      webhookId,
      tipo,
      motivo,
      iso(now),
      reativarEm,
    );
    return { webhook: this.webhook(updated), tipo, motivo };
  }

  private markDiscarded(job: DeliveryJob, reason: string): void {
    this.sql(
      `UPDATE entregas SET status = 'descartada', proxima_tentativa_em = NULL, reservada_ate = NULL, reservada_por = NULL,
           ultimo_erro = ? WHERE id = ?`,
    ).run(reason, job.id);
  }

  recordNotice(notice: DeactivationNotice, now: number): number {
    const row = this.sql(
      `INSERT INTO avisos_email (conta_id, webhook_id, destinatario, assunto, corpo, criado_em)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
    ).get(notice.contaId, notice.webhookId, notice.destinatario, notice.assunto, notice.corpo, iso(now)) as {
      id: number;
    };
    return row.id;
  }

  noticeOutcome(id: number, enviadoEm: string | null, erro: string | null): void {
    this.sql('UPDATE avisos_email SET enviado_em = ?, erro = ? WHERE id = ?').run(enviadoEm, erro, id);
  }
}

/** The queue over an open control plane; delivery ids are random UUIDs unless a test fixes them. */
export function openDeliveryQueue(
  db: ControlDb,
  deactivation: DeactivationPolicy,
  newId: () => string = () => crypto.randomUUID(),
): DeliveryQueue {
  return new SqliteDeliveryQueue(db, deactivation, newId);
}

/** What one account's quota stands at: its limit (null: none), what the month used, and slots held by others. */
export interface QuotaStanding {
  limit: number | null;
  used: number;
  held: number;
}

/** Claimed deliveries by account, as each engine reserves them (one account's slots at a time). */
export function byAccount(jobs: readonly DeliveryJob[]): { contaId: number; plano: Plano; ids: string[] }[] {
  const groups = new Map<number, { contaId: number; plano: Plano; ids: string[] }>();
  for (const j of jobs) {
    const g = groups.get(j.contaId);
    if (g) g.ids.push(j.id);
    else groups.set(j.contaId, { contaId: j.contaId, plano: j.plano ?? 'free', ids: [j.id] });
  }
  return [...groups.values()];
}

/**
 * The rule both engines apply inside their transaction: grant as many of an account's `ids` as its quota has
 * room for; the rest wait while slots are held (a send in flight may fail), else are exhausted.
 * `hold` / `free`: the ids whose `cota_reservada` flag must be set / cleared.
 */
export function decideQuota(
  ids: readonly string[],
  { limit, used, held }: QuotaStanding,
  into: QuotaReservation,
): { hold: string[]; free: string[] } {
  const room = limit === null ? ids.length : Math.max(0, limit - used - held);
  const granted = ids.slice(0, room);
  const refused = ids.slice(room);
  into.granted.push(...granted);
  // Sends in flight, this call's included, may fail and free a slot: the rest wait for them.
  (held + granted.length > 0 ? into.waiting : into.exhausted).push(...refused);
  // Without a limit nothing is metered: no slot to hold.
  return { hold: limit === null ? [] : granted, free: refused };
}
