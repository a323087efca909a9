import type pg from 'pg';
import { secretBoxOf, type ControlDb } from '../database.js';
import type { PgControl } from './pg-control.js';
import { withTransaction } from './pg-control.js';

/** Every control-plane table, parents before children (foreign keys), and whether it has an identity `id`. */
const TABLES: readonly { name: string; identity: boolean }[] = [
  { name: 'contadores', identity: false },
  { name: 'dispatcher_cursor', identity: false },
  { name: 'contas', identity: true },
  { name: 'chaves_api', identity: true },
  { name: 'uso_diario', identity: false },
  { name: 'uso_total', identity: false },
  { name: 'uso_recente', identity: true },
  { name: 'uso_endpoint_diario', identity: false },
  { name: 'webhooks', identity: true },
  { name: 'entregas', identity: false },
  { name: 'tentativas_entrega', identity: true },
  { name: 'entregas_mensais', identity: false },
  { name: 'webhook_contas', identity: false },
  { name: 'webhook_desativacoes', identity: true },
  { name: 'avisos_email', identity: true },
];

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const CHUNK = 500;

export class TargetNotEmptyError extends Error {
  override name = 'TargetNotEmptyError';
}

/**
 * Copies a SQLite control plane into a migrated, empty PostgreSQL one, in one transaction: all or nothing.
 * Webhook secrets are opened with the SQLite side's keys and sealed again with the PostgreSQL side's current key.
 * Returns the rows copied per table.
 */
export async function copySqliteToPg(from: ControlDb, to: PgControl): Promise<Record<string, number>> {
  const fromBox = secretBoxOf(from);
  const reseal = (v: unknown) => (v === null || v === undefined ? v : to.box.seal(fromBox.open(v as string)));
  return withTransaction(to.pool, async (c) => {
    const busy = await c.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM contas) + (SELECT count(*) FROM webhooks) + (SELECT count(*) FROM contadores) AS n',
    );
    if (Number(busy.rows[0]?.n) > 0)
      throw new TargetNotEmptyError(
        'o banco de destino já tem um plano de controle (contas, webhooks ou contadores); use um banco vazio',
      );
    const copied: Record<string, number> = {};
    for (const table of TABLES) {
      let rows = from.prepare(`SELECT * FROM ${table.name}`).all() as Record<string, unknown>[];
      if (table.name === 'webhooks')
        rows = rows.map((r) => ({ ...r, secret: reseal(r.secret), segredo_anterior: reseal(r.segredo_anterior) }));
      for (let i = 0; i < rows.length; i += CHUNK) await insertRows(c, table.name, rows.slice(i, i + CHUNK));
      if (table.identity) {
        // Ids were inserted explicitly: new rows must start after them.
        await c.query(
          `SELECT setval(pg_get_serial_sequence('${table.name}', 'id'), COALESCE((SELECT max(id) FROM ${table.name}), 0) + 1, false)`,
        );
      }
      copied[table.name] = rows.length;
    }
    return copied;
  });
}

async function insertRows(c: pg.PoolClient, table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const params: unknown[] = [];
  const tuples = rows.map((r) => `(${columns.map((col) => `$${params.push(r[col])}`).join(', ')})`);
  await c.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, params);
}
