import type { DuckDBConnection } from '@duckdb/node-api';
import { keyString, type SourceKey } from '../feeds/source-keys.js';
import type { StoredKeyLookup } from '../feeds/validate-feed.js';
import { appendRows, queryRows } from './duckdb-util.js';

/** Source keys → internal ids from a snapshot's `id_fonte`: one staged join for all keys. */
export function storedKeyLookup(conn: DuckDBConnection | null): StoredKeyLookup {
  return async (keys) => {
    if (!conn || keys.length === 0) return new Map();
    await conn.run('CREATE OR REPLACE TEMP TABLE lookup_keys (entidade VARCHAR, fonte VARCHAR, chave VARCHAR)');
    await appendRows(conn, 'lookup_keys', ['entidade', 'fonte', 'chave'], keys as unknown as Record<string, unknown>[]);
    const rows = await queryRows<SourceKey & { id: number }>(
      conn,
      'SELECT f.entidade, f.fonte, f.chave, f.id FROM id_fonte f JOIN lookup_keys k USING (entidade, fonte, chave)',
    );
    return new Map(rows.map((r) => [keyString(r), r.id]));
  };
}
