import { nowDate } from '../clock.js';
import { isPlano, type Plano } from '../domain/plans.js';
import type { ControlDb } from './database.js';
import { generateApiKey, hashApiKey, sameHash, visiblePrefix } from './api-keys.js';

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

/** Accounts and API keys of the control plane. Portable SQL only (see docs/internals.md). */
export interface AccountsStore {
  getAccount(nome: string): Account | null;
  createAccount(nome: string, plano: Plano, settings?: AccountSettings): Account;
  updateAccount(nome: string, settings: AccountSettings): Account;
  /** Creates a key and returns its plaintext, which is never stored. */
  createKey(contaId: number, nome: string | null): { key: string; record: ApiKeyRecord };
  listKeys(conta?: string): ApiKeyRecord[];
  /**
   * The keys a reference names: a numeric id, the full key, or a start of its visible prefix (several
   * when that start is ambiguous). Revoked keys included: they can still be shown.
   */
  findKeys(ref: string): ApiKeyRecord[];
  revokeKey(id: number): ApiKeyRecord;
  /** New secret for the same key id (usage and quota carry over); the old one stops working at once. */
  rotateKey(id: number): { key: string; record: ApiKeyRecord };
  /** The active key matching a presented plaintext, with its account; null when unknown or revoked. */
  authenticate(key: string): { key: ApiKeyRecord; account: Account } | null;
  /** The active keys among `ids`, each with its account (a revoked or unknown id is left out). */
  activeKeys(ids: readonly number[]): { key: ApiKeyRecord; account: Account }[];
}

export interface AccountRow {
  id: number;
  nome: string;
  plano: string;
  campeonatos: string | null;
  cota_requisicoes: number | null;
  requisicoes_por_segundo: number | null;
  criada_em: string;
  atualizada_em: string;
}

export interface KeyRow {
  id: number;
  conta_id: number;
  conta: string;
  nome: string | null;
  prefixo: string;
  hash: string;
  ativa: number;
  criada_em: string;
  rotacionada_em: string | null;
  revogada_em: string | null;
}

export const ACCOUNT_COLUMNS =
  'id, nome, plano, campeonatos, cota_requisicoes, requisicoes_por_segundo, criada_em, atualizada_em';
export const KEY_SELECT = `SELECT k.id, k.conta_id, c.nome AS conta, k.nome, k.prefixo, k.hash, k.ativa, k.criada_em,
  k.rotacionada_em, k.revogada_em FROM chaves_api k JOIN contas c ON c.id = k.conta_id`;

export class SqliteAccountsStore implements AccountsStore {
  /** Prepared once: `authenticate` runs on every API request. */
  private readonly byHash;
  private readonly accountByIdStmt;

  constructor(private readonly db: ControlDb) {
    this.byHash = db.prepare(`${KEY_SELECT} WHERE k.hash = ?`);
    this.accountByIdStmt = db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM contas WHERE id = ?`);
  }

  getAccount(nome: string): Account | null {
    const row = this.db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM contas WHERE nome = ?`).get(nome) as
      | AccountRow
      | undefined;
    return row ? toAccount(row) : null;
  }

  private accountById(id: number): Account {
    const row = this.accountByIdStmt.get(id) as AccountRow;
    return toAccount(row);
  }

  createAccount(nome: string, plano: Plano, s: AccountSettings = {}): Account {
    const now = nowDate().toISOString();
    const row = this.db
      .prepare(
        `INSERT INTO contas (nome, plano, campeonatos, cota_requisicoes, requisicoes_por_segundo, criada_em, atualizada_em)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${ACCOUNT_COLUMNS}`,
      )
      .get(
        nome,
        plano,
        accessListColumn(s.campeonatos === undefined ? [] : s.campeonatos),
        s.cota_requisicoes ?? null,
        s.requisicoes_por_segundo ?? null,
        now,
        now,
      ) as AccountRow;
    return toAccount(row);
  }

  updateAccount(nome: string, s: AccountSettings): Account {
    const current = this.getAccount(nome);
    if (!current) throw new Error(`conta ${nome} não existe`);
    const next = { ...current, ...definedOnly(s) };
    this.db
      .prepare(
        `UPDATE contas SET plano = ?, campeonatos = ?, cota_requisicoes = ?, requisicoes_por_segundo = ?, atualizada_em = ?
         WHERE id = ?`,
      )
      .run(
        next.plano,
        accessListColumn(next.campeonatos),
        next.cota_requisicoes,
        next.requisicoes_por_segundo,
        nowDate().toISOString(),
        current.id,
      );
    return this.accountById(current.id);
  }

  createKey(contaId: number, nome: string | null): { key: string; record: ApiKeyRecord } {
    const key = generateApiKey();
    const row = this.db
      .prepare(
        'INSERT INTO chaves_api (conta_id, nome, prefixo, hash, ativa, criada_em) VALUES (?, ?, ?, ?, 1, ?) RETURNING id',
      )
      .get(contaId, nome, visiblePrefix(key), hashApiKey(key), nowDate().toISOString()) as { id: number };
    return { key, record: this.keyById(row.id) };
  }

  listKeys(conta?: string): ApiKeyRecord[] {
    const rows = (
      conta === undefined
        ? this.db.prepare(`${KEY_SELECT} ORDER BY k.id`).all()
        : this.db.prepare(`${KEY_SELECT} WHERE c.nome = ? ORDER BY k.id`).all(conta)
    ) as KeyRow[];
    return rows.map(toKey);
  }

  findKeys(ref: string): ApiKeyRecord[] {
    let rows: KeyRow[];
    if (/^\d+$/.test(ref)) rows = this.db.prepare(`${KEY_SELECT} WHERE k.id = ?`).all(Number(ref)) as KeyRow[];
    else if (ref.length > visiblePrefix(ref).length)
      rows = this.db.prepare(`${KEY_SELECT} WHERE k.hash = ?`).all(hashApiKey(ref)) as KeyRow[];
    // substr, not LIKE: the prefix itself contains `_`, a LIKE wildcard.
    else
      rows = this.db
        .prepare(`${KEY_SELECT} WHERE substr(k.prefixo, 1, ?) = ? ORDER BY k.id`)
        .all(ref.length, ref) as KeyRow[];
    return rows.map(toKey);
  }

  private keyById(id: number): ApiKeyRecord {
    return toKey(this.db.prepare(`${KEY_SELECT} WHERE k.id = ?`).get(id) as KeyRow);
  }

  revokeKey(id: number): ApiKeyRecord {
    this.db
      .prepare('UPDATE chaves_api SET ativa = 0, revogada_em = ? WHERE id = ? AND ativa = 1')
      .run(nowDate().toISOString(), id);
    return this.keyById(id);
  }

  rotateKey(id: number): { key: string; record: ApiKeyRecord } {
    const key = generateApiKey();
    this.db
      .prepare('UPDATE chaves_api SET prefixo = ?, hash = ?, rotacionada_em = ? WHERE id = ?')
      .run(visiblePrefix(key), hashApiKey(key), nowDate().toISOString(), id);
    return { key, record: this.keyById(id) };
  }

  authenticate(key: string): { key: ApiKeyRecord; account: Account } | null {
    const hash = hashApiKey(key);
    const row = this.byHash.get(hash) as KeyRow | undefined;
    // The index finds the row; the constant-time check keeps the final decision free of timing signals.
    if (!row || !sameHash(row.hash, hash) || row.ativa !== 1) return null;
    return { key: toKey(row), account: this.accountById(row.conta_id) };
  }

  activeKeys(ids: readonly number[]): { key: ApiKeyRecord; account: Account }[] {
    if (ids.length === 0) return [];
    const rows = this.db
      .prepare(`${KEY_SELECT} WHERE k.ativa = 1 AND k.id IN (${ids.map(() => '?').join(', ')})`)
      .all(...ids) as KeyRow[];
    return rows.map((row) => ({ key: toKey(row), account: this.accountById(row.conta_id) }));
  }
}

export function definedOnly(s: AccountSettings): AccountSettings {
  return Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)) as AccountSettings;
}

export function toAccount(r: AccountRow): Account {
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

export function toKey(r: KeyRow): ApiKeyRecord {
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
export function accessListColumn(campeonatos: readonly number[] | null): string | null {
  return campeonatos === null ? null : JSON.stringify(campeonatos);
}
