import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { DataDir } from '../../data-dir.js';
import { queryRows, readSql } from '../duckdb-util.js';
import { QuerySnapshotError } from '../query/errors.js';
import { pathLiteral } from '../query/snapshot-query.js';
import { readCurrentId, readManifest, snapshotFile } from '../snapshot-store.js';

const SCHEMA_SQL = readSql(new URL('../sql/schema.sql', import.meta.url));
const MATCHES_SQL = readSql(new URL('./partidas.sql', import.meta.url));
const STANDINGS_SQL = readSql(new URL('./classificacao.sql', import.meta.url));
const NAMES_SQL = readSql(new URL('./campeonatos.sql', import.meta.url));
const EVENTS_SQL = readSql(new URL('./eventos.sql', import.meta.url));

export interface FieldChange {
  campo: string;
  antes: string | null;
  depois: string | null;
}

export interface MatchChange {
  partida_id: number;
  jogo: string;
  data_hora: string | null;
  /** Every field that differs (an added match: each field it has; a removed one: each it had). */
  campos: FieldChange[];
}

export interface StandingMove {
  fase_id: number | null;
  time_id: number;
  time: string | null;
  posicao_antes: number | null;
  posicao_depois: number | null;
  pontos_antes: number | null;
  pontos_depois: number | null;
}

export interface ChampionshipDiff {
  campeonato_id: number;
  nome: string;
  temporada: string;
  partidas: { adicionadas: MatchChange[]; alteradas: MatchChange[]; removidas: MatchChange[] };
  classificacao: StandingMove[];
  /** Webhook events per type (only where the diff knows them: see `SnapshotDiff.eventos`). */
  eventos: Record<string, number>;
}

/** The plan format shared by `svc snapshots diff` and `svc ingest --dry-run` (docs/data-engineers.md). */
export interface SnapshotDiff {
  /** null: an empty data dir (everything is added). */
  de: string | null;
  /** null: the ingest's candidate (a dry run). */
  para: string | null;
  totais: { partidas_adicionadas: number; partidas_alteradas: number; partidas_removidas: number; posicoes: number };
  /**
   * The webhook events `para`'s ingest recorded (would record), when `de` is its parent; null otherwise (the
   * events of a longer stretch belong to several ingests).
   */
  eventos: { total: number; por_tipo: Record<string, number> } | null;
  campeonatos: ChampionshipDiff[];
}

type Row<T> = T & { campeonato_id: number };

/**
 * Compares two snapshot files (`before` null: an empty store), both attached READ_ONLY to a DuckDB of its own.
 * `withEvents`: `after`'s outbox holds the events of going from `before` to `after`.
 */
export async function diffFiles(
  before: string | null,
  after: string,
  withEvents: boolean,
): Promise<Omit<SnapshotDiff, 'de' | 'para'>> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    await conn.run(`ATTACH ${pathLiteral(after)} AS depois (READ_ONLY)`);
    if (before === null) await conn.run(`ATTACH ':memory:' AS antes; USE antes; ${SCHEMA_SQL}; USE memory`);
    else await conn.run(`ATTACH ${pathLiteral(before)} AS antes (READ_ONLY)`);
    return await compare(conn, withEvents);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

async function compare(conn: DuckDBConnection, withEvents: boolean): Promise<Omit<SnapshotDiff, 'de' | 'para'>> {
  const matches = await queryRows<Row<MatchChange & { mudanca: 'adicionada' | 'alterada' | 'removida' }>>(
    conn,
    MATCHES_SQL,
  );
  const moves = await queryRows<Row<StandingMove>>(conn, STANDINGS_SQL);
  const events = withEvents ? await queryRows<Row<{ evento: string; n: number }>>(conn, EVENTS_SQL) : [];
  const names = new Map(
    (await queryRows<Row<{ nome: string; temporada: string }>>(conn, NAMES_SQL)).map((r) => [r.campeonato_id, r]),
  );
  const byChampionship = new Map<number, ChampionshipDiff>();
  const of = (id: number): ChampionshipDiff => {
    let diff = byChampionship.get(id);
    if (!diff) {
      const name = names.get(id);
      diff = {
        campeonato_id: id,
        nome: name?.nome ?? '?',
        temporada: name?.temporada ?? '?',
        partidas: { adicionadas: [], alteradas: [], removidas: [] },
        classificacao: [],
        eventos: {},
      };
      byChampionship.set(id, diff);
    }
    return diff;
  };
  const lists = { adicionada: 'adicionadas', alterada: 'alteradas', removida: 'removidas' } as const;
  for (const { campeonato_id, mudanca, ...match } of matches) of(campeonato_id).partidas[lists[mudanca]].push(match);
  for (const { campeonato_id, ...move } of moves) of(campeonato_id).classificacao.push(move);
  for (const { campeonato_id, evento, n } of events) of(campeonato_id).eventos[evento] = n;
  const count = (kind: (typeof lists)[keyof typeof lists]) => matches.filter((m) => lists[m.mudanca] === kind).length;
  const porTipo: Record<string, number> = {};
  for (const { evento, n } of events) porTipo[evento] = (porTipo[evento] ?? 0) + n;
  return {
    totais: {
      partidas_adicionadas: count('adicionadas'),
      partidas_alteradas: count('alteradas'),
      partidas_removidas: count('removidas'),
      posicoes: moves.length,
    },
    eventos: withEvents ? { total: events.reduce((n, e) => n + e.n, 0), por_tipo: porTipo } : null,
    campeonatos: [...byChampionship.values()].sort((a, b) => a.campeonato_id - b.campeonato_id),
  };
}

/**
 * `svc snapshots diff [A B]`: from `from` to `to` (default: the current snapshot and its parent). A snapshot
 * that is gone (retention) or never was is QuerySnapshotError.
 */
export async function diffSnapshots(dataDir: DataDir, from?: string, to?: string): Promise<SnapshotDiff> {
  const toId = to ?? readCurrentId(dataDir);
  if (toId === null) throw new QuerySnapshotError('nenhum snapshot publicado ainda (rode svc ingest)', 'nenhum');
  const target = readManifest(dataDir, toId);
  if (target === null) throw new QuerySnapshotError(`snapshot ${toId} não encontrado`, 'snapshot');
  const fromId = from ?? target.parent_id;
  if (fromId !== null && readManifest(dataDir, fromId) === null)
    throw new QuerySnapshotError(
      from === undefined
        ? `snapshot ${fromId}, pai de ${toId}, não encontrado (removido pela retenção?)`
        : `snapshot ${fromId} não encontrado`,
      'snapshot',
    );
  const diff = await diffFiles(
    fromId === null ? null : snapshotFile(dataDir, fromId),
    snapshotFile(dataDir, toId),
    target.parent_id === fromId,
  );
  return { de: fromId, para: toId, ...diff };
}
