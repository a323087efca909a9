import type { ControlDb } from './database.js';
import { lastValue } from './counters.js';
import { advanceDispatcherCursor, dispatcherCursor, ensureDispatcherCursor, EVENT_SEQ_COUNTER } from './outbox-cursor.js';
import type { Plano } from '../api/auth-context.js';
import type { EventName } from '../warehouse/events/detect.js';
import { isEventName, type DeliveryOrigin, type DeliveryStatus } from '../webhooks/catalog.js';
import { DEFAULT_WEBHOOK_LIMITS, monthReference, type WebhookLimits } from '../webhooks/limits.js';
import { isoWithOffset, nextUtcMidnight } from '../time.js';

export interface WebhookRecord {
  id: number;
  contaId: number;
  nome: string;
  url: string;
  eventos: EventName[];
  ativo: boolean;
  secret: string;
  criadoEm: string;
  atualizadoEm: string;
  falhasConsecutivas: number;
  ultimoSucessoEm: string | null;
  desativadoEm: string | null;
  motivoDesativacao: string | null;
  /** When a temporary deactivation ends; null while active or when permanent. */
  reativarEm: string | null;
  desativacoesSeguidas: number;
}

export interface DeliveryRecord {
  id: string;
  webhookId: number;
  contaId: number;
  evento: string;
  eventoSeq: number | null;
  campeonatoId: number | null;
  origem: DeliveryOrigin;
  status: DeliveryStatus;
  tentativas: number;
  criadaEm: string;
  entregueEm: string | null;
  proximaTentativaEm: number | null;
  ultimoStatusCode: number | null;
  ultimoErro: string | null;
  duracaoMs: number | null;
  corpo: string;
}

/** A delivery claimed for sending, with what the sender needs from its webhook. */
export interface DeliveryJob extends DeliveryRecord {
  url: string;
  secret: string;
  webhookAtivo: boolean;
  /** The account's plan; null when the account no longer exists. */
  plano: Plano | null;
}

/** One event read from a snapshot outbox. */
export interface OutboxEvent {
  seq: number;
  evento: string;
  campeonato_id: number;
  corpo: string;
}

/** What an HTTP attempt produced. */
export interface AttemptResult {
  numero: number;
  origem: DeliveryOrigin;
  destino: string;
  iniciadaEm: number;
  statusCode: number | null;
  erro: string | null;
  duracaoMs: number;
}

export interface Delivered {
  job: DeliveryJob;
  attempt: AttemptResult;
  at: number;
}

export interface Deactivation {
  webhook: WebhookRecord;
  tipo: 'temporaria' | 'permanente';
  motivo: string;
}

export interface NewWebhook {
  contaId: number;
  nome: string;
  url: string;
  eventos: readonly EventName[];
  secret: string;
}

export interface WebhookPatch {
  nome?: string;
  url?: string;
  eventos?: readonly EventName[];
  ativo?: boolean;
}

/** An active webhook with what fan-out needs to decide whether an event is for it. */
export interface Subscriber {
  id: number;
  contaId: number;
  /** Events up to this seq predate the webhook. */
  eventoSeqInicial: number;
  eventos: readonly string[];
  plano: Plano | null;
  campeonatos: readonly number[] | null;
}

export interface DeliveryFilter {
  webhookId?: number;
  /** Inclusive ISO bounds on `criada_em`. */
  since?: string;
  until?: string;
  status?: DeliveryStatus;
}

export class WebhookLimitError extends Error {
  override name = 'WebhookLimitError';
  constructor(readonly limit: number) {
    super(`limite de ${limit} webhooks ativos`);
  }
}

/** After this many consecutive failed deliveries a webhook is deactivated until the next UTC midnight. */
export const FAILURES_BEFORE_DEACTIVATION = 20;
/** This many temporary deactivations with no 2xx in between make the next one permanent. */
export const TEMPORARY_DEACTIVATIONS_BEFORE_PERMANENT = 3;

/**
 * Everything the webhooks part keeps in the control plane. Callers depend on this interface only, so a
 * PostgreSQL implementation (claims with FOR UPDATE SKIP LOCKED) can replace the SQLite one.
 */
export interface WebhooksStore {
  /** Runs several store calls in one transaction (the dispatcher records a burst of outcomes at once). */
  batch<T>(fn: () => T): T;
  createWebhook(input: NewWebhook, limit: number | null, now: number): WebhookRecord;
  listWebhooks(contaId: number): WebhookRecord[];
  getWebhook(contaId: number, id: number): WebhookRecord | null;
  getWebhookById(id: number): WebhookRecord | null;
  updateWebhook(contaId: number, id: number, patch: WebhookPatch, limit: number | null, now: number): WebhookRecord | null;
  deleteWebhook(contaId: number, id: number): boolean;
  rotateSecret(contaId: number, id: number, secret: string, now: number): WebhookRecord | null;
  enqueueDelivery(webhook: WebhookRecord, evento: string, corpo: string, origem: DeliveryOrigin, now: number): DeliveryRecord;
  /** Most recent first; optionally only one status. */
  listDeliveries(webhookId: number, limit: number, status?: DeliveryStatus): DeliveryRecord[];
  findDeliveries(ids: readonly string[]): DeliveryRecord[];
  /**
   * Puts a settled delivery (not `pendente`) back in the queue, due now, keeping its id, body and attempt
   * count; null when it is pending or does not exist.
   */
  requeueDelivery(id: string, now: number): DeliveryRecord | null;
  filterDeliveries(filter: DeliveryFilter): DeliveryRecord[];
  accountLimits(contaId: number, plano: Plano): WebhookLimits;
  monthlyUsage(contaId: number, now: number): number;
  accountEmail(contaId: number): string | null;

  cursor(): number | null;
  subscribers(): Subscriber[];
  fanOut(events: readonly OutboxEvent[], subscribersFor: (e: OutboxEvent) => readonly Subscriber[], upTo: number, now: number): number;
  reactivateDue(now: number): number;
  releaseClaims(isDead: (owner: string) => boolean): number;
  claimDue(now: number, limit: number, exclude: readonly string[], owner: string, leaseMs: number): DeliveryJob[];
  /** When the earliest unclaimed pending delivery is due (claims of dead workers are caught by the poll). */
  nextDueAt(): number | null;
  /** Records 2xx answers; quota and webhook history are updated once per account/webhook for the lot. */
  markDelivered(delivered: readonly Delivered[]): void;
  scheduleRetry(job: DeliveryJob, attempt: AttemptResult, dueAt: number): void;
  markFailed(job: DeliveryJob, attempt: AttemptResult | null, erro: string, now: number): Deactivation | null;
  markDiscarded(job: DeliveryJob, reason: string): void;
  recordReplay(delivery: DeliveryRecord, attempt: AttemptResult, toWebhookUrl: boolean, now: number): void;
  attemptsCount(deliveryId: string): number;
  recordNotice(notice: { contaId: number; webhookId: number; destinatario: string | null; assunto: string; corpo: string }, now: number): number;
  noticeOutcome(id: number, enviadoEm: string | null, erro: string | null): void;
}

const iso = (ms: number): string => isoWithOffset(ms);

const WEBHOOK_COLUMNS = `id, conta_id, nome, url, eventos, ativo, secret, criado_em, atualizado_em, falhas_consecutivas,
  ultimo_sucesso_em, desativado_em, motivo_desativacao, reativar_em, desativacoes_seguidas`;
const DELIVERY_COLUMN_NAMES = ['id', 'webhook_id', 'conta_id', 'evento', 'evento_seq', 'campeonato_id', 'origem', 'status',
  'tentativas', 'criada_em', 'entregue_em', 'proxima_tentativa_em', 'ultimo_status_code', 'ultimo_erro', 'duracao_ms', 'corpo'];
/** Delivery columns qualified with the alias `e` (queries that join webhooks). */
const DELIVERY_COLUMNS = DELIVERY_COLUMN_NAMES.map((c) => `e.${c}`).join(', ');

interface WebhookRow {
  id: number;
  conta_id: number;
  nome: string;
  url: string;
  eventos: string;
  ativo: number;
  secret: string;
  criado_em: string;
  atualizado_em: string;
  falhas_consecutivas: number;
  ultimo_sucesso_em: string | null;
  desativado_em: string | null;
  motivo_desativacao: string | null;
  reativar_em: string | null;
  desativacoes_seguidas: number;
}

interface DeliveryRow {
  id: string;
  webhook_id: number;
  conta_id: number;
  evento: string;
  evento_seq: number | null;
  campeonato_id: number | null;
  origem: DeliveryOrigin;
  status: DeliveryStatus;
  tentativas: number;
  criada_em: string;
  entregue_em: string | null;
  proxima_tentativa_em: number | null;
  ultimo_status_code: number | null;
  ultimo_erro: string | null;
  duracao_ms: number | null;
  corpo: string;
}

function toWebhook(r: WebhookRow): WebhookRecord {
  const eventos = (JSON.parse(r.eventos) as unknown[]).filter(isEventName);
  return {
    id: r.id,
    contaId: r.conta_id,
    nome: r.nome,
    url: r.url,
    eventos,
    ativo: r.ativo === 1,
    secret: r.secret,
    criadoEm: r.criado_em,
    atualizadoEm: r.atualizado_em,
    falhasConsecutivas: r.falhas_consecutivas,
    ultimoSucessoEm: r.ultimo_sucesso_em,
    desativadoEm: r.desativado_em,
    motivoDesativacao: r.motivo_desativacao,
    reativarEm: r.reativar_em,
    desativacoesSeguidas: r.desativacoes_seguidas,
  };
}

function toDelivery(r: DeliveryRow): DeliveryRecord {
  return {
    id: r.id,
    webhookId: r.webhook_id,
    contaId: r.conta_id,
    evento: r.evento,
    eventoSeq: r.evento_seq,
    campeonatoId: r.campeonato_id,
    origem: r.origem,
    status: r.status,
    tentativas: r.tentativas,
    criadaEm: r.criada_em,
    entregueEm: r.entregue_em,
    proximaTentativaEm: r.proxima_tentativa_em,
    ultimoStatusCode: r.ultimo_status_code,
    ultimoErro: r.ultimo_erro,
    duracaoMs: r.duracao_ms,
    corpo: r.corpo,
  };
}

/** The part of a prepared libsql statement the store uses. */
interface Statement {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

export class SqliteWebhooksStore implements WebhooksStore {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly db: ControlDb, private readonly newId: () => string) {}

  /** Prepared once per SQL text: the dispatcher runs the same few statements thousands of times. */
  private sql(text: string): Statement {
    let st = this.statements.get(text);
    if (!st) {
      st = this.db.prepare(text);
      this.statements.set(text, st);
    }
    return st;
  }

  /**
   * BEGIN IMMEDIATE: take the write lock up front so concurrent writers queue instead of failing mid-way.
   * Inside a batch the caller's transaction already covers it.
   */
  private tx<T>(fn: () => T): T {
    if (this.db.inTransaction) return fn();
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = fn();
      this.db.exec('COMMIT');
      return result;
    } catch (err) {
      this.db.exec('ROLLBACK');
      throw err;
    }
  }

  batch<T>(fn: () => T): T {
    return this.tx(fn);
  }

  private activeCount(contaId: number, exceptId: number | null): number {
    const row = this.sql('SELECT count(*) AS n FROM webhooks WHERE conta_id = ? AND ativo = 1 AND id <> ?')
      .get(contaId, exceptId ?? -1) as { n: number };
    return row.n;
  }

  createWebhook(input: NewWebhook, limit: number | null, now: number): WebhookRecord {
    return this.tx(() => {
      if (limit !== null && this.activeCount(input.contaId, null) >= limit) throw new WebhookLimitError(limit);
      const row = this.sql(
          `INSERT INTO webhooks (conta_id, nome, url, eventos, ativo, secret, criado_em, atualizado_em, evento_seq_inicial)
           VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?) RETURNING ${WEBHOOK_COLUMNS}`,
        )
        .get(input.contaId, input.nome, input.url, JSON.stringify(input.eventos), input.secret, iso(now), iso(now), lastValue(this.db, EVENT_SEQ_COUNTER)) as WebhookRow;
      // From now on snapshot retention must keep events until the dispatcher has consumed them.
      ensureDispatcherCursor(this.db);
      return toWebhook(row);
    });
  }

  listWebhooks(contaId: number): WebhookRecord[] {
    const rows = this.sql(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE conta_id = ? ORDER BY id`).all(contaId) as WebhookRow[];
    return rows.map(toWebhook);
  }

  getWebhook(contaId: number, id: number): WebhookRecord | null {
    const row = this.sql(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE conta_id = ? AND id = ?`).get(contaId, id) as WebhookRow | undefined;
    return row ? toWebhook(row) : null;
  }

  getWebhookById(id: number): WebhookRecord | null {
    const row = this.sql(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE id = ?`).get(id) as WebhookRow | undefined;
    return row ? toWebhook(row) : null;
  }

  updateWebhook(contaId: number, id: number, patch: WebhookPatch, limit: number | null, now: number): WebhookRecord | null {
    return this.tx(() => {
      const current = this.getWebhook(contaId, id);
      if (!current) return null;
      const ts = iso(now);
      if (patch.nome !== undefined) this.sql('UPDATE webhooks SET nome = ? WHERE id = ?').run(patch.nome, id);
      if (patch.eventos !== undefined) this.sql('UPDATE webhooks SET eventos = ? WHERE id = ?').run(JSON.stringify(patch.eventos), id);
      if (patch.url !== undefined && patch.url !== current.url) {
        // A new URL is a new endpoint: its predecessor's failures say nothing about it (spec state table).
        this.sql('UPDATE webhooks SET url = ?, falhas_consecutivas = 0, desativacoes_seguidas = 0 WHERE id = ?')
          .run(patch.url, id);
      }
      if (patch.ativo === true && !current.ativo) {
        if (limit !== null && this.activeCount(contaId, id) >= limit) throw new WebhookLimitError(limit);
        // The customer says the endpoint is fixed: lifts temporary and permanent deactivation alike.
        this.sql(
            `UPDATE webhooks SET ativo = 1, desativado_em = NULL, motivo_desativacao = NULL, reativar_em = NULL,
               falhas_consecutivas = 0, desativacoes_seguidas = 0 WHERE id = ?`,
          )
          .run(id);
      } else if (patch.ativo === false && current.ativo) {
        this.sql(`UPDATE webhooks SET ativo = 0, desativado_em = ?, motivo_desativacao = ?, reativar_em = NULL WHERE id = ?`)
          .run(ts, 'Desativado pelo cliente', id);
      }
      this.sql('UPDATE webhooks SET atualizado_em = ? WHERE id = ?').run(ts, id);
      return this.getWebhook(contaId, id);
    });
  }

  deleteWebhook(contaId: number, id: number): boolean {
    return this.sql('DELETE FROM webhooks WHERE conta_id = ? AND id = ?').run(contaId, id).changes > 0;
  }

  rotateSecret(contaId: number, id: number, secret: string, now: number): WebhookRecord | null {
    const row = this.sql(`UPDATE webhooks SET secret = ?, atualizado_em = ? WHERE conta_id = ? AND id = ? RETURNING ${WEBHOOK_COLUMNS}`)
      .get(secret, iso(now), contaId, id) as WebhookRow | undefined;
    return row ? toWebhook(row) : null;
  }

  enqueueDelivery(webhook: WebhookRecord, evento: string, corpo: string, origem: DeliveryOrigin, now: number): DeliveryRecord {
    const row = this.sql(
        `INSERT INTO entregas (id, webhook_id, conta_id, evento, corpo, origem, status, criada_em, proxima_tentativa_em)
         VALUES (?, ?, ?, ?, ?, ?, 'pendente', ?, ?) RETURNING ${DELIVERY_COLUMN_NAMES.join(', ')}`,
      )
      .get(this.newId(), webhook.id, webhook.contaId, evento, corpo, origem, iso(now), now) as DeliveryRow;
    return toDelivery(row);
  }

  listDeliveries(webhookId: number, limit: number, status?: DeliveryStatus): DeliveryRecord[] {
    const rows = this.sql(
        `SELECT ${DELIVERY_COLUMNS} FROM entregas e WHERE e.webhook_id = ? AND (? IS NULL OR e.status = ?)
         ORDER BY e.criada_em DESC, e.evento_seq DESC, e.id LIMIT ?`,
      )
      .all(webhookId, status ?? null, status ?? null, limit) as DeliveryRow[];
    return rows.map(toDelivery);
  }

  findDeliveries(ids: readonly string[]): DeliveryRecord[] {
    if (ids.length === 0) return [];
    const rows = this.sql(`SELECT ${DELIVERY_COLUMNS} FROM entregas e WHERE e.id IN (${ids.map(() => '?').join(', ')})`)
      .all(...ids) as DeliveryRow[];
    return rows.map(toDelivery);
  }

  requeueDelivery(id: string, now: number): DeliveryRecord | null {
    const row = this.sql(
        `UPDATE entregas SET status = 'pendente', proxima_tentativa_em = ?, entregue_em = NULL, reservada_ate = NULL, reservada_por = NULL
         WHERE id = ? AND status <> 'pendente' RETURNING ${DELIVERY_COLUMN_NAMES.join(', ')}`,
      )
      .get(now, id) as DeliveryRow | undefined;
    return row ? toDelivery(row) : null;
  }

  filterDeliveries(filter: DeliveryFilter): DeliveryRecord[] {
    const where: string[] = [];
    const params: (string | number)[] = [];
    if (filter.webhookId !== undefined) (where.push('e.webhook_id = ?'), params.push(filter.webhookId));
    if (filter.since !== undefined) (where.push('e.criada_em >= ?'), params.push(filter.since));
    if (filter.until !== undefined) (where.push('e.criada_em <= ?'), params.push(filter.until));
    if (filter.status !== undefined) (where.push('e.status = ?'), params.push(filter.status));
    const rows = this.sql(
        `SELECT ${DELIVERY_COLUMNS} FROM entregas e ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY e.criada_em, e.evento_seq, e.id`,
      )
      .all(...params) as DeliveryRow[];
    return rows.map(toDelivery);
  }

  accountLimits(contaId: number, plano: Plano): WebhookLimits {
    const defaults = DEFAULT_WEBHOOK_LIMITS[plano];
    const row = this.sql('SELECT limite_webhooks, limite_entregas_mes, limite_entregas_ilimitado FROM webhook_contas WHERE conta_id = ?')
      .get(contaId) as { limite_webhooks: number | null; limite_entregas_mes: number | null; limite_entregas_ilimitado: number } | undefined;
    if (!row) return defaults;
    return {
      webhooksAtivos: row.limite_webhooks ?? defaults.webhooksAtivos,
      entregasMes: row.limite_entregas_ilimitado === 1 ? null : (row.limite_entregas_mes ?? defaults.entregasMes),
    };
  }

  monthlyUsage(contaId: number, now: number): number {
    const row = this.sql('SELECT usadas FROM entregas_mensais WHERE conta_id = ? AND referencia = ?')
      .get(contaId, monthReference(now)) as { usadas: number } | undefined;
    return row?.usadas ?? 0;
  }

  accountEmail(contaId: number): string | null {
    const row = this.sql('SELECT email FROM webhook_contas WHERE conta_id = ?').get(contaId) as { email: string | null } | undefined;
    return row?.email ?? null;
  }

  cursor(): number | null {
    return dispatcherCursor(this.db);
  }

  subscribers(): Subscriber[] {
    const rows = this.sql(
        `SELECT w.id, w.conta_id, w.evento_seq_inicial, w.eventos, c.plano, c.campeonatos
         FROM webhooks w LEFT JOIN contas c ON c.id = w.conta_id WHERE w.ativo = 1 ORDER BY w.id`,
      )
      .all() as { id: number; conta_id: number; evento_seq_inicial: number; eventos: string; plano: Plano | null; campeonatos: string | null }[];
    return rows.map((r) => ({
      id: r.id,
      contaId: r.conta_id,
      eventoSeqInicial: r.evento_seq_inicial,
      eventos: JSON.parse(r.eventos) as string[],
      plano: r.plano,
      campeonatos: r.campeonatos === null ? null : (JSON.parse(r.campeonatos) as number[]),
    }));
  }

  fanOut(events: readonly OutboxEvent[], subscribersFor: (e: OutboxEvent) => readonly Subscriber[], upTo: number, now: number): number {
    return this.tx(() => {
      const insert = this.sql(
        `INSERT INTO entregas (id, webhook_id, conta_id, evento, evento_seq, campeonato_id, corpo, origem, status, criada_em, proxima_tentativa_em)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'automatica', 'pendente', ?, ?)
         ON CONFLICT (evento_seq, webhook_id) DO NOTHING`,
      );
      let created = 0;
      for (const event of events) {
        for (const sub of subscribersFor(event)) {
          created += insert.run(this.newId(), sub.id, sub.contaId, event.evento, event.seq, event.campeonato_id, event.corpo, iso(now), now).changes;
        }
      }
      advanceDispatcherCursor(this.db, upTo);
      return created;
    });
  }

  reactivateDue(now: number): number {
    return this.sql(
        `UPDATE webhooks SET ativo = 1, desativado_em = NULL, motivo_desativacao = NULL, reativar_em = NULL,
           falhas_consecutivas = 0, atualizado_em = ?
         WHERE ativo = 0 AND reativar_em IS NOT NULL AND reativar_em <= ?`,
      )
      .run(iso(now), iso(now)).changes;
  }

  releaseClaims(isDead: (owner: string) => boolean): number {
    const owners = (this.sql('SELECT DISTINCT reservada_por FROM entregas WHERE reservada_por IS NOT NULL').all() as { reservada_por: string }[])
      .map((r) => r.reservada_por)
      .filter(isDead);
    let released = 0;
    for (const owner of owners) {
      released += this.sql('UPDATE entregas SET reservada_ate = NULL, reservada_por = NULL WHERE reservada_por = ?').run(owner).changes;
    }
    return released;
  }

  claimDue(now: number, limit: number, exclude: readonly string[], owner: string, leaseMs: number): DeliveryJob[] {
    if (limit < 1) return [];
    return this.tx(() => {
      const notIn = exclude.length ? `AND id NOT IN (${exclude.map(() => '?').join(', ')})` : '';
      const ids = (
        this.sql(
            `UPDATE entregas SET reservada_ate = ?, reservada_por = ?
             WHERE id IN (SELECT id FROM entregas
                          WHERE status = 'pendente' AND proxima_tentativa_em <= ?
                            AND (reservada_ate IS NULL OR reservada_ate <= ?) ${notIn}
                          ORDER BY proxima_tentativa_em LIMIT ?)
             RETURNING id`,
          )
          .all(now + leaseMs, owner, now, now, ...exclude, limit) as { id: string }[]
      ).map((r) => r.id);
      if (ids.length === 0) return [];
      const rows = this.sql(
          `SELECT ${DELIVERY_COLUMNS}, w.url, w.secret, w.ativo AS webhook_ativo, c.plano
           FROM entregas e JOIN webhooks w ON w.id = e.webhook_id LEFT JOIN contas c ON c.id = w.conta_id
           WHERE e.id IN (${ids.map(() => '?').join(', ')})
           ORDER BY e.proxima_tentativa_em`,
        )
        .all(...ids) as (DeliveryRow & { url: string; secret: string; webhook_ativo: number; plano: Plano | null })[];
      return rows.map((r) => ({ ...toDelivery(r), url: r.url, secret: r.secret, webhookAtivo: r.webhook_ativo === 1, plano: r.plano }));
    });
  }

  nextDueAt(): number | null {
    const row = this.sql(`SELECT min(proxima_tentativa_em) AS t FROM entregas WHERE status = 'pendente' AND reservada_ate IS NULL`)
      .get() as { t: number | null };
    return row.t;
  }

  private insertAttempt(deliveryId: string, a: AttemptResult): void {
    this.sql(
        `INSERT INTO tentativas_entrega (entrega_id, numero, origem, destino, iniciada_em, status_code, erro, duracao_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(deliveryId, a.numero, a.origem, a.destino, iso(a.iniciadaEm), a.statusCode, a.erro, a.duracaoMs);
  }

  markDelivered(delivered: readonly Delivered[]): void {
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
        this.sql('UPDATE webhooks SET falhas_consecutivas = 0, desativacoes_seguidas = 0, ultimo_sucesso_em = ? WHERE id = ?').run(iso(at), webhookId);
      }
    });
  }

  scheduleRetry(job: DeliveryJob, attempt: AttemptResult, dueAt: number): void {
    this.tx(() => {
      this.insertAttempt(job.id, attempt);
      this.sql(
          `UPDATE entregas SET tentativas = ?, proxima_tentativa_em = ?, reservada_ate = NULL, reservada_por = NULL,
             ultimo_status_code = ?, ultimo_erro = ?, duracao_ms = ? WHERE id = ?`,
        )
        .run(attempt.numero, dueAt, attempt.statusCode, attempt.erro, attempt.duracaoMs, job.id);
    });
  }

  markFailed(job: DeliveryJob, attempt: AttemptResult | null, erro: string, now: number): Deactivation | null {
    return this.tx(() => {
      if (attempt) this.insertAttempt(job.id, attempt);
      this.sql(
          `UPDATE entregas SET status = 'falhou', tentativas = ?, proxima_tentativa_em = NULL, reservada_ate = NULL,
             reservada_por = NULL, ultimo_status_code = ?, ultimo_erro = ?, duracao_ms = ? WHERE id = ?`,
        )
        .run(attempt?.numero ?? job.tentativas, attempt?.statusCode ?? null, erro, attempt?.duracaoMs ?? null, job.id);
      return job.origem === 'automatica' ? this.countFailure(job.webhookId, now) : null;
    });
  }

  /** One more failed delivery for a webhook; deactivates it when the thresholds are reached. */
  private countFailure(webhookId: number, now: number): Deactivation | null {
    const row = this.sql(`UPDATE webhooks SET falhas_consecutivas = falhas_consecutivas + 1 WHERE id = ? AND ativo = 1 RETURNING ${WEBHOOK_COLUMNS}`)
      .get(webhookId) as WebhookRow | undefined;
    if (!row || row.falhas_consecutivas < FAILURES_BEFORE_DEACTIVATION) return null;
    const permanent = row.desativacoes_seguidas + 1 >= TEMPORARY_DEACTIVATIONS_BEFORE_PERMANENT;
    const tipo = permanent ? 'permanente' : 'temporaria';
    const reativarEm = permanent ? null : iso(nextUtcMidnight(now));
    const motivo = permanent
      ? `${TEMPORARY_DEACTIVATIONS_BEFORE_PERMANENT} desativações temporárias sem nenhuma entrega bem-sucedida: desativado até ser reativado pelo cliente`
      : `${FAILURES_BEFORE_DEACTIVATION} entregas consecutivas falharam: reativado em ${reativarEm}`;
    const updated = this.sql(
        `UPDATE webhooks SET ativo = 0, desativado_em = ?, motivo_desativacao = ?, reativar_em = ?,
           desativacoes_seguidas = desativacoes_seguidas + 1, atualizado_em = ?
         WHERE id = ? RETURNING ${WEBHOOK_COLUMNS}`,
      )
      .get(iso(now), motivo, reativarEm, iso(now), webhookId) as WebhookRow;
    this.sql('INSERT INTO webhook_desativacoes (webhook_id, tipo, motivo, em, reativar_em) VALUES (?, ?, ?, ?, ?)')
      .run(webhookId, tipo, motivo, iso(now), reativarEm);
    return { webhook: toWebhook(updated), tipo, motivo };
  }

  markDiscarded(job: DeliveryJob, reason: string): void {
    this.sql(
        `UPDATE entregas SET status = 'descartada', proxima_tentativa_em = NULL, reservada_ate = NULL, reservada_por = NULL,
           ultimo_erro = ? WHERE id = ?`,
      )
      .run(reason, job.id);
  }

  recordReplay(delivery: DeliveryRecord, attempt: AttemptResult, toWebhookUrl: boolean, now: number): void {
    this.tx(() => {
      this.insertAttempt(delivery.id, attempt);
      const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
      // A replay that reached the customer's own endpoint settles a delivery that had failed or was pending.
      if (ok && toWebhookUrl && delivery.status !== 'entregue') {
        this.sql(
            `UPDATE entregas SET status = 'entregue', entregue_em = ?, proxima_tentativa_em = NULL, ultimo_status_code = ?,
               ultimo_erro = NULL, duracao_ms = ? WHERE id = ? AND status <> 'entregue'`,
          )
          .run(iso(now), attempt.statusCode, attempt.duracaoMs, delivery.id);
      }
    });
  }

  attemptsCount(deliveryId: string): number {
    return (this.sql('SELECT count(*) AS n FROM tentativas_entrega WHERE entrega_id = ?').get(deliveryId) as { n: number }).n;
  }

  recordNotice(
    notice: { contaId: number; webhookId: number; destinatario: string | null; assunto: string; corpo: string },
    now: number,
  ): number {
    const row = this.sql(
        `INSERT INTO avisos_email (conta_id, webhook_id, destinatario, assunto, corpo, criado_em)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
      )
      .get(notice.contaId, notice.webhookId, notice.destinatario, notice.assunto, notice.corpo, iso(now)) as { id: number };
    return row.id;
  }

  noticeOutcome(id: number, enviadoEm: string | null, erro: string | null): void {
    this.sql('UPDATE avisos_email SET enviado_em = ?, erro = ? WHERE id = ?').run(enviadoEm, erro, id);
  }
}

/** The store over an open control plane; delivery ids are random UUIDs unless a test fixes them. */
export function openWebhooksStore(db: ControlDb, newId: () => string = () => crypto.randomUUID()): WebhooksStore {
  return new SqliteWebhooksStore(db, newId);
}
