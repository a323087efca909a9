/**
 * The canonical feed `svc-feed/1`: the one shape ingest loads. Every adapter (openfootball json/txt,
 * Brasileirão CSV) produces it; its JSON Schema (src/feeds/schema/svc-feed-1.schema.json) must describe
 * exactly these types.
 *
 * Rules:
 * - Records are keyed by the source's own id (`id`, string or integer, compared as a string) within their
 *   source (`fonte` on the record, else the feed's `fonte`). References (`campeonato`, `time`, `partida`…)
 *   name source ids of the same source; they may point at records in this feed or already stored.
 * - A feed may be partial (any subset of records); each record present is complete and replaces the stored
 *   one (upsert). Removal is only by explicit tombstone in `remocoes`.
 * - Unknown values are `null` (or the key is absent), never `0`.
 */
import type { StatField } from './statistics-fields.js';

export const FEED_FORMAT = 'svc-feed/1' as const;

export type SourceId = string | number;

export type TipoCampeonato = 'pontos-corridos' | 'mata-mata';
export type StatusCampeonato = 'andamento' | 'encerrado' | 'agendado';
export type StatusPartida = 'aguardando' | 'ao_vivo' | 'encerrado' | 'adiado';
export type TipoFase = 'mata-mata' | 'pontos-corridos' | 'grupos';
export type TipoTime = 'clube' | 'selecao';
export type Posicao = 'goleiro' | 'zagueiro' | 'lateral' | 'volante' | 'meia' | 'atacante';
export type TipoEvento = 'gol' | 'gol_contra' | 'penalti' | 'cartao_amarelo' | 'cartao_vermelho' | 'substituicao';
export type Lado = 'mandante' | 'visitante';
/** The two statistics sources: only `avancada` may carry the advanced fields (spec rule 1). */
export type OrigemEstatistica = 'basica' | 'avancada';

export interface FeedCampeonato {
  id: SourceId;
  fonte?: string;
  nome: string;
  nome_popular?: string;
  /** Identifies the competition across seasons and sources, e.g. `campeonato-brasileiro-serie-a`. */
  slug?: string;
  temporada: string;
  tipo: TipoCampeonato;
  /** Defaults to `nacional`. */
  regiao?: string;
  logo_url?: string | null;
  /** When absent, derived from the matches. */
  status?: StatusCampeonato | null;
}

export interface FeedChave {
  id: SourceId;
  nome: string;
  slug?: string;
  ordem?: number;
}

export interface FeedFase {
  id: SourceId;
  fonte?: string;
  campeonato: SourceId;
  nome: string;
  slug?: string;
  /** Sequence of the phase in its championship (1 = first). */
  ordem: number;
  tipo: TipoFase;
  ida_e_volta: boolean;
  decisivo?: boolean;
  eliminatorio?: boolean;
  /** Bracket ties of a knockout phase; matches point at them with `chave` + `jogo`. */
  chaves?: FeedChave[];
}

export interface FeedRodada {
  id: SourceId;
  fonte?: string;
  campeonato: SourceId;
  fase?: SourceId | null;
  numero: number;
  /** Defaults to `${numero}ª Rodada`. */
  nome?: string;
}

export interface FeedTime {
  id: SourceId;
  fonte?: string;
  nome: string;
  /**
   * When absent: the usual abbreviation of the club (src/feeds/team-siglas.json), else one the ingest makes
   * up, never repeated within a championship (docs/loading-data.md).
   */
  sigla?: string;
  /** Other names this source uses for the team (searchable, like `nome`). */
  apelidos?: string[];
  tipo?: TipoTime;
  escudo_url?: string | null;
  /** State (UF) of a club, e.g. `RJ`; helps name resolution. */
  estado?: string | null;
}

export interface FeedJogador {
  id: SourceId;
  fonte?: string;
  time: SourceId | null;
  nome: string;
  nome_popular?: string;
  posicao?: Posicao | null;
  numero_camisa?: number | null;
  /** `YYYY-MM-DD`; `idade` is computed from it when both are given. */
  data_nascimento?: string | null;
  idade?: number | null;
}

export interface FeedPenalti {
  placar_mandante: number;
  placar_visitante: number;
}

export interface FeedPartida {
  id: SourceId;
  fonte?: string;
  campeonato: SourceId;
  /** Points-based matches name their round; knockout matches name `fase` (+ `chave` and `jogo`). */
  rodada?: SourceId | null;
  fase?: SourceId | null;
  chave?: SourceId | null;
  /** 1 = first leg (`partida_ida`), 2 = second leg (`partida_volta`); null for single matches. */
  jogo?: 1 | 2 | null;
  mandante: SourceId;
  visitante: SourceId;
  status: StatusPartida;
  /** Null until the match has a score (e.g. `aguardando`). Includes extra time; never the shoot-out. */
  placar_mandante: number | null;
  placar_visitante: number | null;
  /** True when the score includes extra time (a.e.t.). */
  prorrogacao?: boolean;
  /** Penalty shoot-out score, or null when there was none. */
  penalti?: FeedPenalti | null;
  /** Kick-off, ISO 8601 with UTC offset (e.g. `2019-04-27T16:00:00-03:00`); null when unknown. */
  data_hora: string | null;
  /**
   * Local date `YYYY-MM-DD` where the match is played. Used when `data_hora` is null (a source that dates a
   * match but gives no kick-off time); when `data_hora` is given, its date is the match's.
   */
  data?: string | null;
  estadio?: string | null;
}

export interface FeedEvento {
  id: SourceId;
  fonte?: string;
  partida: SourceId;
  tipo: TipoEvento;
  /** Base minute, 0..120; stoppage time goes in `acrescimo` (`45+2` → minuto 45, acrescimo 2). */
  minuto: number;
  acrescimo?: number | null;
  /**
   * The team the event belongs to. For goals (`gol`, `gol_contra`, `penalti`) it is the team credited with
   * the goal, whose score grows; an own goal's player therefore plays for the other team.
   */
  time: SourceId;
  /** Player name, or null when authorship is unconfirmed. */
  jogador?: string | null;
  /** Source id of the player, when known. */
  jogador_id?: SourceId | null;
  /** Substitutions: the player who comes on. */
  jogador_entra?: string | null;
  jogador_entra_id?: SourceId | null;
}

export interface FeedEstatisticasGoleiro {
  defesas?: number | null;
  gols_evitados?: number | null;
  penaltis_defendidos?: number | null;
  gols_sofridos?: number | null;
}

export interface FeedEstatisticasJogador {
  minutos_jogados?: number | null;
  nota?: number | null;
  gols?: number | null;
  assistencias?: number | null;
  gols_esperados?: number | null;
  finalizacoes_total?: number | null;
  passes_certos?: number | null;
  passes_total?: number | null;
  desarmes_total?: number | null;
  duelos_vencidos?: number | null;
  faltas_cometidas?: number | null;
  cartoes_amarelos?: number | null;
  /** Minute of the sending-off, or null. */
  expulsao?: number | null;
  minuto_entrada?: number | null;
  minuto_saida?: number | null;
  gols_contra?: number | null;
  goleiro?: FeedEstatisticasGoleiro | null;
}

export interface FeedSubstituicao {
  jogador_id?: SourceId | null;
  nome: string;
  minuto?: number | null;
}

export interface FeedJogadorEscalado {
  jogador_id?: SourceId | null;
  nome: string;
  apelido?: string;
  numero?: number | null;
  posicao?: string | null;
  posicao_sigla?: string | null;
  foto_url?: string | null;
  substituido_por?: FeedSubstituicao | null;
  estatisticas?: FeedEstatisticasJogador | null;
}

export interface FeedEscalacao {
  fonte?: string;
  partida: SourceId;
  lado: Lado;
  formacao?: string | null;
  tecnico?: string | null;
  confirmada: boolean;
  titulares: FeedJogadorEscalado[];
  reservas: FeedJogadorEscalado[];
}

export type FeedEstatisticasCampos = { [K in StatField]?: number | null };

export interface FeedEstatisticas extends FeedEstatisticasCampos {
  fonte?: string;
  partida: SourceId;
  lado: Lado;
  origem: OrigemEstatistica;
}

export type EntidadeRemovivel = 'campeonato' | 'fase' | 'rodada' | 'time' | 'jogador' | 'partida' | 'evento';

export interface FeedRemocao {
  entidade: EntidadeRemovivel;
  id: SourceId;
  fonte?: string;
}

/** A change to a team's points in a championship's standings: a court's deduction, a bonus. */
export interface FeedAjustePontos {
  id: SourceId;
  fonte?: string;
  campeonato: SourceId;
  time: SourceId;
  /** Added to the team's points; a deduction is negative. */
  pontos: number;
  motivo: string;
  /** Who decided it and where it is published (the public record). */
  referencia: string;
}

export interface Feed {
  formato: typeof FEED_FORMAT;
  /** Source name, the default `fonte` of every record. */
  fonte: string;
  gerado_em?: string;
  campeonatos?: FeedCampeonato[];
  fases?: FeedFase[];
  rodadas?: FeedRodada[];
  times?: FeedTime[];
  jogadores?: FeedJogador[];
  partidas?: FeedPartida[];
  eventos?: FeedEvento[];
  escalacoes?: FeedEscalacao[];
  estatisticas?: FeedEstatisticas[];
  remocoes?: FeedRemocao[];
  ajustes_pontos?: FeedAjustePontos[];
}

/** A record collection: a list a feed holds. */
export type FeedCollection = { [K in keyof Feed]-?: NonNullable<Feed[K]> extends unknown[] ? K : never }[keyof Feed];

/** Every record collection, in the order the schema and the summaries list them (`satisfies`: none missing). */
export const FEED_COLLECTIONS = Object.keys({
  campeonatos: 0,
  fases: 0,
  rodadas: 0,
  times: 0,
  jogadores: 0,
  partidas: 0,
  eventos: 0,
  escalacoes: 0,
  estatisticas: 0,
  remocoes: 0,
  ajustes_pontos: 0,
} satisfies Record<FeedCollection, 0>) as readonly FeedCollection[];
