import type pg from 'pg';
import type { Plano } from '../../domain/plans.js';
import { DEFAULT_WEBHOOK_LIMITS, monthReference, type WebhookLimits } from '../../domain/webhooks.js';
import type { Async } from '../async-store.js';
import {
  headersText,
  iso,
  toWebhook,
  type AttemptResult,
  type WebhookRecord,
  type WebhookRow,
} from '../webhooks/records.js';
import type { WebhookAccounts } from '../webhooks/sqlite-tables.js';
import { sealSecretPg, type PgControl } from './pg-control.js';

/** The pool, or a transaction's client: helpers called inside a transaction run on its connection. */
export type Queryable = pg.Pool | pg.PoolClient;

/** The PostgreSQL plumbing the registry and the queue share (the twin of SqliteWebhookTables), and the shared reads. */
export abstract class PgWebhookTables implements Async<WebhookAccounts> {
  protected readonly pool: pg.Pool;

  constructor(protected readonly control: PgControl) {
    this.pool = control.pool;
  }

  /** The first row a statement returns, if any. */
  protected async one<R extends pg.QueryResultRow>(
    db: Queryable,
    text: string,
    params: unknown[],
  ): Promise<R | undefined> {
    return (await db.query<R>(text, params)).rows[0];
  }

  /** A stored webhook row as a record, its secrets opened (secrets are sealed at rest, see SecretBox). */
  protected webhook(row: WebhookRow): WebhookRecord {
    const w = toWebhook(row);
    return {
      ...w,
      secret: this.control.box.open(row.secret),
      previousSecret: w.previousSecret === null ? null : this.control.box.open(w.previousSecret),
    };
  }

  protected sealSecret(db: Queryable, secret: string): Promise<string> {
    return sealSecretPg(db, this.control.box, secret);
  }

  protected openSecret(stored: string): string {
    return this.control.box.open(stored);
  }

  /** Attempts made, one INSERT however many. */
  protected async insertAttempts(
    db: Queryable,
    made: readonly { deliveryId: string; attempt: AttemptResult }[],
  ): Promise<void> {
    if (made.length === 0) return;
    await db.query(
      `INSERT INTO tentativas_entrega (entrega_id, numero, origem, destino, iniciada_em, status_code, erro, duracao_ms, resposta,
         cabecalhos)
       SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[], $8::int[], $9::text[],
         $10::text[])`,
      [
        made.map((m) => m.deliveryId),
        made.map((m) => m.attempt.numero),
        made.map((m) => m.attempt.origem),
        made.map((m) => m.attempt.destino),
        made.map((m) => iso(m.attempt.iniciadaEm)),
        made.map((m) => m.attempt.statusCode),
        made.map((m) => m.attempt.erro),
        made.map((m) => m.attempt.duracaoMs),
        made.map((m) => m.attempt.resposta ?? null),
        made.map((m) => headersText(m.attempt)),
      ],
    );
  }

  async accountLimits(contaId: number, plano: Plano): Promise<WebhookLimits> {
    const defaults = DEFAULT_WEBHOOK_LIMITS[plano];
    const row = await this.one<{
      limite_webhooks: number | null;
      limite_entregas_mes: number | null;
      limite_entregas_ilimitado: number;
    }>(
      this.pool,
      'SELECT limite_webhooks, limite_entregas_mes, limite_entregas_ilimitado FROM webhook_contas WHERE conta_id = $1',
      [contaId],
    );
    if (!row) return defaults;
    return {
      webhooksAtivos: row.limite_webhooks ?? defaults.webhooksAtivos,
      entregasMes: row.limite_entregas_ilimitado === 1 ? null : (row.limite_entregas_mes ?? defaults.entregasMes),
    };
  }

  async monthlyUsage(contaId: number, now: number): Promise<number> {
    const row = await this.one<{ usadas: number }>(
      this.pool,
      'SELECT usadas FROM entregas_mensais WHERE conta_id = $1 AND referencia = $2',
      [contaId, monthReference(now)],
    );
    return row?.usadas ?? 0;
  }

  async webhookHealth(webhookId: number): Promise<{ ativo: boolean; falhasConsecutivas: number } | null> {
    const row = await this.one<{ ativo: number; falhas_consecutivas: number }>(
      this.pool,
      'SELECT ativo, falhas_consecutivas FROM webhooks WHERE id = $1',
      [webhookId],
    );
    return row ? { ativo: row.ativo === 1, falhasConsecutivas: row.falhas_consecutivas } : null;
  }

  /** Locks its rows in id order, as the delivery queue does (see lockWebhooks there): no lock cycle with a burst. */
  async reactivateDue(now: number): Promise<number> {
    const r = await this.pool.query(
      `UPDATE webhooks SET ativo = 1, desativado_em = NULL, motivo_desativacao = NULL, reativar_em = NULL,
         falhas_consecutivas = 0, atualizado_em = $1
       WHERE id IN (SELECT id FROM webhooks WHERE ativo = 0 AND reativar_em IS NOT NULL AND reativar_em <= $1
                    ORDER BY id FOR NO KEY UPDATE)`,
      [iso(now)],
    );
    return r.rowCount ?? 0;
  }
}
