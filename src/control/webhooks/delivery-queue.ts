import type { Plano } from '../../domain/plans.js';
import { monthReference, type DeactivationPolicy } from '../../domain/webhooks.js';
import { dispatcherCursorOn } from '../outbox-cursor.js';
import type { SecretBox } from '../secret-box.js';
import { CompiledQuery } from 'kysely';
import type { ControlQuery, ControlSql, Engine } from '../sql/control-sql.js';
import { forUpdateSkipLocked, inChunks, lockFor, lockRows, LOCKS, rowsText } from '../sql/dialect.js';
import {
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
} from './records.js';
import { STATUS, WebhookTables, type WebhookAccounts } from './webhook-tables.js';

export interface DeactivationNotice {
  contaId: number;
  webhookId: number;
  destinatario: string | null;
  assunto: string;
  corpo: string;
}

/**
 * The dispatcher's work list in the control plane, shared by every worker: fan-out of outbox events into
 * deliveries, claims of due deliveries (leased to one worker: SQLite's single writer, `FOR UPDATE SKIP LOCKED` on
 * PostgreSQL), their outcomes, quota counts and deactivation notices. Callers depend on this interface only.
 */
export interface DeliveryQueue extends WebhookAccounts {
  /**
   * Records a burst of outcomes in one transaction, in arrival order (it decides "consecutive" failures);
   * returns the deactivations they caused.
   */
  recordOutcomes(outcomes: readonly Outcome[]): Promise<Deactivation[]>;
  /** Last outbox seq fanned out; null while no webhook ever existed (nothing to deliver, nothing to keep). */
  cursor(): Promise<number | null>;
  subscribers(): Promise<Subscriber[]>;
  /** Creates the deliveries of `events` (idempotent per event and webhook) and moves the cursor to `upTo`, atomically. */
  fanOut(
    events: readonly OutboxEvent[],
    subscribersFor: (e: OutboxEvent) => readonly Subscriber[],
    upTo: number,
    now: number,
  ): Promise<number>;
  /** Frees the claims of owners `isDead` says are gone; returns how many deliveries went back to the queue. */
  releaseClaims(isDead: (owner: string) => boolean): Promise<number>;
  /**
   * Extends `owner`'s claims of `ids` to `until`: a worker renews what it still holds, so only a dead worker's
   * claims (and those it gave up on, to be sent again) lapse.
   */
  renewClaims(owner: string, ids: readonly string[], until: number): Promise<number>;
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
  ): Promise<DeliveryJob[]>;
  /**
   * Reserves monthly-quota slots for claimed automatic deliveries, atomically across workers: a slot counts
   * from here until the delivery's outcome is recorded or its claim lapses. Accounts without a limit get all.
   */
  reserveQuota(jobs: readonly DeliveryJob[], now: number): Promise<QuotaReservation>;
  /** When the earliest unclaimed pending delivery is due (claims of dead workers are caught by the poll). */
  nextDueAt(): Promise<number | null>;
  accountEmail(contaId: number): Promise<string | null>;
  recordNotice(notice: DeactivationNotice, now: number): Promise<number>;
  noticeOutcome(id: number, enviadoEm: string | null, erro: string | null): Promise<void>;
}

type Outcome = { job: DeliveryJob; outcome: RecordedOutcome };

const FAN_OUT_INSERT = `INSERT INTO entregas (id, webhook_id, conta_id, evento, evento_seq, campeonato_id, corpo, criada_em,
  proxima_tentativa_em, origem, status)`;
const FAN_OUT_TYPES = [null, null, null, null, null, null, null, null, null, null, null] as const;
const FAN_OUT_CONFLICT = 'ON CONFLICT (evento_seq, webhook_id) DO NOTHING';

/** What the sender needs from a claimed delivery's webhook and account (besides the delivery's own columns). */
const JOB_EXTRAS = [
  'w.url',
  'w.secret',
  'w.segredo_anterior',
  'w.segredo_anterior_ate',
  'w.ativo as webhook_ativo',
  'c.plano',
] as const;

class SqlDeliveryQueue extends WebhookTables implements DeliveryQueue {
  constructor(
    sql: ControlSql,
    box: SecretBox,
    private readonly deactivation: DeactivationPolicy,
    private readonly newId: () => string,
  ) {
    super(sql, box);
  }

  /**
   * Each delivery's own rows first (a claimed delivery is one worker's alone), then the webhooks' failure
   * history and the quota, the rows workers share, locked only for that tail: the same end state as applying
   * the outcomes one by one. Attempts and successes, nearly every outcome of a busy worker, are one statement
   * each however many.
   */
  recordOutcomes(burst: readonly Outcome[]): Promise<Deactivation[]> {
    if (burst.length === 0) return Promise.resolve([]);
    return this.sql.write(async (tx) => {
      await this.lockWebhooks(
        tx,
        burst.map((o) => o.job.webhookId),
        'keyShare',
      );
      const outcomes = await stillQueued(tx, burst);
      await this.insertAttempts(
        tx,
        outcomes.flatMap(({ job, outcome }) =>
          outcome.kind !== 'descartada' && outcome.attempt ? [{ deliveryId: job.id, attempt: outcome.attempt }] : [],
        ),
      );
      await markDelivered(tx, this.sql.engine, outcomes);
      for (const { job, outcome } of outcomes) if (outcome.kind !== 'entregue') await settle(tx, job, outcome);
      return this.updateWebhooks(tx, outcomes);
    });
  }

  /**
   * Row locks on webhooks, always in id order: transactions taking them never wait on each other in a cycle (a
   * deadlock, which PostgreSQL breaks by failing one). `keyShare` as a burst starts: other workers, fan-out and
   * webhook edits go on, but deleting one of its webhooks waits for the burst (or the burst for the delete) instead
   * of each holding a row the other's cascade or update needs next. `noKeyUpdate` before the failure history:
   * workers whose bursts share webhooks write it one after another, only for that short tail.
   */
  private lockWebhooks(tx: ControlQuery, ids: readonly number[], mode: 'keyShare' | 'noKeyUpdate'): Promise<void> {
    return lockRows(
      this.sql.engine,
      () =>
        tx
          .selectFrom('webhooks')
          .select('id')
          .where('id', 'in', [...new Set(ids)])
          .orderBy('id'),
      mode,
    );
  }

  async accountEmail(contaId: number): Promise<string | null> {
    const row = await this.sql.db
      .selectFrom('webhook_contas')
      .select('email')
      .where('conta_id', '=', contaId)
      .executeTakeFirst();
    return row?.email ?? null;
  }

  cursor(): Promise<number | null> {
    return dispatcherCursorOn(this.sql.db, this.sql.engine).get();
  }

  async subscribers(): Promise<Subscriber[]> {
    const rows = await this.sql.db
      .selectFrom('webhooks as w')
      .leftJoin('contas as c', 'c.id', 'w.conta_id')
      .select(['w.id', 'w.conta_id', 'w.evento_seq_inicial', 'w.eventos', 'c.plano', 'c.campeonatos'])
      .where('w.ativo', '=', 1)
      .orderBy('w.id')
      .execute();
    return rows.map((r) => toSubscriber(r as SubscriberRow));
  }

  /** Idempotent per (event, webhook); the cursor moves in the same transaction, so two workers never fan out twice. */
  fanOut(
    events: readonly OutboxEvent[],
    subscribersFor: (e: OutboxEvent) => readonly Subscriber[],
    upTo: number,
    now: number,
  ): Promise<number> {
    const criada = iso(now);
    const rows = events.flatMap((event) =>
      subscribersFor(event).map((sub) => [
        this.newId(),
        sub.id,
        sub.contaId,
        event.evento,
        event.seq,
        event.campeonato_id,
        event.corpo,
        criada,
        now,
        'automatica',
        'pendente',
      ]),
    );
    const { engine } = this.sql;
    return this.sql.write(async (tx) => {
      let created = 0;
      for (const chunk of inChunks(rows, FAN_OUT_TYPES.length)) {
        const text = rowsText(engine, FAN_OUT_INSERT, FAN_OUT_TYPES, chunk.length, FAN_OUT_CONFLICT);
        const r = await tx.executeQuery(CompiledQuery.raw(text, chunk.flat()));
        created += Number(r.numAffectedRows ?? 0);
      }
      await dispatcherCursorOn(tx, engine).advance(upTo);
      return created;
    });
  }

  async renewClaims(owner: string, ids: readonly string[], until: number): Promise<number> {
    let renewed = 0;
    for (const chunk of inChunks(ids, 1)) {
      const r = await this.sql.db
        .updateTable('entregas')
        .set({ reservada_ate: until })
        .where('reservada_por', '=', owner)
        .where('status', '=', STATUS.pendente)
        .where('id', 'in', chunk)
        .executeTakeFirst();
      renewed += Number(r.numUpdatedRows);
    }
    return renewed;
  }

  async releaseClaims(isDead: (owner: string) => boolean): Promise<number> {
    const owners = await this.sql.db
      .selectFrom('entregas')
      .select('reservada_por')
      .distinct()
      .where('status', '=', STATUS.pendente)
      .where('reservada_por', 'is not', null)
      .execute();
    const dead = owners.map((r) => r.reservada_por as string).filter(isDead);
    if (dead.length === 0) return 0;
    const r = await this.sql.db
      .updateTable('entregas')
      .set({ reservada_ate: null, reservada_por: null, cota_reservada: 0 })
      .where('reservada_por', 'in', dead)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /**
   * Leases up to `limit` due deliveries to `owner` until `now + leaseMs`. SKIP LOCKED: workers claiming at the
   * same moment take disjoint rows instead of waiting on each other. A worker that dies keeps its claims only
   * until the lease ends; then another claims them, with the same delivery id (X-SVC-Entrega). The claim commits
   * by itself: the rows it leased are this worker's, so reading them with their webhooks needs no transaction (a
   * webhook deleted in between takes its deliveries along, and they are simply not returned).
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
    const { db, engine } = this.sql;
    const due = db
      .selectFrom('entregas')
      .select('id')
      .where('status', '=', STATUS.pendente)
      .where('proxima_tentativa_em', '<=', now)
      .where((eb) => eb.or([eb('reservada_ate', 'is', null), eb('reservada_ate', '<=', now)]))
      .$if(exclude.length > 0, (q) => q.where('id', 'not in', exclude))
      .$if(skipAccounts.length > 0, (q) => q.where('conta_id', 'not in', skipAccounts))
      .orderBy('proxima_tentativa_em')
      .limit(limit);
    const claimed = await db
      .updateTable('entregas')
      .set({ reservada_ate: now + leaseMs, reservada_por: owner })
      .where('id', 'in', forUpdateSkipLocked(engine, due))
      .returning('id')
      .execute();
    if (claimed.length === 0) return [];
    const rows = await db
      .selectFrom('entregas as e')
      .innerJoin('webhooks as w', 'w.id', 'e.webhook_id')
      .leftJoin('contas as c', 'c.id', 'w.conta_id')
      .selectAll('e')
      .select(JOB_EXTRAS)
      .where(
        'e.id',
        'in',
        claimed.map((r) => r.id),
      )
      .orderBy('e.proxima_tentativa_em')
      .execute();
    return rows.map((r) => toJob(r as JobRow, (v) => this.openSecret(v), now));
  }

  async reserveQuota(jobs: readonly DeliveryJob[], now: number): Promise<QuotaReservation> {
    const accounts = byAccount(jobs).sort((x, y) => x.contaId - y.contaId);
    // Read before the transaction: a pooled query inside it would wait for a second connection while holding
    // one, and enough concurrent reservations would hold the whole pool.
    const limits = await Promise.all(accounts.map((a) => this.accountLimits(a.contaId, a.plano)));
    return this.sql.write(async (tx) => {
      const out: QuotaReservation = { granted: [], waiting: [], exhausted: [] };
      // Accounts in id order, each under its lock until commit: two workers' reservations for one account never
      // both see the same room, and two reserving for several accounts never wait on each other in a cycle.
      for (const [i, { contaId, ids }] of accounts.entries()) {
        const limit = limits[i]?.entregasMes ?? null;
        let standing = { limit, used: 0, held: 0 };
        if (limit !== null) {
          await lockFor(tx, this.sql.engine, LOCKS.accountQuota, contaId);
          standing = { limit, ...(await quotaStanding(tx, contaId, ids, now)) };
        }
        const { hold, free } = decideQuota(ids, standing, out);
        for (const [marked, flag] of [
          [hold, 1],
          [free, 0],
        ] as const) {
          if (marked.length)
            await tx.updateTable('entregas').set({ cota_reservada: flag }).where('id', 'in', marked).execute();
        }
      }
      return out;
    });
  }

  async nextDueAt(): Promise<number | null> {
    const row = await this.sql.db
      .selectFrom('entregas')
      .select((eb) => eb.fn.min('proxima_tentativa_em').as('t'))
      .where('status', '=', STATUS.pendente)
      .where('reservada_ate', 'is', null)
      .executeTakeFirst();
    return row?.t ?? null;
  }

  /**
   * What automatic deliveries' outcomes do to their webhooks and accounts, in arrival order (it decides
   * "consecutive" failures): a run of successes clears the failure history, each failure counts and may
   * deactivate; successes add to the monthly quota. Returns the deactivations.
   */
  private async updateWebhooks(tx: ControlQuery, outcomes: readonly Outcome[]): Promise<Deactivation[]> {
    // Tests and replays are management calls: they move neither the quota nor the failure history.
    const counted = outcomes.filter(
      ({ job, outcome }) => job.origem === 'automatica' && (outcome.kind === 'entregue' || outcome.kind === 'falhou'),
    );
    if (counted.length === 0) return [];
    await this.lockWebhooks(
      tx,
      counted.map((o) => o.job.webhookId),
      'noKeyUpdate',
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
        await clearFailures(tx, successes);
        const d = await this.countFailure(tx, job.webhookId, outcome.at);
        if (d) deactivations.push(d);
      }
    }
    await clearFailures(tx, successes);
    // In account order, a fixed order of row locks, for the reason lockWebhooks gives.
    const quota = [...usage.values()].sort((x, y) => x.contaId - y.contaId || x.ref.localeCompare(y.ref));
    for (const { contaId, ref, n } of quota) {
      await tx
        .insertInto('entregas_mensais')
        .values({ conta_id: contaId, referencia: ref, usadas: n })
        .onConflict((c) =>
          c
            .columns(['conta_id', 'referencia'])
            .doUpdateSet((eb) => ({ usadas: eb('entregas_mensais.usadas', '+', eb.ref('excluded.usadas')) })),
        )
        .execute();
    }
    return deactivations;
  }

  /** One more failed delivery for a webhook; applies the deactivation policy's decision. */
  private async countFailure(tx: ControlQuery, webhookId: number, now: number): Promise<Deactivation | null> {
    const row = await tx
      .updateTable('webhooks')
      .set((eb) => ({ falhas_consecutivas: eb('falhas_consecutivas', '+', 1) }))
      .where('id', '=', webhookId)
      .where('ativo', '=', 1)
      .returning(['falhas_consecutivas', 'desativacoes_seguidas'])
      .executeTakeFirst();
    if (!row) return null;
    const decision = this.deactivation(
      { falhasConsecutivas: row.falhas_consecutivas, desativacoesSeguidas: row.desativacoes_seguidas },
      now,
    );
    if (!decision) return null;
    const { tipo, motivo } = decision;
    const reativarEm = decision.reativarEm === null ? null : iso(decision.reativarEm);
    const updated = await tx
      .updateTable('webhooks')
      .set((eb) => ({
        ativo: 0,
        desativado_em: iso(now),
        motivo_desativacao: motivo,
        reativar_em: reativarEm,
        desativacoes_seguidas: eb('desativacoes_seguidas', '+', 1),
        atualizado_em: iso(now),
      }))
      .where('id', '=', webhookId)
      .returning(WEBHOOK_COLUMNS)
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('webhook_desativacoes')
      .values({ webhook_id: webhookId, tipo, motivo, em: iso(now), reativar_em: reativarEm })
      .execute();
    return { webhook: this.webhook(updated), tipo, motivo };
  }

  async recordNotice(notice: DeactivationNotice, now: number): Promise<number> {
    const row = await this.sql.db
      .insertInto('avisos_email')
      .values({
        conta_id: notice.contaId,
        webhook_id: notice.webhookId,
        destinatario: notice.destinatario,
        assunto: notice.assunto,
        corpo: notice.corpo,
        criado_em: iso(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async noticeOutcome(id: number, enviadoEm: string | null, erro: string | null): Promise<void> {
    await this.sql.db.updateTable('avisos_email').set({ enviado_em: enviadoEm, erro }).where('id', '=', id).execute();
  }
}

/**
 * The outcomes whose delivery still exists: deleting a webhook deletes its deliveries (ON DELETE CASCADE), and
 * the outcome of one sent meanwhile has nothing left to record; written, it would break a foreign key and undo
 * the burst, and every other delivery in it would be sent again.
 */
async function stillQueued(tx: ControlQuery, outcomes: readonly Outcome[]): Promise<readonly Outcome[]> {
  const present = new Set<string>();
  for (const chunk of inChunks(outcomes, 1)) {
    const rows = await tx
      .selectFrom('entregas')
      .select('id')
      .where(
        'id',
        'in',
        chunk.map((o) => o.job.id),
      )
      .execute();
    for (const r of rows) present.add(r.id);
  }
  return present.size === outcomes.length ? outcomes : outcomes.filter((o) => present.has(o.job.id));
}

/** The burst's successes: delivered, claim freed, last answer kept; one UPDATE (up to a burst's size). */
async function markDelivered(tx: ControlQuery, engine: Engine, outcomes: readonly Outcome[]): Promise<void> {
  const rows = outcomes.flatMap(({ job, outcome: o }) =>
    o.kind === 'entregue' ? [[job.id, o.attempt.numero, iso(o.at), o.attempt.statusCode, o.attempt.duracaoMs]] : [],
  );
  for (const chunk of inChunks(rows, DELIVERED_TYPES.length)) {
    const text = rowsText(engine, DELIVERED_HEAD, DELIVERED_TYPES, chunk.length, DELIVERED_TAIL);
    await tx.executeQuery(CompiledQuery.raw(text, chunk.flat()));
  }
}

const DELIVERED_HEAD = 'WITH v (id, numero, em, status_code, duracao_ms) AS (';
const DELIVERED_TYPES = ['TEXT', 'INTEGER', 'TEXT', 'INTEGER', 'INTEGER'] as const;
const DELIVERED_TAIL = `) UPDATE entregas SET status = 'entregue', tentativas = v.numero, entregue_em = v.em,
    proxima_tentativa_em = NULL, reservada_ate = NULL, reservada_por = NULL, ultimo_status_code = v.status_code,
    ultimo_erro = NULL, duracao_ms = v.duracao_ms
  FROM v WHERE entregas.id = v.id`;

/** What a failure, retry or discard does to its delivery row (its attempt is already written); frees the claim. */
async function settle(
  tx: ControlQuery,
  job: DeliveryJob,
  outcome: Exclude<RecordedOutcome, { kind: 'entregue' }>,
): Promise<void> {
  const freed = { reservada_ate: null, reservada_por: null } as const;
  const row = tx.updateTable('entregas').where('id', '=', job.id);
  switch (outcome.kind) {
    case 'retentar': {
      const a = outcome.attempt;
      await row
        .set({
          ...freed,
          tentativas: a.numero,
          proxima_tentativa_em: outcome.dueAt,
          cota_reservada: 0,
          ultimo_status_code: a.statusCode,
          ultimo_erro: a.erro,
          duracao_ms: a.duracaoMs,
        })
        .execute();
      return;
    }
    case 'falhou': {
      const a = outcome.attempt;
      await row
        .set({
          ...freed,
          status: 'falhou',
          tentativas: a?.numero ?? job.tentativas,
          proxima_tentativa_em: null,
          ultimo_status_code: a?.statusCode ?? null,
          ultimo_erro: outcome.motivo,
          duracao_ms: a?.duracaoMs ?? null,
        })
        .execute();
      return;
    }
    case 'descartada':
      await row
        .set({ ...freed, status: 'descartada', proxima_tentativa_em: null, ultimo_erro: outcome.motivo })
        .execute();
  }
}

/** Ends the failure runs of webhooks that answered 2xx (and empties `successes`: a new run starts). */
async function clearFailures(tx: ControlQuery, successes: Map<number, number>): Promise<void> {
  for (const [webhookId, at] of successes) {
    await tx
      .updateTable('webhooks')
      .set({ falhas_consecutivas: 0, desativacoes_seguidas: 0, ultimo_sucesso_em: iso(at) })
      .where('id', '=', webhookId)
      .execute();
  }
  successes.clear();
}

/**
 * An account's month so far and the slots other claims hold, in one statement (one snapshot: an outcome recorded
 * meanwhile moves its slot from held to used at once).
 */
async function quotaStanding(
  tx: ControlQuery,
  contaId: number,
  ids: readonly string[],
  now: number,
): Promise<{ used: number; held: number }> {
  const row = await tx
    .selectNoFrom((eb) => [
      eb.fn
        .coalesce(
          eb
            .selectFrom('entregas_mensais')
            .select('usadas')
            .where('conta_id', '=', contaId)
            .where('referencia', '=', monthReference(now)),
          eb.val(0),
        )
        .as('used'),
      eb
        .selectFrom('entregas')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('conta_id', '=', contaId)
        .where('cota_reservada', '=', 1)
        .where('status', '=', STATUS.pendente)
        .where('reservada_ate', '>', now)
        .where('id', 'not in', ids)
        .as('held'),
    ])
    .executeTakeFirstOrThrow();
  return { used: Number(row.used), held: Number(row.held) };
}

/** The queue over the control plane's SQL; delivery ids are random UUIDs unless a test fixes them. */
export function deliveryQueueOn(
  sql: ControlSql,
  box: SecretBox,
  deactivation: DeactivationPolicy,
  newId: () => string = () => crypto.randomUUID(),
): DeliveryQueue {
  return new SqlDeliveryQueue(sql, box, deactivation, newId);
}

/** What one account's quota stands at: its limit (null: none), what the month used, and slots held by others. */
interface QuotaStanding {
  limit: number | null;
  used: number;
  held: number;
}

/** Claimed deliveries by account, as the quota is reserved (one account's slots at a time). */
function byAccount(jobs: readonly DeliveryJob[]): { contaId: number; plano: Plano; ids: string[] }[] {
  const groups = new Map<number, { contaId: number; plano: Plano; ids: string[] }>();
  for (const j of jobs) {
    const g = groups.get(j.contaId);
    if (g) g.ids.push(j.id);
    else groups.set(j.contaId, { contaId: j.contaId, plano: j.plano ?? 'free', ids: [j.id] });
  }
  return [...groups.values()];
}

/**
 * The quota rule, applied inside the reservation's transaction: grant as many of an account's `ids` as its quota
 * has room for; the rest wait while slots are held (a send in flight may fail), else are exhausted.
 * `hold` / `free`: the ids whose `cota_reservada` flag must be set / cleared.
 */
function decideQuota(
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
