import { readFileSync } from 'node:fs';
import type {
  CoberturaValor,
  StatusCampeonato,
  StatusPartida,
  TipoCampeonato,
  TipoEvento,
} from '../openapi/schemas.js';

/**
 * Rows of the snapshot tables the API serves (sql/*.sql beside this file read them). A column the API sends as is
 * has the type its schema gives it (the ingest writes only those values).
 */
export interface CampeonatoRow {
  id: number;
  nome: string;
  nome_popular: string;
  slug: string;
  temporada: string;
  tipo: TipoCampeonato;
  status: StatusCampeonato | null;
  regiao: string;
  logo_url: string | null;
  rodada_atual: number | null;
}
export interface TimeRow {
  id: number;
  nome: string;
  sigla: string;
  tipo: string;
  escudo_url: string | null;
  /** Every name the sources used for the team, one per line (search only). */
  apelidos: string;
}
export interface JogadorRow {
  id: number;
  time_id: number | null;
  nome: string;
  nome_popular: string;
  posicao: string | null;
  numero_camisa: number | null;
  idade: number | null;
  gols: number;
  /** The person's clubs, first club first. */
  clubes: number[];
  /** Every spelling of the person's name. */
  grafias: string[];
  /** The person's record ids (what events and lineups link to). */
  registros: number[];
}
export interface FaseRow {
  id: number;
  campeonato_id: number;
  nome: string;
  slug: string;
  ordem: number;
  tipo: string;
  ida_e_volta: boolean;
  decisivo: boolean;
  eliminatorio: boolean;
  status: string | null;
}
export interface ChaveRow {
  id: number;
  fase_id: number;
  nome: string;
  slug: string;
  ordem: number;
  partida_ida_id: number | null;
  partida_volta_id: number | null;
}
export interface RodadaRow {
  id: number;
  campeonato_id: number;
  fase_id: number | null;
  numero: number;
  nome: string;
  slug: string;
  status: string | null;
  data: string | null;
}
export interface PartidaRow {
  id: number;
  campeonato_id: number;
  rodada_id: number | null;
  fase_id: number | null;
  chave_id: number | null;
  jogo: number | null;
  time_mandante_id: number;
  time_visitante_id: number;
  placar_mandante: number | null;
  placar_visitante: number | null;
  penalti_mandante: number | null;
  penalti_visitante: number | null;
  status: StatusPartida;
  data_hora: string | null;
  data_local: string | null;
  hora_local: string | null;
  estadio: string | null;
  slug: string;
}
export interface EventoRow {
  partida_id: number;
  tipo: TipoEvento;
  minuto: number;
  acrescimo: number | null;
  time_id: number;
  jogador: string | null;
}
export interface EscalacaoRow {
  partida_id: number;
  lado: string;
  time_id: number;
  formacao: string | null;
  tecnico: string | null;
  confirmada: boolean;
}
export interface EscalacaoJogadorRow {
  partida_id: number;
  lado: string;
  titular: boolean;
  jogador_id: number | null;
  nome: string;
  apelido: string;
  numero: number | null;
  posicao: string | null;
  posicao_sigla: string | null;
  foto_url: string | null;
  substituido_por: string | null;
  estatisticas: string | null;
}
/** Every statistics field of the spec plus partida_id and lado. */
export type EstatisticaRow = { partida_id: number; lado: string } & Record<string, number | string | null>;
export interface ClassificacaoRow {
  campeonato_id: number;
  fase_id: number | null;
  posicao: number;
  time_id: number;
  pontos: number;
  jogos: number;
  vitorias: number;
  empates: number;
  derrotas: number;
  gols_pro: number;
  gols_contra: number;
  saldo: number;
  /** JSON list of the points adjustments counted in `pontos`, or null. */
  ajustes: string | null;
}
export interface ArtilhariaRow {
  campeonato_id: number;
  jogador_id: number;
  time_id: number | null;
  gols: number;
}
export interface CoberturaRow {
  campeonato_id: number;
  classificacao: CoberturaValor;
  rodadas: CoberturaValor;
  partidas: CoberturaValor;
  ao_vivo: CoberturaValor;
  escalacoes: CoberturaValor;
  estatisticas: CoberturaValor;
  atualizado_em: string | null;
  /** Kick-offs (epoch ms, ascending) of the matches still without a result. */
  pendentes: number[];
}

/** A resource serialised by the shared views: Match, Round or Phase (list form). */
export interface RecursoRow {
  id: number;
  json: string;
}

const texts = new Map<string, string>();

/** The text of `sql/<name>.sql` beside this file, read on first use. */
export function sql(name: string): string {
  let text = texts.get(name);
  if (text === undefined) {
    text = readFileSync(new URL(`./sql/${name}.sql`, import.meta.url), 'utf8');
    texts.set(name, text);
  }
  return text;
}
