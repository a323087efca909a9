import type { Plano } from '../../domain/plans.js';
import { monthReference, type WebhookLimits } from '../../domain/webhooks.js';
import { sealSecret } from '../secret-binding.js';
import type { SecretBox } from '../secret-box.js';
import { compiledOnce, compiledWrite } from '../sql/compiled-once.js';
import { sql, type ControlQuery, type ControlSql } from '../sql/control-sql.js';
import { forRowLock, writeRows, type RowsShape } from '../sql/dialect.js';
import {
  headersText,
  iso,
  toLimits,
  toWebhook,
  type AttemptResult,
  type WebhookRecord,
  type WebhookRow,
} from './records.js';

/**
 * A delivery status written into the statement's text rather than bound: the partial indexes on `entregas`
 * (`WHERE status = 'pendente'`, `'entregue'`) serve only a query whose text implies their condition; with a
 * parameter SQLite scans the table, and PostgreSQL's generic plan does too.
 */
export const STATUS = { pendente: sql.lit('pendente'), entregue: sql.lit('entregue') } as const;

/** What the webhook registry and the delivery queue both read: an account's limits and usage, lapsed deactivations. */
export interface WebhookAccounts {
  accountLimits(contaId: number, plano: Plano): Promise<WebhookLimits>;
  monthlyUsage(contaId: number, now: number): Promise<number>;
  /** Re-enables webhooks whose temporary deactivation has ended; returns how many. */
  reactivateDue(now: number): Promise<number>;
  /** Whether a webhook is active now and its recorded run of failed deliveries (null: it no longer exists). */
  webhookHealth(webhookId: number): Promise<{ ativo: boolean; falhasConsecutivas: number } | null>;
}

const ATTEMPTS: RowsShape = {
  head: `INSERT INTO tentativas_entrega (entrega_id, numero, origem, destino, iniciada_em, status_code, erro,
  duracao_ms, resposta, cabecalhos)`,
  types: [null, null, null, null, null, null, null, null, null, null],
};

/** An attempt made, to be recorded for its delivery. */
export interface MadeAttempt {
  deliveryId: string;
  attempt: AttemptResult;
}

/**
 * The plumbing the registry and the queue share over either engine: secrets sealed at rest with the control
 * plane's box (see SecretBox), attempts written in bulk, and the shared reads.
 */
export abstract class WebhookTables implements WebhookAccounts {
  /** Read before each send to a failing webhook (the deactivation guard). */
  private readonly health;
  /** Run at every poll of the dispatcher. */
  private readonly reactivate;

  constructor(
    protected readonly sql: ControlSql,
    private readonly box: SecretBox,
  ) {
    const { db, engine } = sql;
    this.health = compiledOnce(db, (q, webhookId: number) =>
      q.selectFrom('webhooks').select(['ativo', 'falhas_consecutivas']).where('id', '=', webhookId),
    );
    // Locks its rows in id order, as the delivery queue does (see lockWebhooks there): no lock cycle with a burst.
    this.reactivate = compiledWrite(db, (q, now: string) =>
      q
        .updateTable('webhooks')
        .set({
          ativo: 1,
          desativado_em: null,
          motivo_desativacao: null,
          reativar_em: null,
          falhas_consecutivas: 0,
          atualizado_em: now,
        })
        .where(
          'id',
          'in',
          forRowLock(
            engine,
            q
              .selectFrom('webhooks')
              .select('id')
              .where('ativo', '=', 0)
              .where('reativar_em', 'is not', null)
              .where('reativar_em', '<=', now)
              .orderBy('id'),
            'noKeyUpdate',
          ),
        ),
    );
  }

  /** A stored webhook row as a record, its secrets opened. */
  protected webhook(row: WebhookRow): WebhookRecord {
    const w = toWebhook(row);
    return {
      ...w,
      secret: this.box.open(row.secret),
      previousSecret: w.previousSecret === null ? null : this.box.open(w.previousSecret),
    };
  }

  protected openSecret(stored: string): string {
    return this.box.open(stored);
  }

  /** Sealed with the current key, the one the control plane is bound to (secret-binding.ts). */
  protected sealSecret(q: ControlQuery, plain: string): Promise<string> {
    return sealSecret(q, this.box, plain);
  }

  /** Attempts made, one INSERT however many (up to a burst's size). */
  protected async insertAttempts(q: ControlQuery, made: readonly MadeAttempt[]): Promise<void> {
    await writeRows(
      q,
      this.sql.engine,
      ATTEMPTS,
      made.map(({ deliveryId, attempt: a }) => [
        deliveryId,
        a.numero,
        a.origem,
        a.destino,
        iso(a.iniciadaEm),
        a.statusCode,
        a.erro,
        a.duracaoMs,
        a.resposta ?? null,
        headersText(a),
      ]),
    );
  }

  async accountLimits(contaId: number, plano: Plano): Promise<WebhookLimits> {
    const row = await this.sql.db
      .selectFrom('webhook_contas')
      .select(['limite_webhooks', 'limite_entregas_mes', 'limite_entregas_ilimitado'])
      .where('conta_id', '=', contaId)
      .executeTakeFirst();
    return toLimits(plano, row);
  }

  async monthlyUsage(contaId: number, now: number): Promise<number> {
    const row = await this.sql.db
      .selectFrom('entregas_mensais')
      .select('usadas')
      .where('conta_id', '=', contaId)
      .where('referencia', '=', monthReference(now))
      .executeTakeFirst();
    return row?.usadas ?? 0;
  }

  async webhookHealth(webhookId: number): Promise<{ ativo: boolean; falhasConsecutivas: number } | null> {
    const [row] = await this.health(this.sql.db, webhookId);
    return row ? { ativo: row.ativo === 1, falhasConsecutivas: row.falhas_consecutivas } : null;
  }

  reactivateDue(now: number): Promise<number> {
    return this.reactivate(this.sql.db, iso(now));
  }
}
