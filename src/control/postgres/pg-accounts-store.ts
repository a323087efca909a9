import { nowDate } from '../../clock.js';
import type pg from 'pg';
import type { Plano } from '../../domain/plans.js';
import {
  ACCOUNT_COLUMNS,
  KEY_SELECT,
  accessListColumn,
  definedOnly,
  toAccount,
  toKey,
  type Account,
  type AccountRow,
  type AccountSettings,
  type AccountsStore,
  type ApiKeyRecord,
  type KeyRow,
} from '../accounts-store.js';
import { generateApiKey, hashApiKey, sameHash, visiblePrefix } from '../api-keys.js';
import type { Async } from '../async-store.js';

/** Accounts and API keys in PostgreSQL; the same rows and answers as SqliteAccountsStore. */
export class PgAccountsStore implements Async<AccountsStore> {
  constructor(private readonly pool: pg.Pool) {}

  private async one<R extends pg.QueryResultRow>(text: string, params: unknown[]): Promise<R | undefined> {
    return (await this.pool.query<R>(text, params)).rows[0];
  }

  async getAccount(nome: string): Promise<Account | null> {
    const row = await this.one<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM contas WHERE nome = $1`, [nome]);
    return row ? toAccount(row) : null;
  }

  async createAccount(nome: string, plano: Plano, s: AccountSettings = {}): Promise<Account> {
    const now = nowDate().toISOString();
    const row = await this.one<AccountRow>(
      `INSERT INTO contas (nome, plano, campeonatos, cota_requisicoes, requisicoes_por_segundo, criada_em, atualizada_em)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${ACCOUNT_COLUMNS}`,
      [
        nome,
        plano,
        accessListColumn(s.campeonatos === undefined ? [] : s.campeonatos),
        s.cota_requisicoes ?? null,
        s.requisicoes_por_segundo ?? null,
        now,
        now,
      ],
    );
    return toAccount(row as AccountRow);
  }

  async updateAccount(nome: string, s: AccountSettings): Promise<Account> {
    const current = await this.getAccount(nome);
    if (!current) throw new Error(`conta ${nome} não existe`);
    const next = { ...current, ...definedOnly(s) };
    const row = await this.one<AccountRow>(
      `UPDATE contas SET plano = $1, campeonatos = $2, cota_requisicoes = $3, requisicoes_por_segundo = $4, atualizada_em = $5
       WHERE id = $6 RETURNING ${ACCOUNT_COLUMNS}`,
      [
        next.plano,
        accessListColumn(next.campeonatos),
        next.cota_requisicoes,
        next.requisicoes_por_segundo,
        nowDate().toISOString(),
        current.id,
      ],
    );
    return toAccount(row as AccountRow);
  }

  async createKey(contaId: number, nome: string | null): Promise<{ key: string; record: ApiKeyRecord }> {
    const key = generateApiKey();
    const row = await this.one<{ id: number }>(
      'INSERT INTO chaves_api (conta_id, nome, prefixo, hash, ativa, criada_em) VALUES ($1, $2, $3, $4, 1, $5) RETURNING id',
      [contaId, nome, visiblePrefix(key), hashApiKey(key), nowDate().toISOString()],
    );
    return { key, record: await this.keyById((row as { id: number }).id) };
  }

  async listKeys(conta?: string): Promise<ApiKeyRecord[]> {
    const { rows } =
      conta === undefined
        ? await this.pool.query<KeyRow>(`${KEY_SELECT} ORDER BY k.id`)
        : await this.pool.query<KeyRow>(`${KEY_SELECT} WHERE c.nome = $1 ORDER BY k.id`, [conta]);
    return rows.map(toKey);
  }

  async findKeys(ref: string): Promise<ApiKeyRecord[]> {
    const { rows } = /^\d+$/.test(ref)
      ? await this.pool.query<KeyRow>(`${KEY_SELECT} WHERE k.id = $1`, [Number(ref)])
      : ref.length > visiblePrefix(ref).length
        ? await this.pool.query<KeyRow>(`${KEY_SELECT} WHERE k.hash = $1`, [hashApiKey(ref)])
        : // substr, not LIKE: the prefix itself contains `_`, a LIKE wildcard.
          await this.pool.query<KeyRow>(`${KEY_SELECT} WHERE substr(k.prefixo, 1, $1) = $2 ORDER BY k.id`, [
            ref.length,
            ref,
          ]);
    return rows.map(toKey);
  }

  private async keyById(id: number): Promise<ApiKeyRecord> {
    return toKey((await this.one<KeyRow>(`${KEY_SELECT} WHERE k.id = $1`, [id])) as KeyRow);
  }

  async revokeKey(id: number): Promise<ApiKeyRecord> {
    await this.pool.query('UPDATE chaves_api SET ativa = 0, revogada_em = $1 WHERE id = $2 AND ativa = 1', [
      nowDate().toISOString(),
      id,
    ]);
    return this.keyById(id);
  }

  async rotateKey(id: number): Promise<{ key: string; record: ApiKeyRecord }> {
    const key = generateApiKey();
    await this.pool.query('UPDATE chaves_api SET prefixo = $1, hash = $2, rotacionada_em = $3 WHERE id = $4', [
      visiblePrefix(key),
      hashApiKey(key),
      nowDate().toISOString(),
      id,
    ]);
    return { key, record: await this.keyById(id) };
  }

  async authenticate(key: string): Promise<{ key: ApiKeyRecord; account: Account } | null> {
    const hash = hashApiKey(key);
    const row = await this.one<KeyRow>(`${KEY_SELECT} WHERE k.hash = $1`, [hash]);
    // Same decision as the SQLite store: the index finds the row, the constant-time check decides.
    if (!row || !sameHash(row.hash, hash) || row.ativa !== 1) return null;
    const account = await this.one<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM contas WHERE id = $1`, [row.conta_id]);
    return { key: toKey(row), account: toAccount(account as AccountRow) };
  }

  async activeKeys(ids: readonly number[]): Promise<{ key: ApiKeyRecord; account: Account }[]> {
    if (ids.length === 0) return [];
    const keys = await this.pool.query<KeyRow>(`${KEY_SELECT} WHERE k.ativa = 1 AND k.id = ANY($1::bigint[])`, [ids]);
    const accounts = await this.pool.query<AccountRow>(
      `SELECT ${ACCOUNT_COLUMNS} FROM contas WHERE id = ANY($1::bigint[])`,
      [[...new Set(keys.rows.map((k) => k.conta_id))]],
    );
    const byId = new Map(accounts.rows.map((a) => [a.id, toAccount(a)]));
    return keys.rows.map((row) => ({ key: toKey(row), account: byId.get(row.conta_id) as Account }));
  }
}
