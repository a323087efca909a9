import { sealSecret, secretBoxOf, writeTransaction, type ControlDb } from '../database.js';
import type { Plano } from '../../domain/plans.js';
import { DEFAULT_WEBHOOK_LIMITS, monthReference, type WebhookLimits } from '../../domain/webhooks.js';
import { headersText, iso, toWebhook, type AttemptResult, type WebhookRecord, type WebhookRow } from './records.js';

/** The part of a prepared libsql statement the stores use. */
interface Statement {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

/** What the webhook registry and the delivery queue both read: an account's limits and usage, lapsed deactivations. */
export interface WebhookAccounts {
  accountLimits(contaId: number, plano: Plano): WebhookLimits;
  monthlyUsage(contaId: number, now: number): number;
  /** Re-enables webhooks whose temporary deactivation has ended; returns how many. */
  reactivateDue(now: number): number;
  /** Whether a webhook is active now and its recorded run of failed deliveries (null: it no longer exists). */
  webhookHealth(webhookId: number): { ativo: boolean; falhasConsecutivas: number } | null;
}

/** The SQLite plumbing both stores share: prepared statements, transactions, and the shared reads. */
export abstract class SqliteWebhookTables implements WebhookAccounts {
  private readonly statements = new Map<string, Statement>();

  constructor(protected readonly db: ControlDb) {}

  /** A stored webhook row as a record, its secrets opened (secrets are sealed at rest, see SecretBox). */
  protected webhook(row: WebhookRow): WebhookRecord {
    const w = toWebhook(row);
    return {
      ...w,
      secret: secretBoxOf(this.db).open(row.secret),
      previousSecret: w.previousSecret === null ? null : secretBoxOf(this.db).open(w.previousSecret),
    };
  }

  protected sealSecret(secret: string): string {
    return sealSecret(this.db, secret);
  }

  protected openSecret(stored: string): string {
    return secretBoxOf(this.db).open(stored);
  }

  /** Prepared once per SQL text: the dispatcher runs the same few statements thousands of times. */
  protected sql(text: string): Statement {
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
  protected tx<T>(fn: () => T): T {
    return writeTransaction(this.db, fn);
  }

  protected insertAttempt(deliveryId: string, a: AttemptResult): void {
    this.sql(
      `INSERT INTO tentativas_entrega (entrega_id, numero, origem, destino, iniciada_em, status_code, erro, duracao_ms, resposta,
           cabecalhos)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
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
    );
  }

  accountLimits(contaId: number, plano: Plano): WebhookLimits {
    const defaults = DEFAULT_WEBHOOK_LIMITS[plano];
    const row = this.sql(
      'SELECT limite_webhooks, limite_entregas_mes, limite_entregas_ilimitado FROM webhook_contas WHERE conta_id = ?',
    ).get(contaId) as
      | { limite_webhooks: number | null; limite_entregas_mes: number | null; limite_entregas_ilimitado: number }
      | undefined;
    if (!row) return defaults;
    return {
      webhooksAtivos: row.limite_webhooks ?? defaults.webhooksAtivos,
      entregasMes: row.limite_entregas_ilimitado === 1 ? null : (row.limite_entregas_mes ?? defaults.entregasMes),
    };
  }

  monthlyUsage(contaId: number, now: number): number {
    const row = this.sql('SELECT usadas FROM entregas_mensais WHERE conta_id = ? AND referencia = ?').get(
      contaId,
      monthReference(now),
    ) as { usadas: number } | undefined;
    return row?.usadas ?? 0;
  }

  webhookHealth(webhookId: number): { ativo: boolean; falhasConsecutivas: number } | null {
    const row = this.sql('SELECT ativo, falhas_consecutivas FROM webhooks WHERE id = ?').get(webhookId) as
      | { ativo: number; falhas_consecutivas: number }
      | undefined;
    return row ? { ativo: row.ativo === 1, falhasConsecutivas: row.falhas_consecutivas } : null;
  }

  reactivateDue(now: number): number {
    return this.sql(
      `UPDATE webhooks SET ativo = 1, desativado_em = NULL, motivo_desativacao = NULL, reativar_em = NULL,
           falhas_consecutivas = 0, atualizado_em = ?
         WHERE ativo = 0 AND reativar_em IS NOT NULL AND reativar_em <= ?`,
    ).run(iso(now), iso(now)).changes;
  }
}
