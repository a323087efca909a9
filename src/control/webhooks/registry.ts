import type { DeliveryOrigin } from '../../domain/webhooks.js';
import { dispatcherCursorOn, EVENT_SEQ_COUNTER } from '../outbox-cursor.js';
import type { SecretBox } from '../secret-box.js';
import type { ControlQuery, ControlSql } from '../sql/control-sql.js';
import { inChunks, lockFor, LOCKS } from '../sql/dialect.js';
import type { ControlTables, WebhooksTable } from '../sql/tables.js';
import type { ExpressionBuilder, Updateable } from 'kysely';
import {
  ATTEMPT_COLUMNS,
  DELIVERY_COLUMNS,
  iso,
  settledByOneAttempt,
  toAttempt,
  toDelivery,
  WEBHOOK_COLUMNS,
  WebhookLimitError,
  type AttemptRecord,
  type AttemptResult,
  type AttemptRow,
  type DeliveryFilter,
  type DeliveryListFilter,
  type DeliveryRecord,
  type DeliveryRow,
  type NewWebhook,
  type SentDelivery,
  type WebhookPatch,
  type WebhookRecord,
} from './records.js';
import { STATUS, WebhookTables, type WebhookAccounts } from './webhook-tables.js';

/**
 * Webhooks and their delivery history, as their managers see them: the API's `/v1/webhooks` routes, the panel and
 * the operator's `svc replay`. Callers depend on this interface only.
 */
export interface WebhookRegistry extends WebhookAccounts {
  /** Throws WebhookLimitError when the account already has `limit` active webhooks. */
  createWebhook(input: NewWebhook, limit: number | null, now: number): Promise<WebhookRecord>;
  listWebhooks(contaId: number): Promise<WebhookRecord[]>;
  getWebhook(contaId: number, id: number): Promise<WebhookRecord | null>;
  getWebhookById(id: number): Promise<WebhookRecord | null>;
  /** Every active webhook, of every account (`svc webhooks trigger` without `--webhook`). */
  activeWebhooks(): Promise<WebhookRecord[]>;
  updateWebhook(
    contaId: number,
    id: number,
    patch: WebhookPatch,
    limit: number | null,
    now: number,
  ): Promise<WebhookRecord | null>;
  deleteWebhook(contaId: number, id: number): Promise<boolean>;
  /** A new secret; with `overlapMs` > 0 the current one keeps signing (extra header) until now + overlapMs. */
  rotateSecret(
    contaId: number,
    id: number,
    secret: string,
    now: number,
    overlapMs?: number,
  ): Promise<WebhookRecord | null>;
  /** Queues a delivery outside fan-out (`POST /v1/webhooks/{id}/teste`); the dispatcher sends it. */
  enqueueDelivery(
    webhook: WebhookRecord,
    evento: string,
    corpo: string,
    origem: DeliveryOrigin,
    now: number,
  ): Promise<DeliveryRecord>;
  /** Whether a test delivery of the webhook is still pending (tests go one at a time). */
  hasPendingTest(webhookId: number): Promise<boolean>;
  /** Most recent first, `limit` of them after skipping `offset`; optionally narrowed by `filter`. */
  listDeliveries(
    webhookId: number,
    limit: number,
    filter?: DeliveryListFilter,
    offset?: number,
  ): Promise<DeliveryRecord[]>;
  /** How many deliveries `listDeliveries` pages through with this filter. */
  countDeliveries(webhookId: number, filter?: DeliveryListFilter): Promise<number>;
  findDeliveries(ids: readonly string[]): Promise<DeliveryRecord[]>;
  /** Ids of deliveries starting with `prefix`, at most `limit` (`svc replay` takes a prefix, as `svc keys` does). */
  deliveryIdsStartingWith(prefix: string, limit: number): Promise<string[]>;
  /**
   * Puts a settled delivery (not `pendente`) back in the queue, due now, keeping its id, body and attempt
   * count (`POST …/entregas/{entregaId}/reenviar`); null when it is pending or does not exist.
   */
  requeueDelivery(id: string, now: number): Promise<DeliveryRecord | null>;
  /** Queues again every event delivery of a webhook created since `desde` (ISO) that ended failed or discarded; returns how many. */
  requeueUndeliveredSince(webhookId: number, desde: string, now: number): Promise<number>;
  filterDeliveries(filter: DeliveryFilter): Promise<DeliveryRecord[]>;
  /**
   * The number of an attempt this process is about to make (`svc replay`): the delivery's attempt count, moved on
   * atomically so no attempt number repeats. Null when it does not exist or the daemon is sending it right now.
   */
  takeAttemptNumber(deliveryId: string, now: number): Promise<number | null>;
  recordReplay(delivery: DeliveryRecord, attempt: AttemptResult, toWebhookUrl: boolean, now: number): Promise<void>;
  /** A delivery's attempts, first to last (`GET …/entregas/{entregaId}`). */
  listAttempts(deliveryId: string): Promise<AttemptRecord[]>;
  /**
   * Records a delivery the caller has already sent (`svc webhooks trigger`, origin `disparo`) with its one attempt:
   * `entregue` on a 2xx, else `falhou`; never queued, so no daemon sends it again.
   */
  recordTriggered(
    webhook: WebhookRecord,
    sent: SentDelivery,
    attempt: AttemptResult,
    now: number,
  ): Promise<DeliveryRecord>;
}

const asDelivery = (r: object): DeliveryRecord => toDelivery(r as DeliveryRow);

class SqlWebhookRegistry extends WebhookTables implements WebhookRegistry {
  constructor(
    sql: ControlSql,
    box: SecretBox,
    private readonly newId: () => string,
  ) {
    super(sql, box);
  }

  /**
   * Takes the account's webhook lock until the transaction ends, then counts its active webhooks: the limit is a
   * count, and two nodes creating at once would both see room under READ COMMITTED.
   */
  private async lockedActiveCount(tx: ControlQuery, contaId: number, exceptId: number | null): Promise<number> {
    await lockFor(tx, this.sql.engine, LOCKS.accountWebhooks, contaId);
    const row = await tx
      .selectFrom('webhooks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('conta_id', '=', contaId)
      .where('ativo', '=', 1)
      .where('id', '<>', exceptId ?? -1)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  createWebhook(input: NewWebhook, limit: number | null, now: number): Promise<WebhookRecord> {
    return this.sql.write(async (tx) => {
      const active = await this.lockedActiveCount(tx, input.contaId, null);
      if (limit !== null && active >= limit) throw new WebhookLimitError(limit);
      const secret = await this.sealSecret(tx, input.secret);
      const row = await tx
        .insertInto('webhooks')
        .values((eb) => ({
          conta_id: input.contaId,
          nome: input.nome,
          url: input.url,
          eventos: JSON.stringify(input.eventos),
          ativo: 1,
          secret,
          criado_em: iso(now),
          atualizado_em: iso(now),
          // Events up to here predate the webhook: fan-out skips them.
          evento_seq_inicial: eb.fn.coalesce(
            eb.selectFrom('contadores').select('valor').where('nome', '=', EVENT_SEQ_COUNTER),
            eb.val(0),
          ),
        }))
        .returning(WEBHOOK_COLUMNS)
        .executeTakeFirstOrThrow();
      // From now on snapshot retention must keep events until the dispatcher has consumed them.
      await dispatcherCursorOn(tx, this.sql.engine).ensure();
      return this.webhook(row);
    });
  }

  private webhooksWhere(q: ControlQuery) {
    return q.selectFrom('webhooks').select(WEBHOOK_COLUMNS);
  }

  async activeWebhooks(): Promise<WebhookRecord[]> {
    const rows = await this.webhooksWhere(this.sql.db).where('ativo', '=', 1).orderBy('id').execute();
    return rows.map((r) => this.webhook(r));
  }

  async listWebhooks(contaId: number): Promise<WebhookRecord[]> {
    const rows = await this.webhooksWhere(this.sql.db).where('conta_id', '=', contaId).orderBy('id').execute();
    return rows.map((r) => this.webhook(r));
  }

  getWebhook(contaId: number, id: number): Promise<WebhookRecord | null> {
    return this.webhookIn(this.sql.db, contaId, id);
  }

  private async webhookIn(q: ControlQuery, contaId: number, id: number): Promise<WebhookRecord | null> {
    const row = await this.webhooksWhere(q).where('conta_id', '=', contaId).where('id', '=', id).executeTakeFirst();
    return row ? this.webhook(row) : null;
  }

  async getWebhookById(id: number): Promise<WebhookRecord | null> {
    const row = await this.webhooksWhere(this.sql.db).where('id', '=', id).executeTakeFirst();
    return row ? this.webhook(row) : null;
  }

  updateWebhook(
    contaId: number,
    id: number,
    patch: WebhookPatch,
    limit: number | null,
    now: number,
  ): Promise<WebhookRecord | null> {
    return this.sql.write(async (tx) => {
      // The account lock first, as createWebhook takes it: reactivation counts, and patches of one webhook queue.
      const active = await this.lockedActiveCount(tx, contaId, id);
      const current = await this.webhookIn(tx, contaId, id);
      if (!current) return null;
      const ts = iso(now);
      const set: Updateable<WebhooksTable> = { atualizado_em: ts };
      if (patch.nome !== undefined) set.nome = patch.nome;
      if (patch.eventos !== undefined) set.eventos = JSON.stringify(patch.eventos);
      if (patch.url !== undefined && patch.url !== current.url) {
        // A new URL is a new endpoint: its predecessor's failures say nothing about it (spec state table).
        Object.assign(set, { url: patch.url, falhas_consecutivas: 0, desativacoes_seguidas: 0 });
      }
      if (patch.ativo === true && !current.ativo) {
        if (limit !== null && active >= limit) throw new WebhookLimitError(limit);
        // The customer says the endpoint is fixed: lifts temporary and permanent deactivation alike.
        Object.assign(set, {
          ativo: 1,
          desativado_em: null,
          motivo_desativacao: null,
          reativar_em: null,
          falhas_consecutivas: 0,
          desativacoes_seguidas: 0,
        });
      } else if (patch.ativo === false && current.ativo) {
        Object.assign(set, {
          ativo: 0,
          desativado_em: ts,
          motivo_desativacao: 'Desativado pelo cliente',
          reativar_em: null,
        });
      }
      const row = await tx
        .updateTable('webhooks')
        .set(set)
        .where('id', '=', id)
        .returning(WEBHOOK_COLUMNS)
        .executeTakeFirstOrThrow();
      return this.webhook(row);
    });
  }

  async deleteWebhook(contaId: number, id: number): Promise<boolean> {
    const r = await this.sql.db
      .deleteFrom('webhooks')
      .where('conta_id', '=', contaId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  rotateSecret(contaId: number, id: number, secret: string, now: number, overlapMs = 0): Promise<WebhookRecord | null> {
    return this.sql.write(async (tx) => {
      const sealed = await this.sealSecret(tx, secret);
      const overlap = overlapMs > 0;
      const row = await tx
        .updateTable('webhooks')
        .set((eb) => ({
          segredo_anterior: overlap ? eb.ref('secret') : null,
          segredo_anterior_ate: overlap ? now + overlapMs : null,
          secret: sealed,
          atualizado_em: iso(now),
        }))
        .where('conta_id', '=', contaId)
        .where('id', '=', id)
        .returning(WEBHOOK_COLUMNS)
        .executeTakeFirst();
      return row ? this.webhook(row) : null;
    });
  }

  async enqueueDelivery(
    webhook: WebhookRecord,
    evento: string,
    corpo: string,
    origem: DeliveryOrigin,
    now: number,
  ): Promise<DeliveryRecord> {
    const row = await this.sql.db
      .insertInto('entregas')
      .values({
        id: this.newId(),
        webhook_id: webhook.id,
        conta_id: webhook.contaId,
        evento,
        corpo,
        origem,
        status: 'pendente',
        criada_em: iso(now),
        proxima_tentativa_em: now,
      })
      .returning(DELIVERY_COLUMNS)
      .executeTakeFirstOrThrow();
    return asDelivery(row);
  }

  async hasPendingTest(webhookId: number): Promise<boolean> {
    const row = await this.sql.db
      .selectFrom('entregas')
      .select('id')
      .where('webhook_id', '=', webhookId)
      .where('origem', '=', 'teste')
      .where('status', '=', STATUS.pendente)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** One webhook's deliveries narrowed by a DeliveryListFilter (an absent criterion matches all). */
  private listed(webhookId: number, f: DeliveryListFilter) {
    const { status, evento, idPrefix } = f;
    return this.sql.db
      .selectFrom('entregas')
      .where('webhook_id', '=', webhookId)
      .$if(status !== undefined, (q) => q.where('status', '=', status as string))
      .$if(evento !== undefined, (q) => q.where('evento', '=', evento as string))
      .$if(idPrefix !== undefined, (q) => q.where((eb) => startsWith(eb, idPrefix as string)));
  }

  async listDeliveries(
    webhookId: number,
    limit: number,
    filter: DeliveryListFilter = {},
    offset = 0,
  ): Promise<DeliveryRecord[]> {
    const rows = await this.listed(webhookId, filter)
      .select(DELIVERY_COLUMNS)
      .orderBy('criada_em', 'desc')
      .orderBy('evento_seq', (o) => o.desc().nullsLast())
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map(asDelivery);
  }

  async countDeliveries(webhookId: number, filter: DeliveryListFilter = {}): Promise<number> {
    const row = await this.listed(webhookId, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async findDeliveries(ids: readonly string[]): Promise<DeliveryRecord[]> {
    const found: DeliveryRecord[] = [];
    for (const chunk of inChunks(ids, 1)) {
      const rows = await this.sql.db.selectFrom('entregas').select(DELIVERY_COLUMNS).where('id', 'in', chunk).execute();
      found.push(...rows.map(asDelivery));
    }
    return found;
  }

  async deliveryIdsStartingWith(prefix: string, limit: number): Promise<string[]> {
    const rows = await this.sql.db
      .selectFrom('entregas')
      .select('id')
      .where((eb) => startsWith(eb, prefix))
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  async requeueDelivery(id: string, now: number): Promise<DeliveryRecord | null> {
    const row = await this.sql.db
      .updateTable('entregas')
      .set((eb) => requeued(eb, now))
      .where('id', '=', id)
      .where('status', '<>', 'pendente')
      .returning(DELIVERY_COLUMNS)
      .executeTakeFirst();
    return row ? asDelivery(row) : null;
  }

  async requeueUndeliveredSince(webhookId: number, desde: string, now: number): Promise<number> {
    const r = await this.sql.db
      .updateTable('entregas')
      .set((eb) => requeued(eb, now))
      .where('webhook_id', '=', webhookId)
      .where('origem', '=', 'automatica')
      .where('status', 'in', ['falhou', 'descartada'])
      .where('criada_em', '>=', desde)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async filterDeliveries(filter: DeliveryFilter): Promise<DeliveryRecord[]> {
    const { webhookId, since, until, status } = filter;
    const rows = await this.sql.db
      .selectFrom('entregas')
      .select(DELIVERY_COLUMNS)
      .$if(webhookId !== undefined, (q) => q.where('webhook_id', '=', webhookId as number))
      .$if(since !== undefined, (q) => q.where('criada_em', '>=', since as string))
      .$if(until !== undefined, (q) => q.where('criada_em', '<=', until as string))
      .$if(status !== undefined, (q) => q.where('status', '=', status as string))
      .orderBy('criada_em')
      .orderBy('evento_seq', (o) => o.asc().nullsFirst())
      .orderBy('id')
      .execute();
    return rows.map(asDelivery);
  }

  recordReplay(delivery: DeliveryRecord, attempt: AttemptResult, toWebhookUrl: boolean, now: number): Promise<void> {
    return this.sql.write(async (tx) => {
      await this.insertAttempts(tx, [{ deliveryId: delivery.id, attempt }]);
      const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
      // A replay that reached the customer's own endpoint settles a delivery that had failed or was pending.
      if (ok && toWebhookUrl && delivery.status !== 'entregue') {
        await tx
          .updateTable('entregas')
          .set({
            status: 'entregue',
            entregue_em: iso(now),
            proxima_tentativa_em: null,
            ultimo_status_code: attempt.statusCode,
            ultimo_erro: null,
            duracao_ms: attempt.duracaoMs,
          })
          .where('id', '=', delivery.id)
          .where('status', '<>', 'entregue')
          .execute();
      }
    });
  }

  recordTriggered(
    webhook: WebhookRecord,
    sent: SentDelivery,
    attempt: AttemptResult,
    now: number,
  ): Promise<DeliveryRecord> {
    return this.sql.write(async (tx) => {
      const v = settledByOneAttempt(attempt, now);
      const row = await tx
        .insertInto('entregas')
        .values({
          id: sent.id,
          webhook_id: webhook.id,
          conta_id: webhook.contaId,
          evento: sent.evento,
          corpo: sent.corpo,
          origem: 'disparo',
          status: v.status,
          tentativas: 1,
          criada_em: iso(attempt.iniciadaEm),
          entregue_em: v.entregueEm,
          ultimo_status_code: attempt.statusCode,
          ultimo_erro: attempt.erro,
          duracao_ms: attempt.duracaoMs,
        })
        .returning(DELIVERY_COLUMNS)
        .executeTakeFirstOrThrow();
      await this.insertAttempts(tx, [{ deliveryId: sent.id, attempt }]);
      return asDelivery(row);
    });
  }

  async takeAttemptNumber(deliveryId: string, now: number): Promise<number | null> {
    const row = await this.sql.db
      .updateTable('entregas')
      .set((eb) => ({ tentativas: eb('tentativas', '+', 1) }))
      .where('id', '=', deliveryId)
      .where((eb) =>
        eb.not(
          eb.and([
            eb('status', '=', STATUS.pendente),
            eb('reservada_ate', 'is not', null),
            eb('reservada_ate', '>', now),
          ]),
        ),
      )
      .returning('tentativas')
      .executeTakeFirst();
    return row?.tentativas ?? null;
  }

  async listAttempts(deliveryId: string): Promise<AttemptRecord[]> {
    const rows = await this.sql.db
      .selectFrom('tentativas_entrega')
      .select(ATTEMPT_COLUMNS)
      .where('entrega_id', '=', deliveryId)
      .orderBy('id')
      .execute();
    return rows.map((r) => toAttempt(r as AttemptRow));
  }
}

/** `id` starts with `prefix` (a delivery id as `svc replay` and the history filter take it). */
function startsWith(eb: ExpressionBuilder<ControlTables, 'entregas'>, prefix: string) {
  return eb(eb.fn('substr', ['id', eb.val(1), eb.val(prefix.length)]), '=', prefix);
}

/** A settled delivery back in the queue, due at `now`, its attempt count kept as the point it was resent at. */
function requeued(eb: ExpressionBuilder<ControlTables, 'entregas'>, now: number) {
  return {
    status: 'pendente',
    proxima_tentativa_em: now,
    entregue_em: null,
    reservada_ate: null,
    reservada_por: null,
    reenvio_apos: eb.ref('tentativas'),
  };
}

/** The registry over the control plane's SQL; delivery ids are random UUIDs unless a test fixes them. */
export function webhookRegistryOn(
  sql: ControlSql,
  box: SecretBox,
  newId: () => string = () => crypto.randomUUID(),
): WebhookRegistry {
  return new SqlWebhookRegistry(sql, box, newId);
}
