/**
 * A real snapshot database for warehouse tests: a DuckDB file in a temp dir created from sql/schema.sql,
 * and small builders that insert rows with sensible defaults (only what a test cares about is spelled).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import { REPO_ROOT } from '../kit/fixtures.js';
import { tempDir } from '../kit/dirs.js';

type Row = Record<string, DuckDBValue>;

const SCHEMA = readFileSync(path.join(REPO_ROOT, 'src/warehouse/sql/schema.sql'), 'utf8');

const DEFAULTS: Record<string, (r: Row) => Row> = {
  campeonatos: (r) => ({
    nome: `Campeonato ${String(r.id)}`,
    nome_popular: `Camp ${String(r.id)}`,
    slug: `camp-${String(r.id)}`,
    temporada: '2026',
    tipo: 'pontos-corridos',
    regiao: 'nacional',
    fonte: 't',
  }),
  times: (r) => ({
    nome: `Time ${String(r.id)}`,
    sigla: `T${String(r.id)}`,
    tipo: 'clube',
    nome_normalizado: `time ${String(r.id)}`,
    fonte: 't',
  }),
  jogadores: (r) => ({
    nome: `Jogador ${String(r.id)}`,
    nome_popular: `J${String(r.id)}`,
    chave_pessoa: `jogador ${String(r.id)}`,
    fonte: 't',
  }),
  fases: (r) => ({
    nome: `Fase ${String(r.id)}`,
    slug: `fase-${String(r.id)}`,
    ordem: 1,
    tipo: 'mata-mata',
    ida_e_volta: true,
    decisivo: false,
    eliminatorio: true,
    fonte: 't',
  }),
  chaves: (r) => ({ nome: `Chave ${String(r.id)}`, slug: `chave-${String(r.id)}`, ordem: 1, fonte: 't' }),
  rodadas: (r) => ({ nome: `${String(r.numero)}ª Rodada`, slug: `rodada-${String(r.numero)}`, fonte: 't' }),
  partidas: (r) => ({ prorrogacao: false, status: 'aguardando', slug: `partida-${String(r.id)}`, fonte: 't' }),
  eventos: () => ({ fonte: 't' }),
  escalacoes: () => ({ fonte: 't' }),
  estatisticas: () => ({ origem: 'basica', fonte: 't' }),
};

export interface WarehouseDb {
  conn: DuckDBConnection;
  insert(table: string, ...rows: Row[]): Promise<void>;
  all(sql: string): Promise<Record<string, unknown>[]>;
  close(): void;
}

export async function openWarehouseDb(): Promise<WarehouseDb> {
  const { dir, cleanup } = tempDir('svc-warehouse-');
  const instance = await DuckDBInstance.create(path.join(dir, 'snapshot.duckdb'));
  const conn = await instance.connect();
  await conn.run(SCHEMA);
  return {
    conn,
    async insert(table, ...rows) {
      for (const given of rows) {
        const row: Row = { ...(DEFAULTS[table]?.(given) ?? {}), ...given };
        const names = Object.keys(row);
        await conn.run(`INSERT INTO ${table} BY NAME SELECT ${names.map((n) => `$${n} AS ${n}`).join(', ')}`, row);
      }
    },
    async all(sql) {
      return (await conn.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
    },
    close() {
      conn.closeSync();
      instance.closeSync();
      cleanup();
    },
  };
}
