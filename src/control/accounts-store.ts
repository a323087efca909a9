import type { Selectable } from 'kysely';
import { nowDate } from '../clock.js';
import { isPlano, type Plano } from '../domain/plans.js';
import { generateApiKey, hashApiKey, sameHash, visiblePrefix } from './api-keys.js';
import { inChunks } from './sql/dialect.js';
import { compiledOnce } from './sql/compiled-once.js';
import type { ControlQuery, ControlSql } from './sql/control-sql.js';
import { forUpdate } from './sql/dialect.js';
import type { ContasTable } from './sql/tables.js';

export interface Account {
  id: number;
  nome: string;
  plano: Plano;
  /** Championship ids the account may read; null = every one. */
  campeonatos: number[] | null;
  cota_requisicoes: number | null;
  requisicoes_por_segundo: number | null;
  criada_em: string;
  atualizada_em: string;
}

export interface ApiKeyRecord {
  id: number;
  conta_id: number;
  conta: string;
  nome: string | null;
  prefixo: string;
  ativa: boolean;
  criada_em: string;
  rotacionada_em: string | null;
  revogada_em: string | null;
}

export interface AccountSettings {
  plano?: Plano;
  /** undefined = unchanged; null = every championship. */
  campeonatos?: number[] | null;
  cota_requisicoes?: number | null;
  requisicoes_por_segundo?: number | null;
}

/** Accounts and API keys of the control plane. */
export interface AccountsStore {
  getAccount(nome: string): Promise<Account | null>;
  createAccount(nome: string, plano: Plano, settings?: AccountSettings): Promise<Account>;
  updateAccount(nome: string, settings: AccountSettings): Promise<Account>;
  /** Creates a key and returns its plaintext, which is never stored. */
  createKey(contaId: number, nome: string | null): Promise<{ key: string; record: ApiKeyRecord }>;
  listKeys(conta?: string): Promise<ApiKeyRecord[]>;
  /**
   * The keys a reference names: a numeric id, the full key, or a start of its visible prefix (several
   * when that start is ambiguous). Revoked keys included: they can still be shown.
   */
  findKeys(ref: string): Promise<ApiKeyRecord[]>;
  revokeKey(id: number): Promise<ApiKeyRecord>;
  /** New secret for the same key id (usage and quota carry over); the old one stops working at once. */
  rotateKey(id: number): Promise<{ key: string; record: ApiKeyRecord }>;
  /** The active key matching a presented plaintext, with its account; null when unknown or revoked. */
  authenticate(key: string): Promise<{ key: ApiKeyRecord; account: Account } | null>;
  /** The active keys among `ids`, each with its account (a revoked or unknown id is left out). */
  activeKeys(ids: readonly number[]): Promise<{ key: ApiKeyRecord; account: Account }[]>;
}

const ACCOUNT_COLUMNS = [
  'id',
  'nome',
  'plano',
  'campeonatos',
  'cota_requisicoes',
  'requisicoes_por_segundo',
  'criada_em',
  'atualizada_em',
] as const;

/** Keys with their account's row, in one statement (authentication reads both). */
function keysOn(q: ControlQuery) {
  return q
    .selectFrom('chaves_api as k')
    .innerJoin('contas as c', 'c.id', 'k.conta_id')
    .select([
      'k.id',
      'k.conta_id',
      'c.nome as conta',
      'k.nome',
      'k.prefixo',
      'k.hash',
      'k.ativa',
      'k.criada_em',
      'k.rotacionada_em',
      'k.revogada_em',
      'c.plano',
      'c.campeonatos',
      'c.cota_requisicoes',
      'c.requisicoes_por_segundo',
      'c.criada_em as conta_criada_em',
      'c.atualizada_em as conta_atualizada_em',
    ]);
}

type KeyRow = Awaited<ReturnType<ReturnType<typeof keysOn>['executeTakeFirstOrThrow']>>;

/** Accounts and keys on either engine. */
export function accountsStoreOn(sql: ControlSql): AccountsStore {
  const { db } = sql;
  const keyById = async (id: number) => toKey(await keysOn(db).where('k.id', '=', id).executeTakeFirstOrThrow());
  const byHash = compiledOnce(db, (q, hash: string) => keysOn(q).where('k.hash', '=', hash));
  return {
    async getAccount(nome) {
      const row = await db.selectFrom('contas').select(ACCOUNT_COLUMNS).where('nome', '=', nome).executeTakeFirst();
      return row ? toAccount(row) : null;
    },

    async createAccount(nome, plano, s = {}) {
      const now = nowDate().toISOString();
      const row = await db
        .insertInto('contas')
        .values({
          nome,
          plano,
          campeonatos: accessListColumn(s.campeonatos === undefined ? [] : s.campeonatos),
          cota_requisicoes: s.cota_requisicoes ?? null,
          requisicoes_por_segundo: s.requisicoes_por_segundo ?? null,
          criada_em: now,
          atualizada_em: now,
        })
        .returning(ACCOUNT_COLUMNS)
        .executeTakeFirstOrThrow();
      return toAccount(row);
    },

    updateAccount(nome, s) {
      // Read and write as one step: two changes at once to different settings both stay.
      return sql.write(async (tx) => {
        const row = await forUpdate(
          sql.engine,
          tx.selectFrom('contas').select(ACCOUNT_COLUMNS).where('nome', '=', nome),
        ).executeTakeFirst();
        if (!row) throw new Error(`conta ${nome} não existe`);
        const next = { ...toAccount(row), ...definedOnly(s) };
        const updated = await tx
          .updateTable('contas')
          .set({
            plano: next.plano,
            campeonatos: accessListColumn(next.campeonatos),
            cota_requisicoes: next.cota_requisicoes,
            requisicoes_por_segundo: next.requisicoes_por_segundo,
            atualizada_em: nowDate().toISOString(),
          })
          .where('id', '=', row.id)
          .returning(ACCOUNT_COLUMNS)
          .executeTakeFirstOrThrow();
        return toAccount(updated);
      });
    },

    async createKey(contaId, nome) {
      const key = generateApiKey();
      const { id } = await db
        .insertInto('chaves_api')
        .values({
          conta_id: contaId,
          nome,
          prefixo: visiblePrefix(key),
          hash: hashApiKey(key),
          ativa: 1,
          criada_em: nowDate().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { key, record: await keyById(id) };
    },

    async listKeys(conta) {
      const q = keysOn(db).orderBy('k.id');
      const rows = await (conta === undefined ? q : q.where('c.nome', '=', conta)).execute();
      return rows.map(toKey);
    },

    async findKeys(ref) {
      const q = keysOn(db).orderBy('k.id');
      let rows: KeyRow[];
      if (/^\d+$/.test(ref)) rows = await q.where('k.id', '=', Number(ref)).execute();
      else if (ref.length > visiblePrefix(ref).length) rows = await q.where('k.hash', '=', hashApiKey(ref)).execute();
      // substr, not LIKE: the prefix itself contains `_`, a LIKE wildcard.
      else
        rows = await q
          .where((eb) => eb(eb.fn('substr', ['k.prefixo', eb.val(1), eb.val(ref.length)]), '=', ref))
          .execute();
      return rows.map(toKey);
    },

    async revokeKey(id) {
      await db
        .updateTable('chaves_api')
        .set({ ativa: 0, revogada_em: nowDate().toISOString() })
        .where('id', '=', id)
        .where('ativa', '=', 1)
        .execute();
      return keyById(id);
    },

    async rotateKey(id) {
      const key = generateApiKey();
      await db
        .updateTable('chaves_api')
        .set({ prefixo: visiblePrefix(key), hash: hashApiKey(key), rotacionada_em: nowDate().toISOString() })
        .where('id', '=', id)
        .execute();
      return { key, record: await keyById(id) };
    },

    async authenticate(key) {
      const hash = hashApiKey(key);
      const [row] = await byHash(db, hash);
      // The index finds the row; the constant-time check keeps the final decision free of timing signals.
      if (!row || !sameHash(row.hash, hash) || row.ativa !== 1) return null;
      return { key: toKey(row), account: accountOf(row) };
    },

    async activeKeys(ids) {
      const found: { key: ApiKeyRecord; account: Account }[] = [];
      for (const batch of inChunks(ids, 1)) {
        const rows = await keysOn(db).where('k.ativa', '=', 1).where('k.id', 'in', batch).execute();
        for (const row of rows) found.push({ key: toKey(row), account: accountOf(row) });
      }
      return found;
    },
  };
}

function definedOnly(s: AccountSettings): AccountSettings {
  return Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)) as AccountSettings;
}

function toAccount(r: Selectable<ContasTable>): Account {
  if (!isPlano(r.plano)) throw new Error(`conta ${r.nome}: plano inválido no banco: ${r.plano}`);
  return {
    id: r.id,
    nome: r.nome,
    plano: r.plano,
    campeonatos: r.campeonatos === null ? null : (JSON.parse(r.campeonatos) as number[]),
    cota_requisicoes: r.cota_requisicoes,
    requisicoes_por_segundo: r.requisicoes_por_segundo,
    criada_em: r.criada_em,
    atualizada_em: r.atualizada_em,
  };
}

/** The account of a key row. */
function accountOf(r: KeyRow): Account {
  return toAccount({
    id: r.conta_id,
    nome: r.conta,
    plano: r.plano,
    campeonatos: r.campeonatos,
    cota_requisicoes: r.cota_requisicoes,
    requisicoes_por_segundo: r.requisicoes_por_segundo,
    criada_em: r.conta_criada_em,
    atualizada_em: r.conta_atualizada_em,
  });
}

function toKey(r: KeyRow): ApiKeyRecord {
  return {
    id: r.id,
    conta_id: r.conta_id,
    conta: r.conta,
    nome: r.nome,
    prefixo: r.prefixo,
    ativa: r.ativa === 1,
    criada_em: r.criada_em,
    rotacionada_em: r.rotacionada_em,
    revogada_em: r.revogada_em,
  };
}

/** NULL = every championship; a JSON array = only those (an account starts with none). */
function accessListColumn(campeonatos: readonly number[] | null): string | null {
  return campeonatos === null ? null : JSON.stringify(campeonatos);
}
