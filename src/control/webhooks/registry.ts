import type { ControlDb } from '../database.js';
import { EVENT_SEQ_COUNTER } from '../outbox-cursor.js';
import type { DeliveryOrigin } from '../../domain/webhooks.js';
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
} from './records.js';
import { SqliteWebhookTables, type WebhookAccounts } from './sqlite-tables.js';

/**
 * Webhooks and their delivery history, as their managers see them: the API's `/v1/webhooks` routes and the
 * operator's `svc replay`. Callers depend on this interface only; the SQLite class is one implementation.
 */
export interface WebhookRegistry extends WebhookAccounts {
  /** Throws WebhookLimitError when the account already has `limit` active webhooks. */
  createWebhook(input: NewWebhook, limit: number | null, now: number): WebhookRecord;
  listWebhooks(contaId: number): WebhookRecord[];
  getWebhook(contaId: number, id: number): WebhookRecord | null;
  getWebhookById(id: number): WebhookRecord | null;
  /** Every active webhook, of every account (`svc webhooks trigger` without `--webhook`). */
  activeWebhooks(): WebhookRecord[];
  updateWebhook(
    contaId: number,
    id: number,
    patch: WebhookPatch,
    limit: number | null,
    now: number,
  ): WebhookRecord | null;
  deleteWebhook(contaId: number, id: number): boolean;
  /** A new secret; with `overlapMs` > 0 the current one keeps signing (extra header) until now + overlapMs. */
  rotateSecret(contaId: number, id: number, secret: string, now: number, overlapMs?: number): WebhookRecord | null;
  /** Queues a delivery outside fan-out (`POST /v1/webhooks/{id}/teste`); the dispatcher sends it. */
  enqueueDelivery(
    webhook: WebhookRecord,
    evento: string,
    corpo: string,
    origem: DeliveryOrigin,
    now: number,
  ): DeliveryRecord;
  /** Whether a test delivery of the webhook is still pending (tests go one at a time). */
  hasPendingTest(webhookId: number): boolean;
  /** Most recent first, `limit` of them after skipping `offset`; optionally narrowed by `filter`. */
  listDeliveries(webhookId: number, limit: number, filter?: DeliveryListFilter, offset?: number): DeliveryRecord[];
  /** How many deliveries `listDeliveries` pages through with this filter. */
  countDeliveries(webhookId: number, filter?: DeliveryListFilter): number;
  findDeliveries(ids: readonly string[]): DeliveryRecord[];
  /** Ids of deliveries starting with `prefix`, at most `limit` (`svc replay` takes a prefix, as `svc keys` does). */
  deliveryIdsStartingWith(prefix: string, limit: number): string[];
  /**
   * Puts a settled delivery (not `pendente`) back in the queue, due now, keeping its id, body and attempt
   * count (`POST …/entregas/{entregaId}/reenviar`); null when it is pending or does not exist.
   */
  requeueDelivery(id: string, now: number): DeliveryRecord | null;
  /** Queues again every event delivery of a webhook created since `desde` (ISO) that ended failed or discarded; returns how many. */
  requeueUndeliveredSince(webhookId: number, desde: string, now: number): number;
  filterDeliveries(filter: DeliveryFilter): DeliveryRecord[];
  /**
   * The number of an attempt this process is about to make (`svc replay`): the delivery's attempt count, moved on
   * atomically so no attempt number repeats. Null when it does not exist or the daemon is sending it right now.
   */
  takeAttemptNumber(deliveryId: string, now: number): number | null;
  recordReplay(delivery: DeliveryRecord, attempt: AttemptResult, toWebhookUrl: boolean, now: number): void;
  /** A delivery's attempts, first to last (`GET …/entregas/{entregaId}`). */
  listAttempts(deliveryId: string): AttemptRecord[];
  /**
   * Records a delivery the caller has already sent (`svc webhooks trigger`, origin `disparo`) with its one attempt:
   * `entregue` on a 2xx, else `falhou`; never queued, so no daemon sends it again.
   */
  recordTriggered(webhook: WebhookRecord, sent: SentDelivery, attempt: AttemptResult, now: number): DeliveryRecord;
}

export class SqliteWebhookRegistry extends SqliteWebhookTables implements WebhookRegistry {
  constructor(
    db: ControlDb,
    private readonly newId: () => string,
  ) {
    super(db);
  }

  private activeCount(contaId: number, exceptId: number | null): number {
    const row = this.sql('SELECT count(*) AS n FROM webhooks WHERE conta_id = ? AND ativo = 1 AND id <> ?').get(
      contaId,
      exceptId ?? -1,
    ) as { n: number };
    return row.n;
  }

  createWebhook(input: NewWebhook, limit: number | null, now: number): WebhookRecord {
    return this.tx(() => {
      if (limit !== null && this.activeCount(input.contaId, null) >= limit) throw new WebhookLimitError(limit);
      const row = this.sql(
        `INSERT INTO webhooks (conta_id, nome, url, eventos, ativo, secret, criado_em, atualizado_em, evento_seq_inicial)
           VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?) RETURNING ${WEBHOOK_COLUMNS}`,
      ).get(
        input.contaId,
        input.nome,
        input.url,
        JSON.stringify(input.eventos),
        this.sealSecret(input.secret),
        iso(now),
        iso(now),
        (
          this.sql('SELECT valor FROM contadores WHERE nome = ?').get(EVENT_SEQ_COUNTER) as
            | { valor: number }
            | undefined
        )?.valor ?? 0,
      ) as WebhookRow;
      // From now on snapshot retention must keep events until the dispatcher has consumed them.
      this.sql(
        "INSERT OR IGNORE INTO dispatcher_cursor (nome, seq) VALUES ('outbox', coalesce((SELECT valor FROM contadores WHERE nome = ?), 0))",
      ).run(EVENT_SEQ_COUNTER);
      return this.webhook(row);
    });
  }

  activeWebhooks(): WebhookRecord[] {
    const rows = this.sql(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE ativo = 1 ORDER BY id`).all() as WebhookRow[];
    return rows.map((r) => this.webhook(r));
  }

  listWebhooks(contaId: number): WebhookRecord[] {
    const rows = this.sql(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE conta_id = ? ORDER BY id`).all(
      contaId,
    ) as WebhookRow[];
    return rows.map((r) => this.webhook(r));
  }

  getWebhook(contaId: number, id: number): WebhookRecord | null {
    const row = this.sql(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE conta_id = ? AND id = ?`).get(contaId, id) as
      | WebhookRow
      | undefined;
    return row ? this.webhook(row) : null;
  }

  getWebhookById(id: number): WebhookRecord | null {
    const row = this.sql(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE id = ?`).get(id) as WebhookRow | undefined;
    return row ? this.webhook(row) : null;
  }

  updateWebhook(
    contaId: number,
    id: number,
    patch: WebhookPatch,
    limit: number | null,
    now: number,
  ): WebhookRecord | null {
    return this.tx(() => {
      const current = this.getWebhook(contaId, id);
      if (!current) return null;
      const ts = iso(now);
      if (patch.nome !== undefined) this.sql('UPDATE webhooks SET nome = ? WHERE id = ?').run(patch.nome, id);
      if (patch.eventos !== undefined)
        this.sql('UPDATE webhooks SET eventos = ? WHERE id = ?').run(JSON.stringify(patch.eventos), id);
      if (patch.url !== undefined && patch.url !== current.url) {
        // A new URL is a new endpoint: its predecessor's failures say nothing about it (spec state table).
        this.sql('UPDATE webhooks SET url = ?, falhas_consecutivas = 0, desativacoes_seguidas = 0 WHERE id = ?').run(
          patch.url,
          id,
        );
      }
      if (patch.ativo === true && !current.ativo) {
        if (limit !== null && this.activeCount(contaId, id) >= limit) throw new WebhookLimitError(limit);
        // The customer says the endpoint is fixed: lifts temporary and permanent deactivation alike.
        this.sql(
          `UPDATE webhooks SET ativo = 1, desativado_em = NULL, motivo_desativacao = NULL, reativar_em = NULL,
               falhas_consecutivas = 0, desativacoes_seguidas = 0 WHERE id = ?`,
        ).run(id);
      } else if (patch.ativo === false && current.ativo) {
        this.sql(
          `UPDATE webhooks SET ativo = 0, desativado_em = ?, motivo_desativacao = ?, reativar_em = NULL WHERE id = ?`,
        ).run(ts, 'Desativado pelo cliente', id);
      }
      this.sql('UPDATE webhooks SET atualizado_em = ? WHERE id = ?').run(ts, id);
      return this.getWebhook(contaId, id);
    });
  }

  deleteWebhook(contaId: number, id: number): boolean {
    return this.sql('DELETE FROM webhooks WHERE conta_id = ? AND id = ?').run(contaId, id).changes > 0;
  }

  rotateSecret(contaId: number, id: number, secret: string, now: number, overlapMs = 0): WebhookRecord | null {
    const row = this.sql(
      `UPDATE webhooks SET
           segredo_anterior = CASE WHEN ? > 0 THEN secret END,
           segredo_anterior_ate = CASE WHEN ? > 0 THEN ? END,
           secret = ?, atualizado_em = ?
         WHERE conta_id = ? AND id = ? RETURNING ${WEBHOOK_COLUMNS}`,
    ).get(overlapMs, overlapMs, now + overlapMs, this.sealSecret(secret), iso(now), contaId, id) as
      | WebhookRow
      | undefined;
    return row ? this.webhook(row) : null;
  }

  enqueueDelivery(
    webhook: WebhookRecord,
    evento: string,
    corpo: string,
    origem: DeliveryOrigin,
    now: number,
  ): DeliveryRecord {
    const row = this.sql(
      `INSERT INTO entregas (id, webhook_id, conta_id, evento, corpo, origem, status, criada_em, proxima_tentativa_em)
         VALUES (?, ?, ?, ?, ?, ?, 'pendente', ?, ?) RETURNING ${DELIVERY_COLUMN_NAMES.join(', ')}`,
    ).get(this.newId(), webhook.id, webhook.contaId, evento, corpo, origem, iso(now), now) as DeliveryRow;
    return toDelivery(row);
  }

  hasPendingTest(webhookId: number): boolean {
    return (
      this.sql("SELECT 1 FROM entregas WHERE webhook_id = ? AND origem = 'teste' AND status = 'pendente' LIMIT 1").get(
        webhookId,
      ) !== undefined
    );
  }

  listDeliveries(webhookId: number, limit: number, filter: DeliveryListFilter = {}, offset = 0): DeliveryRecord[] {
    const rows = this.sql(
      `SELECT ${DELIVERY_COLUMNS} FROM entregas e WHERE ${LISTED}
         ORDER BY e.criada_em DESC, e.evento_seq DESC, e.id LIMIT ? OFFSET ?`,
    ).all(...listedParams(webhookId, filter), limit, offset) as DeliveryRow[];
    return rows.map(toDelivery);
  }

  countDeliveries(webhookId: number, filter: DeliveryListFilter = {}): number {
    const row = this.sql(`SELECT count(*) AS n FROM entregas e WHERE ${LISTED}`).get(
      ...listedParams(webhookId, filter),
    ) as { n: number };
    return Number(row.n);
  }

  findDeliveries(ids: readonly string[]): DeliveryRecord[] {
    if (ids.length === 0) return [];
    const rows = this.sql(
      `SELECT ${DELIVERY_COLUMNS} FROM entregas e WHERE e.id IN (${ids.map(() => '?').join(', ')})`,
    ).all(...ids) as DeliveryRow[];
    return rows.map(toDelivery);
  }

  deliveryIdsStartingWith(prefix: string, limit: number): string[] {
    const rows = this.sql('SELECT id FROM entregas WHERE substr(id, 1, length(?)) = ? ORDER BY id LIMIT ?').all(
      prefix,
      prefix,
      limit,
    ) as { id: string }[];
    return rows.map((r) => r.id);
  }

  requeueDelivery(id: string, now: number): DeliveryRecord | null {
    const row = this.sql(
      `UPDATE entregas SET status = 'pendente', proxima_tentativa_em = ?, entregue_em = NULL, reservada_ate = NULL, reservada_por = NULL,
           reenvio_apos = tentativas
         WHERE id = ? AND status <> 'pendente' RETURNING ${DELIVERY_COLUMN_NAMES.join(', ')}`,
    ).get(now, id) as DeliveryRow | undefined;
    return row ? toDelivery(row) : null;
  }

  requeueUndeliveredSince(webhookId: number, desde: string, now: number): number {
    return this.sql(
      `UPDATE entregas SET status = 'pendente', proxima_tentativa_em = ?, entregue_em = NULL, reservada_ate = NULL, reservada_por = NULL,
           reenvio_apos = tentativas
         WHERE webhook_id = ? AND origem = 'automatica' AND status IN ('falhou', 'descartada') AND criada_em >= ?`,
    ).run(now, webhookId, desde).changes;
  }

  filterDeliveries(filter: DeliveryFilter): DeliveryRecord[] {
    const where: string[] = [];
    const params: (string | number)[] = [];
    if (filter.webhookId !== undefined) where.push('e.webhook_id = ?'), params.push(filter.webhookId);
    if (filter.since !== undefined) where.push('e.criada_em >= ?'), params.push(filter.since);
    if (filter.until !== undefined) where.push('e.criada_em <= ?'), params.push(filter.until);
    if (filter.status !== undefined) where.push('e.status = ?'), params.push(filter.status);
    const rows = this.sql(
      `SELECT ${DELIVERY_COLUMNS} FROM entregas e ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY e.criada_em, e.evento_seq, e.id`,
    ).all(...params) as DeliveryRow[];
    return rows.map(toDelivery);
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
        ).run(iso(now), attempt.statusCode, attempt.duracaoMs, delivery.id);
      }
    });
  }

  recordTriggered(webhook: WebhookRecord, sent: SentDelivery, attempt: AttemptResult, now: number): DeliveryRecord {
    return this.tx(() => {
      const v = settledByOneAttempt(attempt, now);
      const row = this.sql(
        `INSERT INTO entregas (id, webhook_id, conta_id, evento, corpo, origem, status, tentativas, criada_em, entregue_em,
             ultimo_status_code, ultimo_erro, duracao_ms)
           VALUES (?, ?, ?, ?, ?, 'disparo', ?, 1, ?, ?, ?, ?, ?) RETURNING ${DELIVERY_COLUMN_NAMES.join(', ')}`,
      ).get(
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
      ) as DeliveryRow;
      this.insertAttempt(sent.id, attempt);
      return toDelivery(row);
    });
  }

  takeAttemptNumber(deliveryId: string, now: number): number | null {
    const row = this.sql(
      `UPDATE entregas SET tentativas = tentativas + 1
         WHERE id = ? AND NOT (status = 'pendente' AND reservada_ate IS NOT NULL AND reservada_ate > ?) RETURNING tentativas`,
    ).get(deliveryId, now) as { tentativas: number } | undefined;
    return row?.tentativas ?? null;
  }

  listAttempts(deliveryId: string): AttemptRecord[] {
    const rows = this.sql(`SELECT ${ATTEMPT_COLUMNS} FROM tentativas_entrega WHERE entrega_id = ? ORDER BY id`).all(
      deliveryId,
    ) as AttemptRow[];
    return rows.map(toAttempt);
  }
}

/** One webhook's deliveries narrowed by a DeliveryListFilter (an absent criterion is NULL, and matches all). */
const LISTED = `e.webhook_id = ? AND (? IS NULL OR e.status = ?) AND (? IS NULL OR e.evento = ?)
  AND (? IS NULL OR substr(e.id, 1, length(?)) = ?)`;
const listedParams = (webhookId: number, f: DeliveryListFilter): unknown[] => {
  const [status, evento, prefix] = [f.status ?? null, f.evento ?? null, f.idPrefix ?? null];
  return [webhookId, status, status, evento, evento, prefix, prefix, prefix];
};

/** The registry over an open control plane; delivery ids are random UUIDs unless a test fixes them. */
export function openWebhookRegistry(db: ControlDb, newId: () => string = () => crypto.randomUUID()): WebhookRegistry {
  return new SqliteWebhookRegistry(db, newId);
}
