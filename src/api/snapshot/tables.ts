import { readFileSync } from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { DataDir } from '../../data-dir.js';
import { installResourceViews } from '../../warehouse/sql/resources/views.js';
import { openSnapshotReadOnly } from '../../warehouse/snapshot-store.js';

/** Rows of the snapshot tables the API serves, as loaded into memory once per snapshot. */
export interface CampeonatoRow {
  id: number; nome: string; nome_popular: string; slug: string; temporada: string; tipo: string;
  status: string | null; regiao: string; logo_url: string | null; rodada_atual: number | null;
}
export interface TimeRow {
  id: number; nome: string; sigla: string; tipo: string; escudo_url: string | null;
  /** Every name the sources used for the team, one per line (search only). */
  apelidos: string;
}
export interface JogadorRow {
  id: number; time_id: number | null; nome: string; nome_popular: string; posicao: string | null;
  numero_camisa: number | null; idade: number | null; gols: number;
}
export interface FaseRow {
  id: number; campeonato_id: number; nome: string; slug: string; ordem: number; tipo: string;
  ida_e_volta: boolean; decisivo: boolean; eliminatorio: boolean; status: string | null;
}
export interface ChaveRow {
  id: number; fase_id: number; nome: string; slug: string; ordem: number;
  partida_ida_id: number | null; partida_volta_id: number | null;
}
export interface RodadaRow {
  id: number; campeonato_id: number; fase_id: number | null; numero: number; nome: string; slug: string;
  status: string | null; data: string | null;
}
export interface PartidaRow {
  id: number; campeonato_id: number; rodada_id: number | null; fase_id: number | null; chave_id: number | null;
  jogo: number | null; time_mandante_id: number; time_visitante_id: number;
  placar_mandante: number | null; placar_visitante: number | null;
  penalti_mandante: number | null; penalti_visitante: number | null; status: string; data_hora: string | null;
  data_local: string | null; hora_local: string | null; estadio: string | null; slug: string;
}
export interface EventoRow {
  partida_id: number; tipo: string; minuto: number; acrescimo: number | null; time_id: number; jogador: string | null;
}
export interface EscalacaoRow {
  partida_id: number; lado: string; time_id: number; formacao: string | null; tecnico: string | null; confirmada: boolean;
}
export interface EscalacaoJogadorRow {
  partida_id: number; lado: string; titular: boolean; jogador_id: number | null; nome: string; apelido: string;
  numero: number | null; posicao: string | null; posicao_sigla: string | null; foto_url: string | null;
  substituido_por: string | null; estatisticas: string | null;
}
/** Every statistics field of the spec plus partida_id and lado. */
export type EstatisticaRow = { partida_id: number; lado: string } & Record<string, number | string | null>;
export interface ClassificacaoRow {
  campeonato_id: number; fase_id: number | null; posicao: number; time_id: number; pontos: number; jogos: number;
  vitorias: number; empates: number; derrotas: number; gols_pro: number; gols_contra: number; saldo: number;
}
export interface ArtilhariaRow { campeonato_id: number; jogador_id: number; time_id: number | null; gols: number }
export interface CoberturaRow {
  campeonato_id: number; classificacao: string; rodadas: string; partidas: string; ao_vivo: string;
  escalacoes: string; estatisticas: string;
}

/** A resource serialised by the shared views: Match, Round or Phase (list form). */
export interface RecursoRow { id: number; json: string }

export interface SnapshotTables {
  recurso_partida: RecursoRow[];
  recurso_rodada: RecursoRow[];
  recurso_fase: RecursoRow[];
  snapshot_meta: { chave: string; valor: string }[];
  campeonatos: CampeonatoRow[];
  times: TimeRow[];
  jogadores: JogadorRow[];
  fases: FaseRow[];
  chaves: ChaveRow[];
  rodadas: RodadaRow[];
  partidas: PartidaRow[];
  eventos: EventoRow[];
  escalacoes: EscalacaoRow[];
  escalacao_jogadores: EscalacaoJogadorRow[];
  estatisticas: EstatisticaRow[];
  classificacao: ClassificacaoRow[];
  artilharia: ArtilhariaRow[];
  cobertura: CoberturaRow[];
}

const TABLES = [
  'snapshot_meta', 'campeonatos', 'times', 'jogadores', 'fases', 'chaves', 'rodadas', 'partidas', 'eventos',
  'escalacoes', 'escalacao_jogadores', 'estatisticas', 'classificacao', 'artilharia', 'cobertura',
  'recurso_partida', 'recurso_rodada', 'recurso_fase',
] as const satisfies readonly (keyof SnapshotTables)[];

const QUERIES = Object.fromEntries(
  TABLES.map((t) => [t, readFileSync(new URL(`./sql/${t}.sql`, import.meta.url), 'utf8')]),
) as Record<(typeof TABLES)[number], string>;

/**
 * Reads everything the API serves from a published snapshot, opened read-only and closed again before
 * returning: the whole served data set is small (a few MB), so requests never touch DuckDB.
 */
export async function loadSnapshotTables(dataDir: DataDir, id: string): Promise<SnapshotTables> {
  const snap = await openSnapshotReadOnly(dataDir, id);
  if (!snap) throw new Error(`snapshot ${id} não encontrado`);
  try {
    await installResourceViews(snap.connection);
    await coverOlderSchema(snap.connection);
    const out: Partial<Record<keyof SnapshotTables, unknown[]>> = {};
    for (const table of TABLES) {
      const reader = await snap.connection.runAndReadAll(QUERIES[table]);
      out[table] = reader.getRowObjectsJS();
    }
    return out as unknown as SnapshotTables;
  } finally {
    snap.close();
  }
}

/**
 * A snapshot published before team aliases has no `times_apelidos` (the next ingest adds it): an empty TEMP
 * twin lets it be served meanwhile, as after an upgrade or a rollback.
 */
async function coverOlderSchema(conn: DuckDBConnection): Promise<void> {
  const found = (await conn.runAndReadAll("SELECT 1 FROM duckdb_tables() WHERE table_name = 'times_apelidos' AND NOT temporary")).getRows();
  if (found.length === 0) await conn.run('CREATE TEMP TABLE times_apelidos (time_id INTEGER, apelido VARCHAR, fonte VARCHAR)');
}
