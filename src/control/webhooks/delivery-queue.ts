import { monthReference, type DeactivationPolicy } from '../../domain/webhooks.js';
import { dispatcherCursorOn } from '../outbox-cursor.js';
import type { SecretBox } from '../secret-box.js';
import type { ControlQuery, ControlSql, Engine } from '../sql/control-sql.js';
import { lockFor, LOCKS, writeRows, type RowsShape } from '../sql/dialect.js';
import { deliveryStatements, type DeliveryStatements } from './delivery-statements.js';
import {
  iso,
  toClaimed,
  toSubscriber,
  toTarget,
  type Deactivation,
  type DeliveryJob,
  type ClaimRow,
  type JobTarget,
  type OutboxEvent,
  type QuotaReservation,
  type RecordedOutcome,
  type Subscriber,
  type SubscriberRow,
  type TargetRow,
} from './records.js';
import { WebhookTables, type WebhookAccounts } from './webhook-tables.js';

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
   * Leases up to `limit` due deliveries to `owner` for `leaseMs`, skipping the deliveries of `skipAccounts` (holding
   * their share already). A delivery under a live lease is never due; one whose lease lapsed is, even to its owner.
   */
  claimDue(
    now: number,
    limit: number,
    owner: string,
    leaseMs: number,
    skipAccounts?: readonly number[],
  ): Promise<DeliveryJob[]>;
  /**
   * Reserves monthly-quota slots for claimed automatic deliveries, atomically across workers: a slot counts
   * from here until the delivery's outcome is recorded or its claim lapses. The limit is the one the claim read
   * (`monthlyLimit`); accounts without one get all.
   */
  reserveQuota(jobs: readonly DeliveryJob[], now: number): Promise<QuotaReservation>;
  /** When the earliest unclaimed pending delivery is due (claims of dead workers are caught by the poll). */
  nextDueAt(): Promise<number | null>;
  accountEmail(contaId: number): Promise<string | null>;
  recordNotice(notice: DeactivationNotice, now: number): Promise<number>;
  noticeOutcome(id: number, enviadoEm: string | null, erro: string | null): Promise<void>;
}

type Outcome = { job: DeliveryJob; outcome: RecordedOutcome };

const FAN_OUT: RowsShape = {
  head: `INSERT INTO entregas (id, webhook_id, conta_id, evento, evento_seq, campeonato_id, corpo, criada_em,
  proxima_tentativa_em, origem, status)`,
  types: [null, null, null, null, null, null, null, null, null, null, null],
  tail: 'ON CONFLICT (evento_seq, webhook_id) DO NOTHING',
};

class SqlDeliveryQueue extends WebhookTables implements DeliveryQueue {
  private readonly st: DeliveryStatements;

  constructor(
    sql: ControlSql,
    box: SecretBox,
    private readonly deactivation: DeactivationPolicy,
    private readonly newId: () => string,
  ) {
    super(sql, box);
    this.st = deliveryStatements(sql);
  }

  /**
   * Each delivery's own rows first (a claimed delivery is one worker's alone), then the webhooks' failure
   * history and the quota, the rows workers share, locked only for that tail: the same end state as applying
   * the outcomes one by one. The deliveries' rows and their attempts are one statement each however many.
   */
  recordOutcomes(burst: readonly Outcome[]): Promise<Deactivation[]> {
    if (burst.length === 0) return Promise.resolve([]);
    return this.sql.write(async (tx) => {
      await this.lockWebhooks(
        tx,
        burst.map((o) => o.job.webhookId),
        'keyShare',
      );
      // Deleting a webhook deletes its deliveries (ON DELETE CASCADE): the outcome of one sent meanwhile has
      // nothing left to record, and its attempt would break a foreign key and undo the burst. Rare: the rows
      // still there are looked up only when fewer than the burst were updated.
      const settled = await settle(tx, this.sql.engine, burst);
      const present =
        settled === burst.length
          ? null
          : new Set((await this.st.existing(tx, JSON.stringify(burst.map((o) => o.job.id)))).map((r) => r.id));
      const outcomes = present === null ? burst : burst.filter((o) => present.has(o.job.id));
      await this.insertAttempts(
        tx,
        outcomes.flatMap(({ job, outcome }) =>
          outcome.kind !== 'descartada' && outcome.attempt ? [{ deliveryId: job.id, attempt: outcome.attempt }] : [],
        ),
      );
      return this.updateWebhooks(tx, outcomes);
    });
  }

  /**
   * Row locks on webhooks, always in id order: transactions taking them never wait on each other in a cycle (a
   * deadlock, which PostgreSQL breaks by failing one). `keyShare` as a burst starts: other workers, fan-out and
   * webhook edits go on, but deleting one of its webhooks waits for the burst (or the burst for the delete) instead
   * of each holding a row the other's cascade or update needs next. `noKeyUpdate` before the failure history:
   * workers whose bursts share webhooks write it one after another, only for that short tail. SQLite: nothing to
   * do (one writer at a time).
   */
  private async lockWebhooks(
    tx: ControlQuery,
    ids: readonly number[],
    mode: 'keyShare' | 'noKeyUpdate',
  ): Promise<void> {
    if (this.sql.engine === 'postgres') await this.st.lockWebhooks[mode](tx, JSON.stringify([...new Set(ids)]));
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
      const created = await writeRows(tx, engine, FAN_OUT, rows);
      await dispatcherCursorOn(tx, engine).advance(upTo);
      return created;
    });
  }

  renewClaims(owner: string, ids: readonly string[], until: number): Promise<number> {
    return this.st.renew(this.sql.db, until, owner, JSON.stringify(ids));
  }

  async releaseClaims(isDead: (owner: string) => boolean): Promise<number> {
    const owners = await this.st.claimOwners(this.sql.db);
    const dead = owners.map((r) => r.reservada_por as string).filter(isDead);
    if (dead.length === 0) return 0;
    return this.st.release(this.sql.db, JSON.stringify(dead));
  }

  /**
   * Leases up to `limit` due deliveries to `owner` until `now + leaseMs`. SKIP LOCKED: workers claiming at the
   * same moment take disjoint rows instead of waiting on each other. A worker that dies keeps its claims only
   * until the lease ends; then another claims them, with the same delivery id (X-SVC-Entrega). The claim commits
   * by itself and hands back the rows it leased; their webhooks and accounts are read after, once per webhook,
   * with no transaction: the rows are this worker's, and a webhook deleted in between takes its deliveries along
   * (they are simply not returned).
   */
  async claimDue(
    now: number,
    limit: number,
    owner: string,
    leaseMs: number,
    skipAccounts: readonly number[] = [],
  ): Promise<DeliveryJob[]> {
    if (limit < 1) return [];
    const { db } = this.sql;
    const rows = (await this.st.claim(
      db,
      now,
      now + leaseMs,
      owner,
      JSON.stringify(skipAccounts),
      limit,
    )) as ClaimRow[];
    if (rows.length === 0) return [];
    const webhookIds = JSON.stringify([...new Set(rows.map((r) => r.webhook_id))]);
    const targets = new Map<number, JobTarget>();
    for (const t of await this.st.targets(db, webhookIds))
      targets.set(
        t.id,
        toTarget(t as TargetRow, (v) => this.openSecret(v), now),
      );
    const jobs: DeliveryJob[] = [];
    for (const r of rows) {
      const target = targets.get(r.webhook_id);
      // Not `{ ...delivery, ...target }`: V8 builds that object property by property, ~8 µs a job.
      if (target) jobs.push(Object.assign(toClaimed(r), target));
    }
    // Oldest due first; events of one moment in their order.
    return jobs.sort(
      (x, y) => (x.proximaTentativaEm ?? 0) - (y.proximaTentativaEm ?? 0) || (x.eventoSeq ?? 0) - (y.eventoSeq ?? 0),
    );
  }

  /**
   * Accounts with a limit (as their deliveries' claims read it) reserve in one transaction; the others are
   * granted without one.
   */
  async reserveQuota(jobs: readonly DeliveryJob[], now: number): Promise<QuotaReservation> {
    const out: QuotaReservation = { granted: [], waiting: [], exhausted: [] };
    const metered: { contaId: number; limit: number; ids: string[] }[] = [];
    for (const { contaId, limit, ids } of byAccount(jobs)) {
      if (limit === null) out.granted.push(...ids);
      else metered.push({ contaId, limit, ids });
    }
    if (metered.length === 0) return out;
    const referencia = monthReference(now);
    return this.sql.write(async (tx) => {
      // Accounts in id order, each under its lock until commit: two workers' reservations for one account never
      // both see the same room, and two reserving for several accounts never wait on each other in a cycle.
      for (const { contaId, limit, ids } of metered.sort((x, y) => x.contaId - y.contaId)) {
        await lockFor(tx, this.sql.engine, LOCKS.accountQuota, contaId);
        const [row] = await this.st.quotaStanding(tx, contaId, referencia, now, JSON.stringify(ids));
        const standing = { limit, used: Number(row?.used ?? 0), held: Number(row?.held ?? 0) };
        const { hold, free } = decideQuota(ids, standing, out);
        if (hold.length) await this.st.markQuota(tx, 1, JSON.stringify(hold));
        if (free.length) await this.st.markQuota(tx, 0, JSON.stringify(free));
      }
      return out;
    });
  }

  async nextDueAt(): Promise<number | null> {
    const [row] = await this.st.nextDueAt(this.sql.db);
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
    // Several webhooks are locked first, in id order; one is locked by its first UPDATE below: a round trip less
    // while other workers' bursts for it wait (PostgreSQL).
    const webhooks = new Set(counted.map((o) => o.job.webhookId));
    if (webhooks.size > 1) await this.lockWebhooks(tx, [...webhooks], 'noKeyUpdate');
    const deactivations: Deactivation[] = [];
    const usage = new Map<string, { contaId: number; ref: string; n: number }>();
    /** The current run of successes: webhook → its last success. */
    const successes = new Map<number, number>();
    const clearFailures = async (): Promise<void> => {
      for (const [webhookId, at] of successes) await this.st.clearFailures(tx, webhookId, iso(at));
      successes.clear();
    };
    for (const { job, outcome } of counted) {
      if (outcome.kind === 'entregue') {
        const ref = monthReference(outcome.at);
        const key = `${job.contaId}:${ref}`;
        usage.set(key, { contaId: job.contaId, ref, n: (usage.get(key)?.n ?? 0) + 1 });
        successes.set(job.webhookId, Math.max(outcome.at, successes.get(job.webhookId) ?? 0));
      } else if (outcome.kind === 'falhou') {
        await clearFailures();
        const d = await this.countFailure(tx, job.webhookId, outcome.at);
        if (d) deactivations.push(d);
      }
    }
    await clearFailures();
    // In account order, a fixed order of row locks, for the reason lockWebhooks gives.
    const quota = [...usage.values()].sort((x, y) => x.contaId - y.contaId || x.ref.localeCompare(y.ref));
    for (const { contaId, ref, n } of quota) await this.st.addUsage(tx, contaId, ref, n);
    return deactivations;
  }

  /** One more failed delivery for a webhook; applies the deactivation policy's decision. */
  private async countFailure(tx: ControlQuery, webhookId: number, now: number): Promise<Deactivation | null> {
    const [row] = await this.st.countFailure(tx, webhookId);
    if (!row) return null;
    const decision = this.deactivation(
      { falhasConsecutivas: row.falhas_consecutivas, desativacoesSeguidas: row.desativacoes_seguidas },
      now,
    );
    if (!decision) return null;
    const { tipo, motivo } = decision;
    const reativarEm = decision.reativarEm === null ? null : iso(decision.reativarEm);
    const [updated] = await this.st.deactivate(tx, webhookId, iso(now), motivo, reativarEm);
    if (!updated) throw new Error(`webhook ${webhookId} sumiu ao ser desativado`);
    await this.st.recordDeactivation(tx, webhookId, tipo, motivo, iso(now), reativarEm);
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
 * What each outcome does to its delivery's row, the claim freed, in one UPDATE (up to a burst's size); returns how
 * many rows it updated (a row per delivery still there). Delivered: its last answer kept; retried: due again, its
 * quota slot given back; failed or discarded: given up, with why. A count, not the ids (`RETURNING`): the driver
 * builds a JS row per delivery, ~1 µs each, for a list needed only when a webhook was deleted meanwhile.
 */
async function settle(tx: ControlQuery, engine: Engine, outcomes: readonly Outcome[]): Promise<number> {
  return writeRows(tx, engine, SETTLED, outcomes.map(settledRow));
}

/** An outcome as a row of SETTLED_HEAD's columns; NULL keeps the delivery's value where the tail says so. */
function settledRow({ job, outcome: o }: Outcome): unknown[] {
  switch (o.kind) {
    case 'entregue': {
      const a = o.attempt;
      return [job.id, 'entregue', a.numero, iso(o.at), null, null, 0, a.statusCode, null, a.duracaoMs];
    }
    case 'retentar': {
      const a = o.attempt;
      return [job.id, null, a.numero, null, o.dueAt, 0, 0, a.statusCode, a.erro, a.duracaoMs];
    }
    case 'falhou': {
      const a = o.attempt;
      return [
        job.id,
        'falhou',
        a?.numero ?? job.tentativas,
        null,
        null,
        null,
        0,
        a?.statusCode ?? null,
        o.motivo,
        a?.duracaoMs ?? null,
      ];
    }
    case 'descartada':
      return [job.id, 'descartada', null, null, null, null, 1, null, o.motivo, null];
  }
}

/**
 * The settle UPDATE, through the outcomes as a VALUES list `v`. `status` NULL: still pending (a retry); `tentativas`
 * NULL: unchanged (discarded before an attempt); `cota` NULL: the quota flag stays (only a retry gives its slot back,
 * the rest no longer count as pending); `manter` 1: the last answer stays (a discard says nothing of the receiver).
 */
const SETTLED: RowsShape = {
  head: 'WITH v (id, status, tentativas, entregue_em, proxima, cota, manter, status_code, erro, duracao_ms) AS (',
  types: ['TEXT', 'TEXT', 'INTEGER', 'TEXT', 'BIGINT', 'INTEGER', 'INTEGER', 'INTEGER', 'TEXT', 'INTEGER'],
  tail: `) UPDATE entregas SET status = COALESCE(v.status, entregas.status),
    tentativas = COALESCE(v.tentativas, entregas.tentativas), entregue_em = COALESCE(v.entregue_em, entregas.entregue_em),
    proxima_tentativa_em = v.proxima, reservada_ate = NULL, reservada_por = NULL,
    cota_reservada = COALESCE(v.cota, entregas.cota_reservada),
    ultimo_status_code = CASE WHEN v.manter = 1 THEN entregas.ultimo_status_code ELSE v.status_code END,
    ultimo_erro = v.erro, duracao_ms = CASE WHEN v.manter = 1 THEN entregas.duracao_ms ELSE v.duracao_ms END
  FROM v WHERE entregas.id = v.id`,
};

/** The queue over the control plane's SQL; delivery ids are random UUIDs unless a test fixes them. */
export function deliveryQueueOn(
  sql: ControlSql,
  box: SecretBox,
  deactivation: DeactivationPolicy,
  newId: () => string = () => crypto.randomUUID(),
): DeliveryQueue {
  return new SqlDeliveryQueue(sql, box, deactivation, newId);
}

/** What one metered account's quota stands at: its limit, what the month used, and slots held by others. */
interface QuotaStanding {
  limit: number;
  used: number;
  held: number;
}

/**
 * Claimed deliveries by account, as the quota is reserved (one account's slots at a time), with the account's
 * limit: the lowest its deliveries' claims read (null: none).
 */
function byAccount(jobs: readonly DeliveryJob[]): { contaId: number; limit: number | null; ids: string[] }[] {
  const groups = new Map<number, { contaId: number; limit: number | null; ids: string[] }>();
  for (const j of jobs) {
    const g = groups.get(j.contaId);
    if (!g) groups.set(j.contaId, { contaId: j.contaId, limit: j.monthlyLimit, ids: [j.id] });
    else {
      g.ids.push(j.id);
      if (j.monthlyLimit !== null) g.limit = Math.min(g.limit ?? j.monthlyLimit, j.monthlyLimit);
    }
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
  const room = Math.max(0, limit - used - held);
  const granted = ids.slice(0, room);
  const refused = ids.slice(room);
  into.granted.push(...granted);
  // Sends in flight, this call's included, may fail and free a slot: the rest wait for them.
  (held + granted.length > 0 ? into.waiting : into.exhausted).push(...refused);
  return { hold: granted, free: refused };
}
