/** Upgrades of a parent snapshot published by an earlier version of sql/schema.sql, applied before loading. */
import type { DuckDBConnection } from '@duckdb/node-api';
import { personNameKey } from '../feeds/player-names.js';
import { appendRows, queryRows, readSql } from './duckdb-util.js';

const SIGLAS_SQL = readSql(new URL('./sql/upgrade-1-siglas.sql', import.meta.url));
const PESSOAS_SQL = readSql(new URL('./sql/upgrade-2-pessoas.sql', import.meta.url));
const AJUSTES_SQL = readSql(new URL('./sql/upgrade-3-ajustes-atualizacao.sql', import.meta.url));

/**
 * How many of the upgrades below sql/schema.sql already includes, recorded in each manifest (`esquema`): a parent
 * whose manifest records it needs none, and its catalogue is not read (a query a fresh `svc ingest` would pay for
 * nothing). Add 1 with each new upgrade.
 */
export const SCHEMA_REVISION = 3;

/**
 * Returns whether the snapshot was upgraded: it is then published even when the feeds change nothing (a
 * served snapshot must have the current tables), every person is computed afresh and everything is served anew.
 * `revision`: the parent manifest's `esquema` (absent in manifests written before it was recorded: checked).
 */
export async function upgradeSchema(conn: DuckDBConnection, revision: number | undefined): Promise<boolean> {
  if (revision === SCHEMA_REVISION) return false;
  const tables = new Set(
    (
      await queryRows<{ name: string }>(
        conn,
        "SELECT table_name AS name FROM duckdb_tables() WHERE database_name = current_database() AND table_name IN ('times_apelidos', 'pessoas', 'ajustes_pontos')",
      )
    ).map((t) => t.name),
  );
  if (!tables.has('times_apelidos')) await conn.run(SIGLAS_SQL);
  if (!tables.has('ajustes_pontos')) await conn.run(AJUSTES_SQL);
  if (tables.has('pessoas')) return !tables.has('ajustes_pontos');
  await conn.run(PESSOAS_SQL);
  const players = await queryRows<{ id: number; nome: string }>(conn, 'SELECT id, nome FROM jogadores');
  await conn.run('CREATE OR REPLACE TEMP TABLE chaves_pessoa (id INTEGER, chave VARCHAR)');
  await appendRows(
    conn,
    'chaves_pessoa',
    ['id', 'chave'],
    players.map((j) => ({ id: j.id, chave: personNameKey(j.nome) })),
  );
  await conn.run(
    'UPDATE jogadores SET chave_pessoa = k.chave FROM chaves_pessoa k WHERE k.id = jogadores.id; ALTER TABLE jogadores ALTER COLUMN chave_pessoa SET NOT NULL;',
  );
  return true;
}
