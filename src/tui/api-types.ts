/**
 * Response shapes of the `/v1` endpoints the TUI reads, as the spec writes them. The TUI is a client of
 * any deployment, so it trusts the contract, not the server's source; fields the spec marks nullable (or
 * that a partial feed may lack) are typed `| null` so every screen has to decide how to show "unknown".
 */
import type { StatField } from '../feeds/statistics-fields.js';

export type TipoCampeonato = 'pontos-corridos' | 'mata-mata';
export type StatusCampeonato = 'andamento' | 'encerrado' | 'agendado';
export type StatusPartida = 'aguardando' | 'ao_vivo' | 'encerrado' | 'adiado';

export interface TimeResumo {
  id: number;
  nome: string;
  sigla: string;
}

export interface Time extends TimeResumo {
  escudo_url: string | null;
}

export interface Campeonato {
  id: number;
  nome: string;
  nome_popular: string;
  slug: string;
  temporada: string;
  tipo: TipoCampeonato;
  status: StatusCampeonato;
  regiao: string;
  logo_url: string | null;
  rodada_atual: { numero: number } | null;
}

export interface Partida {
  id: number;
  rodada_id: number | null;
  rodada_numero: number | null;
  rodada_nome: string | null;
  fase: { id: number; nome: string; slug: string } | null;
  time_mandante: Time;
  time_visitante: Time;
  placar_mandante: number | null;
  placar_visitante: number | null;
  disputa_penalti: boolean;
  penalti: { placar_mandante: number; placar_visitante: number } | null;
  status: StatusPartida;
  slug: string;
  data_realizacao: string | null;
  hora_realizacao: string | null;
  data_hora_realizacao: string | null;
  estadio: string | null;
}

/** The live list adds the championship to each match. */
export interface PartidaAoVivo extends Partida {
  campeonato: { id: number; nome: string; temporada: string };
}

export interface RodadaRef {
  nome: string;
  slug: string;
  numero: number;
  status: string;
}

export interface Rodada {
  id: number;
  campeonato_id: number;
  numero: number;
  nome: string;
  slug: string;
  status: string;
  data: string | null;
  proxima_rodada: RodadaRef | null;
  rodada_anterior: RodadaRef | null;
  partidas: Partida[];
}

export interface FaseRef {
  id: number;
  nome: string;
  slug: string;
  tipo: string;
}

export interface Chave {
  id: number;
  nome: string;
  slug: string;
  partida_ida: Partida | null;
  partida_volta: Partida | null;
}

export interface Fase {
  id: number;
  nome: string;
  slug: string;
  status: string;
  tipo: string;
  decisivo: boolean;
  eliminatorio: boolean;
  ida_e_volta: boolean;
  proxima_fase: FaseRef | null;
  fase_anterior: FaseRef | null;
}

export interface ChaveCompleta {
  campeonato_id: number;
  campeonato_nome: string;
  temporada: string;
  fases: (FaseRef & { chaves: Chave[] })[];
}

export interface LinhaClassificacao {
  posicao: number;
  time: Time;
  pontos: number;
  jogos: number;
  vitorias: number;
  empates: number;
  derrotas: number;
  gols_pro: number;
  gols_contra: number;
  saldo: number;
}

export interface Tabela {
  campeonato_id: number;
  campeonato_nome: string;
  temporada: string;
  fase_id?: number;
  fase_nome?: string;
  classificacao: LinhaClassificacao[];
}

export interface Jogador {
  id: number;
  nome_popular: string;
  nome: string;
  idade: number | null;
  posicao: { nome: string; sigla: string } | null;
  numero_camisa: number | null;
  gols: number;
  time: Time | null;
}

export interface EventoPartida {
  tipo: string;
  jogador: string | null;
  time_nome: string;
  minuto: number;
}

export type RegistroEstatisticas = { [K in StatField]?: number | null };

export interface EstatisticasPartida {
  partida_id: number;
  time_mandante: TimeResumo;
  time_visitante: TimeResumo;
  status: string;
  estatisticas: { mandante: RegistroEstatisticas | null; visitante: RegistroEstatisticas | null };
}

export interface JogadorEscalado {
  nome: string;
  apelido: string | null;
  numero: number | null;
  posicao: string | null;
  posicao_sigla: string | null;
  substituido_por: { nome: string; minuto?: number | null } | null;
}

export interface LadoEscalacao {
  formacao: string | null;
  tecnico: string | null;
  confirmada: boolean;
  titulares: JogadorEscalado[];
  reservas: JogadorEscalado[];
}

export interface EscalacaoPartida {
  partida_id: number;
  time_mandante: TimeResumo;
  time_visitante: TimeResumo;
  status: string;
  escalacoes: { mandante: LadoEscalacao | null; visitante: LadoEscalacao | null };
}

/** Filters of `GET /v1/campeonatos` (query parameters of the same names, docs/api.md). */
export interface FiltroCampeonatos {
  temporada?: string;
  status?: StatusCampeonato;
  tipo?: TipoCampeonato;
}
