import type { DeliveryOrigin } from '../../domain/webhooks.js';
import type { Async } from '../async-store.js';
import { EVENT_SEQ_COUNTER } from '../outbox-cursor.js';
import {
  ATTEMPT_COLUMNS,
  DELIVERY_COLUMN_NAMES,
  DELIVERY_COLUMNS,
  iso,
  settledByOneAttempt,
  toDelivery,
  WEBHOOK_COLUMNS,
  WebhookLimitError,
  type AttemptRecord,
  type AttemptResult,
  type AttemptRow,
  toAttempt,
  type DeliveryFilter,
  type DeliveryListFilter,
  type DeliveryRecord,
  type DeliveryRow,
  type NewWebhook,
  type SentDelivery,
  type WebhookPatch,
  type WebhookRecord,
  type WebhookRow,
} from '../webhooks/records.js';
import type { WebhookRegistry } from '../webhooks/registry.js';
import { withTransaction, type PgControl } from './pg-control.js';
import { PgWebhookTables, type Queryable } from './pg-webhook-tables.js';

/**
 * Advisory lock class (two-key form, second key the account id) serializing one account's webhook writes: the
 * active-webhook limit is a count, and two nodes creating at once would both see room under READ COMMITTED.
 */
const ACCOUNT_WEBHOOKS_LOCK = 0x73766303;

const DELIVERY_RETURNING = DELIVERY_COLUMN_NAMES.join(', ');
/** One webhook's deliveries narrowed by a DeliveryListFilter ($1–$4; an absent criterion is NULL and matches all). */
const LISTED = `e.webhook_id = $1 AND ($2::text IS NULL OR e.status = $2) AND ($3::text IS NULL OR e.evento = $3)
  AND ($4::text IS NULL OR substr(e.id, 1, length($4)) = $4)`;
const listedParams = (webhookId: number, f: DeliveryListFilter): unknown[] => [
  webhookId,
  f.status ?? null,
  f.evento ?? null,
  f.idPrefix ?? null,
];

/** Webhooks and their delivery history in PostgreSQL; the same rows and answers as SqliteWebhookRegistry. */
export class PgWebhookRegistry extends PgWebhookTables implements Async<WebhookRegistry> {
  constructor(
    control: PgControl,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {
    super(control);
  }

  /** Takes the account's webhook lock until the transaction on `c` ends, then counts its active webhooks. */
  private async lockedActiveCount(c: Queryable, contaId: number, exceptId: number | null): Promise<number> {
    await c.query('SELECT pg_advisory_xact_lock($1, $2)', [ACCOUNT_WEBHOOKS_LOCK, contaId]);
    const row = await this.one<{ n: number }>(
      c,
      'SELECT count(*) AS n FROM webhooks WHERE conta_id = $1 AND ativo = 1 AND id <> $2',
      [contaId, exceptId ?? -1],
    );
    return (row as { n: number }).n;
  }

  createWebhook(input: NewWebhook, limit: number | null, now: number): Promise<WebhookRecord> {
    return withTransaction(this.pool, async (c) => {
      const active = await this.lockedActiveCount(c, input.contaId, null);
      if (limit !== null && active >= limit) throw new WebhookLimitError(limit);
      const row = await this.one<WebhookRow>(
        c,
        `INSERT INTO webhooks (conta_id, nome, url, eventos, ativo, secret, criado_em, atualizado_em, evento_seq_inicial)
         VALUES ($1, $2, $3, $4, 1, $5, $6, $6, $7) RETURNING ${WEBHOOK_COLUMNS}`,
        [
          input.contaId,
          input.nome,
          input.url,
          JSON.stringify(input.eventos),
          await this.sealSecret(c, input.secret),
          iso(now),
          (await c.query<{ valor: number }>('SELECT valor FROM contadores WHERE nome = $1', [EVENT_SEQ_COUNTER]))
            .rows[0]?.valor ?? 0,
        ],
      );
      // From now on snapshot retention must keep events until the dispatcher has consumed them.
      await c.query(
        "INSERT INTO dispatcher_cursor (nome, seq) VALUES ('outbox', COALESCE((SELECT valor FROM contadores WHERE nome = $1), 0)) ON CONFLICT (nome) DO NOTHING",
        [EVENT_SEQ_COUNTER],
      );
      return this.webhook(row as WebhookRow);
    });
  }

  async activeWebhooks(): Promise<WebhookRecord[]> {
    const { rows } = await this.pool.query<WebhookRow>(
      `SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE ativo = 1 ORDER BY id`,
    );
    return rows.map((r) => this.webhook(r));
  }

  async listWebhooks(contaId: number): Promise<WebhookRecord[]> {
    const { rows } = await this.pool.query<WebhookRow>(
      `SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE conta_id = $1 ORDER BY id`,
      [contaId],
    );
    return rows.map((r) => this.webhook(r));
  }

  getWebhook(contaId: number, id: number): Promise<WebhookRecord | null> {
    return this.webhookIn(this.pool, contaId, id);
  }

  private async webhookIn(db: Queryable, contaId: number, id: number): Promise<WebhookRecord | null> {
    const row = await this.one<WebhookRow>(
      db,
      `SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE conta_id = $1 AND id = $2`,
      [contaId, id],
    );
    return row ? this.webhook(row) : null;
  }

  async getWebhookById(id: number): Promise<WebhookRecord | null> {
    const row = await this.one<WebhookRow>(this.pool, `SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE id = $1`, [id]);
    return row ? this.webhook(row) : null;
  }

  updateWebhook(
    contaId: number,
    id: number,
    patch: WebhookPatch,
    limit: number | null,
    now: number,
  ): Promise<WebhookRecord | null> {
    return withTransaction(this.pool, async (c) => {
      // The account lock first, as createWebhook takes it: reactivation counts, and patches of one webhook queue.
      const active = await this.lockedActiveCount(c, contaId, id);
      const current = await this.webhookIn(c, contaId, id);
      if (!current) return null;
      const ts = iso(now);
      if (patch.nome !== undefined) await c.query('UPDATE webhooks SET nome = $1 WHERE id = $2', [patch.nome, id]);
      if (patch.eventos !== undefined)
        await c.query('UPDATE webhooks SET eventos = $1 WHERE id = $2', [JSON.stringify(patch.eventos), id]);
      if (patch.url !== undefined && patch.url !== current.url) {
        // A new URL is a new endpoint: its predecessor's failures say nothing about it (spec state table).
        await c.query(
          'UPDATE webhooks SET url = $1, falhas_consecutivas = 0, desativacoes_seguidas = 0 WHERE id = $2',
          [patch.url, id],
        );
      }
      if (patch.ativo === true && !current.ativo) {
        if (limit !== null && active >= limit) throw new WebhookLimitError(limit);
        // The customer says the endpoint is fixed: lifts temporary and permanent deactivation alike.
        await c.query(
          `UPDATE webhooks SET ativo = 1, desativado_em = NULL, motivo_desativacao = NULL, reativar_em = NULL,
             falhas_consecutivas = 0, desativacoes_seguidas = 0 WHERE id = $1`,
          [id],
        );
      } else if (patch.ativo === false && current.ativo) {
        await c.query(
          'UPDATE webhooks SET ativo = 0, desativado_em = $1, motivo_desativacao = $2, reativar_em = NULL WHERE id = $3',
          [ts, 'Desativado pelo cliente', id],
        );
      }
      await c.query('UPDATE webhooks SET atualizado_em = $1 WHERE id = $2', [ts, id]);
      return this.webhookIn(c, contaId, id);
    });
  }

  async deleteWebhook(contaId: number, id: number): Promise<boolean> {
    const r = await this.pool.query('DELETE FROM webhooks WHERE conta_id = $1 AND id = $2', [contaId, id]);
    return (r.rowCount ?? 0) > 0;
  }

  async rotateSecret(
    contaId: number,
    id: number,
    secret: string,
    now: number,
    overlapMs = 0,
  ): Promise<WebhookRecord | null> {
    const overlap = overlapMs > 0;
    const row = await this.one<WebhookRow>(
      this.pool,
      `UPDATE webhooks SET segredo_anterior = CASE WHEN $1::boolean THEN secret END, segredo_anterior_ate = $2,
         secret = $3, atualizado_em = $4
       WHERE conta_id = $5 AND id = $6 RETURNING ${WEBHOOK_COLUMNS}`,
      [overlap, overlap ? now + overlapMs : null, await this.sealSecret(this.pool, secret), iso(now), contaId, id],
    );
    return row ? this.webhook(row) : null;
  }

  async enqueueDelivery(
    webhook: WebhookRecord,
    evento: string,
    corpo: string,
    origem: DeliveryOrigin,
    now: number,
  ): Promise<DeliveryRecord> {
    const row = await this.one<DeliveryRow>(
      this.pool,
      `INSERT INTO entregas (id, webhook_id, conta_id, evento, corpo, origem, status, criada_em, proxima_tentativa_em)
       VALUES ($1, $2, $3, $4, $5, $6, 'pendente', $7, $8) RETURNING ${DELIVERY_RETURNING}`,
      [this.newId(), webhook.id, webhook.contaId, evento, corpo, origem, iso(now), now],
    );
    return toDelivery(row as DeliveryRow);
  }

  async hasPendingTest(webhookId: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      "SELECT 1 FROM entregas WHERE webhook_id = $1 AND origem = 'teste' AND status = 'pendente' LIMIT 1",
      [webhookId],
    );
    return (rowCount ?? 0) > 0;
  }

  async listDeliveries(
    webhookId: number,
    limit: number,
    filter: DeliveryListFilter = {},
    offset = 0,
  ): Promise<DeliveryRecord[]> {
    const { rows } = await this.pool.query<DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM entregas e WHERE ${LISTED}
       ORDER BY e.criada_em DESC, e.evento_seq DESC NULLS LAST, e.id LIMIT $5 OFFSET $6`,
      [...listedParams(webhookId, filter), limit, offset],
    );
    return rows.map(toDelivery);
  }

  async countDeliveries(webhookId: number, filter: DeliveryListFilter = {}): Promise<number> {
    const row = await this.one<{ n: string }>(
      this.pool,
      `SELECT count(*) AS n FROM entregas e WHERE ${LISTED}`,
      listedParams(webhookId, filter),
    );
    return Number(row?.n ?? 0);
  }

  async findDeliveries(ids: readonly string[]): Promise<DeliveryRecord[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.pool.query<DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM entregas e WHERE e.id = ANY($1::text[])`,
      [[...ids]],
    );
    return rows.map(toDelivery);
  }

  async deliveryIdsStartingWith(prefix: string, limit: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      'SELECT id FROM entregas WHERE substr(id, 1, length($1)) = $1 ORDER BY id LIMIT $2',
      [prefix, limit],
    );
    return rows.map((r) => r.id);
  }

  async requeueDelivery(id: string, now: number): Promise<DeliveryRecord | null> {
    const row = await this.one<DeliveryRow>(
      this.pool,
      `UPDATE entregas SET status = 'pendente', proxima_tentativa_em = $1, entregue_em = NULL, reservada_ate = NULL, reservada_por = NULL,
         reenvio_apos = tentativas
       WHERE id = $2 AND status <> 'pendente' RETURNING ${DELIVERY_RETURNING}`,
      [now, id],
    );
    return row ? toDelivery(row) : null;
  }

  async requeueUndeliveredSince(webhookId: number, desde: string, now: number): Promise<number> {
    const r = await this.pool.query(
      `UPDATE entregas SET status = 'pendente', proxima_tentativa_em = $1, entregue_em = NULL, reservada_ate = NULL, reservada_por = NULL,
         reenvio_apos = tentativas
       WHERE webhook_id = $2 AND origem = 'automatica' AND status IN ('falhou', 'descartada') AND criada_em >= $3`,
      [now, webhookId, desde],
    );
    return r.rowCount ?? 0;
  }

  async filterDeliveries(filter: DeliveryFilter): Promise<DeliveryRecord[]> {
    const where: string[] = [];
    const params: (string | number)[] = [];
    const add = (condition: string, value: string | number) => {
      params.push(value);
      where.push(`${condition} $${params.length}`);
    };
    if (filter.webhookId !== undefined) add('e.webhook_id =', filter.webhookId);
    if (filter.since !== undefined) add('e.criada_em >=', filter.since);
    if (filter.until !== undefined) add('e.criada_em <=', filter.until);
    if (filter.status !== undefined) add('e.status =', filter.status);
    const { rows } = await this.pool.query<DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM entregas e ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY e.criada_em, e.evento_seq NULLS FIRST, e.id`,
      params,
    );
    return rows.map(toDelivery);
  }

  async recordReplay(
    delivery: DeliveryRecord,
    attempt: AttemptResult,
    toWebhookUrl: boolean,
    now: number,
  ): Promise<void> {
    await withTransaction(this.pool, async (c) => {
      await this.insertAttempts(c, [{ deliveryId: delivery.id, attempt }]);
      const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
      // A replay that reached the customer's own endpoint settles a delivery that had failed or was pending.
      if (ok && toWebhookUrl && delivery.status !== 'entregue') {
        await c.query(
          `UPDATE entregas SET status = 'entregue', entregue_em = $1, proxima_tentativa_em = NULL, ultimo_status_code = $2,
             ultimo_erro = NULL, duracao_ms = $3 WHERE id = $4 AND status <> 'entregue'`,
          [iso(now), attempt.statusCode, attempt.duracaoMs, delivery.id],
        );
      }
    });
  }

  recordTriggered(
    webhook: WebhookRecord,
    sent: SentDelivery,
    attempt: AttemptResult,
    now: number,
  ): Promise<DeliveryRecord> {
    return withTransaction(this.pool, async (c) => {
      const v = settledByOneAttempt(attempt, now);
      const row = await this.one<DeliveryRow>(
        c,
        `INSERT INTO entregas (id, webhook_id, conta_id, evento, corpo, origem, status, tentativas, criada_em, entregue_em,
             ultimo_status_code, ultimo_erro, duracao_ms)
         VALUES ($1, $2, $3, $4, $5, 'disparo', $6, 1, $7, $8, $9, $10, $11) RETURNING ${DELIVERY_RETURNING}`,
        [
          sent.id,
          webhook.id,
          webhook.contaId,
          sent.evento,
          sent.corpo,
          v.status,
          iso(attempt.iniciadaEm),
          v.entregueEm,
          attempt.statusCode,
          attempt.erro,
          attempt.duracaoMs,
        ],
      );
      await this.insertAttempts(c, [{ deliveryId: sent.id, attempt }]);
      return toDelivery(row as DeliveryRow);
    });
  }

  async takeAttemptNumber(deliveryId: string, now: number): Promise<number | null> {
    const row = await this.one<{ tentativas: number }>(
      this.pool,
      `UPDATE entregas SET tentativas = tentativas + 1
       WHERE id = $1 AND NOT (status = 'pendente' AND reservada_ate IS NOT NULL AND reservada_ate > $2) RETURNING tentativas`,
      [deliveryId, now],
    );
    return row?.tentativas ?? null;
  }

  async listAttempts(deliveryId: string): Promise<AttemptRecord[]> {
    const { rows } = await this.pool.query<AttemptRow>(
      `SELECT ${ATTEMPT_COLUMNS} FROM tentativas_entrega WHERE entrega_id = $1 ORDER BY id`,
      [deliveryId],
    );
    return rows.map(toAttempt);
  }
}
