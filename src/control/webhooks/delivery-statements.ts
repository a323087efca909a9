import { sql } from 'kysely';
import { compiledOnce, compiledWrite } from '../sql/compiled-once.js';
import type { ControlSql } from '../sql/control-sql.js';
import { forRowLock, forUpdateSkipLocked, jsonItems } from '../sql/dialect.js';
import { CLAIM_COLUMNS, WEBHOOK_COLUMNS } from './records.js';
import { STATUS } from './webhook-tables.js';

/** `cota_reservada` of a delivery holding a quota slot. */
const HELD = sql.lit(1);

/**
 * The statements the delivery queue runs per claim round, quota reservation and burst of outcomes, each built and
 * compiled once (compiledOnce): building one through Kysely costs several times what SQLite takes to run it, and a
 * busy dispatcher runs them thousands of times a minute. A list of ids is one JSON argument (`jsonItems`), so each
 * has one text however many it names. The multi-row writes are raw text beside their callers (`writeRows`).
 */
export function deliveryStatements({ db, engine }: ControlSql) {
  const ids = (json: string) => jsonItems<string>(engine, json, 'text');
  const numbers = (json: string) => jsonItems<number>(engine, json, 'bigint');
  return {
    /** Leases due deliveries (see claimDue); returns their rows, in no particular order. */
    claim: compiledOnce(db, (q, now: number, until: number, owner: string, skipAccounts: string, limit: number) =>
      q
        .updateTable('entregas')
        .set({ reservada_ate: until, reservada_por: owner })
        .where(
          'id',
          'in',
          forUpdateSkipLocked(
            engine,
            q
              .selectFrom('entregas')
              .select('id')
              .where('status', '=', STATUS.pendente)
              .where('proxima_tentativa_em', '<=', now)
              .where((eb) => eb.or([eb('reservada_ate', 'is', null), eb('reservada_ate', '<=', now)]))
              .where('conta_id', 'not in', numbers(skipAccounts))
              .orderBy('proxima_tentativa_em')
              .limit(limit),
          ),
        )
        .returning(CLAIM_COLUMNS),
    ),

    /** What the sender and the gate need from the claimed deliveries' webhooks and accounts, a row per webhook. */
    targets: compiledOnce(db, (q, webhookIds: string) =>
      q
        .selectFrom('webhooks as w')
        .leftJoin('contas as c', 'c.id', 'w.conta_id')
        .leftJoin('webhook_contas as l', 'l.conta_id', 'w.conta_id')
        .select([
          'w.id',
          'w.url',
          'w.secret',
          'w.segredo_anterior',
          'w.segredo_anterior_ate',
          'w.ativo',
          'c.plano',
          'l.limite_entregas_mes',
          'l.limite_entregas_ilimitado',
        ])
        .where('w.id', 'in', numbers(webhookIds)),
    ),

    /** Which of the deliveries `ids` still exist (a deleted webhook takes its deliveries along). */
    existing: compiledOnce(db, (q, deliveryIds: string) =>
      q.selectFrom('entregas').select('id').where('id', 'in', ids(deliveryIds)),
    ),

    nextDueAt: compiledOnce(db, (q) =>
      q
        .selectFrom('entregas')
        .select((eb) => eb.fn.min('proxima_tentativa_em').as('t'))
        .where('status', '=', STATUS.pendente)
        .where('reservada_ate', 'is', null),
    ),

    renew: compiledWrite(db, (q, until: number, owner: string, held: string) =>
      q
        .updateTable('entregas')
        .set({ reservada_ate: until })
        .where('reservada_por', '=', owner)
        .where('status', '=', STATUS.pendente)
        .where('id', 'in', ids(held)),
    ),

    claimOwners: compiledOnce(db, (q) =>
      q
        .selectFrom('entregas')
        .select('reservada_por')
        .distinct()
        .where('status', '=', STATUS.pendente)
        .where('reservada_por', 'is not', null),
    ),

    release: compiledWrite(db, (q, owners: string) =>
      q
        .updateTable('entregas')
        .set({ reservada_ate: null, reservada_por: null, cota_reservada: 0 })
        .where('reservada_por', 'in', ids(owners)),
    ),

    /**
     * An account's month so far and the slots other claims hold, in one statement (one snapshot: an outcome
     * recorded meanwhile moves its slot from held to used at once).
     */
    quotaStanding: compiledOnce(db, (q, contaId: number, referencia: string, now: number, asking: string) =>
      q.selectNoFrom((eb) => [
        eb.fn
          .coalesce(
            eb
              .selectFrom('entregas_mensais')
              .select('usadas')
              .where('conta_id', '=', contaId)
              .where('referencia', '=', referencia),
            eb.val(0),
          )
          .as('used'),
        eb
          .selectFrom('entregas')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('conta_id', '=', contaId)
          // Literals, as the partial index entregas_cota_reservada (migration 029) says them: the planner
          // uses a partial index only for a query whose terms imply its WHERE when prepared, not bound later.
          .where('cota_reservada', '=', HELD)
          .where('status', '=', STATUS.pendente)
          .where('reservada_ate', '>', now)
          .where('id', 'not in', ids(asking))
          .as('held'),
      ]),
    ),

    markQuota: compiledWrite(db, (q, flag: number, marked: string) =>
      q.updateTable('entregas').set({ cota_reservada: flag }).where('id', 'in', ids(marked)),
    ),

    /** Row locks on webhooks in id order (PostgreSQL only: see lockWebhooks). */
    lockWebhooks: {
      keyShare: compiledOnce(db, (q, webhookIds: string) =>
        forRowLock(
          engine,
          q.selectFrom('webhooks').select('id').where('id', 'in', numbers(webhookIds)).orderBy('id'),
          'keyShare',
        ),
      ),
      noKeyUpdate: compiledOnce(db, (q, webhookIds: string) =>
        forRowLock(
          engine,
          q.selectFrom('webhooks').select('id').where('id', 'in', numbers(webhookIds)).orderBy('id'),
          'noKeyUpdate',
        ),
      ),
    },

    /** Ends a webhook's run of failures: it answered 2xx. */
    clearFailures: compiledWrite(db, (q, webhookId: number, at: string) =>
      q
        .updateTable('webhooks')
        .set({ falhas_consecutivas: 0, desativacoes_seguidas: 0, ultimo_sucesso_em: at })
        .where('id', '=', webhookId),
    ),

    countFailure: compiledOnce(db, (q, webhookId: number) =>
      q
        .updateTable('webhooks')
        .set((eb) => ({ falhas_consecutivas: eb('falhas_consecutivas', '+', 1) }))
        .where('id', '=', webhookId)
        .where('ativo', '=', 1)
        .returning(['falhas_consecutivas', 'desativacoes_seguidas']),
    ),

    deactivate: compiledOnce(db, (q, webhookId: number, em: string, motivo: string, reativarEm: string | null) =>
      q
        .updateTable('webhooks')
        .set((eb) => ({
          ativo: 0,
          desativado_em: em,
          motivo_desativacao: motivo,
          reativar_em: reativarEm,
          desativacoes_seguidas: eb('desativacoes_seguidas', '+', 1),
          atualizado_em: em,
        }))
        .where('id', '=', webhookId)
        .returning(WEBHOOK_COLUMNS),
    ),

    recordDeactivation: compiledWrite(
      db,
      (q, webhookId: number, tipo: string, motivo: string, em: string, reativarEm: string | null) =>
        q
          .insertInto('webhook_desativacoes')
          .values({ webhook_id: webhookId, tipo, motivo, em, reativar_em: reativarEm }),
    ),

    addUsage: compiledWrite(db, (q, contaId: number, referencia: string, n: number) =>
      q
        .insertInto('entregas_mensais')
        .values({ conta_id: contaId, referencia, usadas: n })
        .onConflict((c) =>
          c
            .columns(['conta_id', 'referencia'])
            .doUpdateSet((eb) => ({ usadas: eb('entregas_mensais.usadas', '+', eb.ref('excluded.usadas')) })),
        ),
    ),
  };
}

export type DeliveryStatements = ReturnType<typeof deliveryStatements>;
