import {
  GOALKEEPER_STAT_FIELDS,
  PLAYER_DECIMAL_FIELDS,
  PLAYER_STAT_FIELDS,
  STAT_DECIMAL_FIELDS,
  STAT_INTEGER_FIELDS,
} from '../../feeds/statistics-fields.js';
import { EVENTOS } from '../../domain/events.js';
import { DELIVERY_STATUSES } from '../../domain/webhooks.js';
import {
  anyValue,
  arrayOf,
  bool,
  component,
  dateTime,
  enumOf,
  int,
  mapOf,
  nullable,
  num,
  obj,
  propsOf,
  ref,
  str,
  typed,
  type Component,
  type JsonSchema,
  type TypeOf,
} from './json-schema.js';

/**
 * The resources of the spec as JSON Schemas: the OpenAPI components, and what the tests validate against. Each is
 * a typed constant (`Partida`) whose refs carry its type, and a type of the same name (`Partida`): what the
 * resource builders return.
 */

export const STATUS_PARTIDA = ['aguardando', 'ao_vivo', 'encerrado', 'adiado'] as const;
export const STATUS_CAMPEONATO = ['andamento', 'encerrado', 'agendado'] as const;
export const TIPO_CAMPEONATO = ['pontos-corridos', 'mata-mata'] as const;
export const TIPO_TIME = ['clube', 'selecao'] as const;
export const POSICOES = ['goleiro', 'zagueiro', 'lateral', 'volante', 'meia', 'atacante'] as const;
export const COBERTURA_VALORES = ['coberto', 'parcial', 'nao_coberto'] as const;
export const TIPO_EVENTO = [
  'gol',
  'gol_contra',
  'penalti',
  'cartao_amarelo',
  'cartao_vermelho',
  'substituicao',
] as const;
export type StatusPartida = (typeof STATUS_PARTIDA)[number];
export type StatusCampeonato = (typeof STATUS_CAMPEONATO)[number];
export type TipoCampeonato = (typeof TIPO_CAMPEONATO)[number];
export type CoberturaValor = (typeof COBERTURA_VALORES)[number];
export type TipoEvento = (typeof TIPO_EVENTO)[number];

const nstr = nullable(str);
const nint = nullable(int);
const date = { ...str, format: 'date' };

export const Erro = component('Erro', { ...obj({ erro: str, mensagem: str }), description: 'Corpo de todo erro.' });
export const TimeResumo = component('TimeResumo', obj({ id: int, nome: str, sigla: str }));
export const Time = component('Time', obj({ id: int, nome: str, sigla: str, escudo_url: nstr }));
export const Campeonato = component(
  'Campeonato',
  obj({
    id: int,
    nome: str,
    nome_popular: str,
    slug: str,
    temporada: str,
    tipo: enumOf(TIPO_CAMPEONATO),
    status: nullable(enumOf(STATUS_CAMPEONATO)),
    regiao: str,
    logo_url: nstr,
    rodada_atual: nullable(obj({ numero: int })),
  }),
);

const partidaProps = {
  id: int,
  rodada_id: nint,
  rodada_numero: nint,
  rodada_nome: nstr,
  fase: nullable(obj({ id: int, nome: str, slug: str })),
  time_mandante: ref(Time),
  time_visitante: ref(Time),
  placar_mandante: nint,
  placar_visitante: nint,
  disputa_penalti: bool,
  penalti: obj({ placar_mandante: nint, placar_visitante: nint }),
  status: enumOf(STATUS_PARTIDA),
  slug: str,
  data_realizacao: nullable({ ...str, pattern: '^\\d{2}/\\d{2}/\\d{4}$' }),
  hora_realizacao: nullable({ ...str, pattern: '^\\d{2}:\\d{2}$' }),
  data_hora_realizacao: nullable(dateTime),
  estadio: nstr,
};
const { fase: _fase, ...partidaSemFaseProps } = partidaProps;

const entregaProps = {
  id: { ...str, description: 'Também enviado em X-SVC-Entrega' },
  webhook_id: int,
  evento: str,
  evento_id: nint,
  status: enumOf(DELIVERY_STATUSES),
  tentativas: int,
  origem: enumOf(['automatica', 'teste', 'replay', 'disparo']),
  criada_em: dateTime,
  entregue_em: nullable(dateTime),
  proxima_tentativa_em: nullable(dateTime),
  ultimo_status_code: nint,
  ultimo_erro: nstr,
  duracao_ms: nullable(num),
};

const rodadaRef = nullable(obj({ nome: str, slug: str, numero: int, status: nstr }));
/** Round fields; its `partidas` differ: whole Matches in lists and phases, without `fase` when asked for alone. */
const rodadaProps = {
  id: int,
  campeonato_id: int,
  numero: int,
  nome: str,
  slug: str,
  status: nstr,
  data: nullable(date),
  proxima_rodada: rodadaRef,
  rodada_anterior: rodadaRef,
};
const faseRef = nullable(obj({ id: int, nome: str, slug: str, tipo: str }));

/** Detailed lineup statistics (spec "Lineup player"): every field present, null when the source did not report it. */
const playerStatProps = <const F extends readonly string[]>(fields: F) =>
  propsOf(fields, (f) => nullable(PLAYER_DECIMAL_FIELDS.has(f) ? num : int));
const estatisticasJogador = obj({
  ...playerStatProps(PLAYER_STAT_FIELDS),
  goleiro: obj(playerStatProps(GOALKEEPER_STAT_FIELDS)),
});

const coberturaValor = enumOf(COBERTURA_VALORES);

export const Partida = component('Partida', {
  ...obj(partidaProps),
  description: '`fase` é preenchida em partidas de mata-mata e null nas de pontos corridos.',
});
export const PartidaDaRodada = component('PartidaDaRodada', {
  ...obj(partidaSemFaseProps),
  description: 'Partida dentro de uma rodada: sem a chave `fase`.',
});
export const PartidaAoVivo = component(
  'PartidaAoVivo',
  obj({ ...partidaProps, campeonato: nullable(obj({ id: int, nome: str, temporada: str })) }),
);
export const Rodada = component('Rodada', obj({ ...rodadaProps, partidas: arrayOf(ref(Partida)) }));
export const RodadaAvulsa = component('RodadaAvulsa', {
  ...obj({ ...rodadaProps, partidas: arrayOf(ref(PartidaDaRodada)) }),
  description: 'Uma rodada pedida sozinha (endpoint 5): suas partidas vêm sem a chave `fase`.',
});
export const Chave = component(
  'Chave',
  obj({
    id: int,
    nome: str,
    slug: str,
    partida_ida: nullable(ref(Partida)),
    partida_volta: nullable(ref(Partida)),
  }),
);
export const Fase = component(
  'Fase',
  obj({
    id: int,
    campeonato: nullable(obj({ id: int, temporada: str, nome: str, nome_popular: str, slug: str })),
    nome: str,
    slug: str,
    status: nstr,
    tipo: str,
    decisivo: bool,
    eliminatorio: bool,
    ida_e_volta: bool,
    grupos: arrayOf(anyValue),
    chaves: arrayOf(ref(Chave)),
    rodadas: arrayOf(ref(Rodada)),
    proxima_fase: faseRef,
    fase_anterior: faseRef,
  }),
);
export const ChaveCampeonato = component(
  'ChaveCampeonato',
  obj({
    campeonato_id: int,
    campeonato_nome: str,
    temporada: str,
    fases: arrayOf(obj({ id: int, nome: str, slug: str, tipo: str, chaves: arrayOf(ref(Chave)) })),
  }),
);
export const LinhaClassificacao = component(
  'LinhaClassificacao',
  obj({
    posicao: int,
    time: ref(Time),
    pontos: int,
    jogos: int,
    vitorias: int,
    empates: int,
    derrotas: int,
    gols_pro: int,
    gols_contra: int,
    saldo: int,
    ajustes: {
      ...arrayOf(obj({ pontos: int, motivo: str, referencia: str })),
      description:
        'Extensão: ajustes de pontos já somados em `pontos` (uma punição do STJD é negativa), com o motivo e a referência pública.',
    },
  }),
);
export const Tabela = component(
  'Tabela',
  obj({
    campeonato_id: int,
    campeonato_nome: str,
    temporada: str,
    classificacao: arrayOf(ref(LinhaClassificacao)),
  }),
);
export const TabelaFase = component(
  'TabelaFase',
  obj({
    campeonato_id: int,
    campeonato_nome: str,
    fase_id: int,
    fase_nome: str,
    temporada: str,
    classificacao: arrayOf(ref(LinhaClassificacao)),
  }),
);
export const Jogador = component(
  'Jogador',
  obj({
    id: int,
    nome_popular: str,
    nome: str,
    idade: nint,
    posicao: nullable(obj({ nome: str, sigla: str })),
    numero_camisa: nint,
    gols: int,
    time: nullable(ref(Time)),
    clubes: {
      ...arrayOf(ref(Time)),
      description:
        'Extensão: os clubes da carreira do jogador, do primeiro ao atual (uma transferência não cria outro jogador).',
    },
  }),
);
export const EventoPartida = component(
  'EventoPartida',
  obj({ tipo: enumOf(TIPO_EVENTO), jogador: nstr, time_nome: nstr, minuto: int }),
);
export const RegistroEstatisticas = component(
  'RegistroEstatisticas',
  obj({
    ...propsOf(STAT_DECIMAL_FIELDS, () => nullable(num)),
    ...propsOf(STAT_INTEGER_FIELDS, () => nullable(int)),
  }),
);
export const EstatisticasPartida = component(
  'EstatisticasPartida',
  obj({
    partida_id: int,
    time_mandante: nullable(ref(TimeResumo)),
    time_visitante: nullable(ref(TimeResumo)),
    status: enumOf(STATUS_PARTIDA),
    estatisticas: obj({ mandante: ref(RegistroEstatisticas), visitante: ref(RegistroEstatisticas) }),
  }),
);
export const JogadorEscalado = component(
  'JogadorEscalado',
  obj({
    nome: str,
    apelido: str,
    numero: nint,
    posicao: nstr,
    posicao_sigla: nstr,
    foto_url: nstr,
    // The spec leaves its shape open; what our feeds store always has the incoming player's name. Typed by hand:
    // `obj` makes closed objects only.
    substituido_por: nullable(
      typed<{ nome: string; minuto?: number | null }>({
        type: 'object',
        properties: { nome: str, minuto: nint },
        required: ['nome'],
      }),
    ),
    jogador_id: nint,
    estatisticas: nullable(estatisticasJogador),
  }),
);
export const LadoEscalacao = component(
  'LadoEscalacao',
  obj({
    formacao: nstr,
    tecnico: nstr,
    confirmada: bool,
    titulares: arrayOf(ref(JogadorEscalado)),
    reservas: arrayOf(ref(JogadorEscalado)),
  }),
);
export const Escalacao = component(
  'Escalacao',
  obj({
    partida_id: int,
    time_mandante: nullable(ref(TimeResumo)),
    time_visitante: nullable(ref(TimeResumo)),
    status: enumOf(STATUS_PARTIDA),
    escalacoes: obj({ mandante: nullable(ref(LadoEscalacao)), visitante: nullable(ref(LadoEscalacao)) }),
  }),
);
export const Cobertura = component(
  'Cobertura',
  obj({
    campeonato_id: int,
    slug: str,
    nome: str,
    temporada: str,
    tipo: str,
    regiao: str,
    logo_url: nstr,
    cobertura: obj({
      classificacao: coberturaValor,
      rodadas: coberturaValor,
      partidas: coberturaValor,
      ao_vivo: coberturaValor,
      escalacoes: coberturaValor,
      estatisticas: coberturaValor,
    }),
    atualizado_em: {
      ...nstr,
      description: 'Extensão: quando um ingest carregou dados deste campeonato pela última vez (ISO 8601).',
    },
    partidas_atrasadas: {
      ...int,
      description:
        'Extensão: partidas com início há mais de 3 horas ainda aguardando ou ao vivo (sem resultado): os dados pararam de chegar.',
    },
  }),
);
export const Perfil = component(
  'Perfil',
  obj({
    plano: enumOf(['free', 'pro', 'enterprise']),
    limites: obj({ requisicoes: int, periodo: enumOf(['dia']) }),
    consumo: obj({ requisicoes_utilizadas: int, requisicoes_restantes: int }),
  }),
);
export const UsoEstatisticas = component(
  'UsoEstatisticas',
  obj({
    tempo_medio_resposta_ms: num,
    total_requisicoes: int,
    ultimas_requisicoes: arrayOf(
      obj({ endpoint: str, metodo: str, status_code: int, tempo_resposta_ms: num, data_hora: dateTime }),
    ),
    requisicoes_por_dia: {
      ...arrayOf(obj({ dia: date, requisicoes: int })),
      description:
        'Requisições contadas na cota em cada um dos últimos 30 dias UTC (hoje incluído), do mais antigo ao mais recente; 0 nos dias sem uso',
    },
    requisicoes_por_endpoint: {
      ...arrayOf(
        obj({
          metodo: str,
          endpoint: { ...str, description: 'Rota como na documentação, ex. /v1/campeonatos/{id}/tabela' },
          requisicoes: int,
        }),
      ),
      description: 'Requisições feitas com a chave nos mesmos 30 dias, por rota, da mais usada à menos usada',
    },
  }),
);
export const Webhook = component(
  'Webhook',
  obj({
    id: int,
    nome: str,
    url: str,
    eventos: arrayOf(enumOf(EVENTOS)),
    ativo: bool,
    criado_em: dateTime,
    atualizado_em: dateTime,
    falhas_consecutivas: int,
    ultimo_sucesso_em: nullable(dateTime),
    desativado_em: nullable(dateTime),
    motivo_desativacao: nstr,
  }),
);
export const WebhookCriado = component(
  'WebhookCriado',
  obj({ id: int, nome: str, url: str, eventos: arrayOf(enumOf(EVENTOS)), ativo: bool, secret: str }),
);
export const Entrega = component('Entrega', obj(entregaProps));
export const EntregaDetalhe = component(
  'EntregaDetalhe',
  obj({
    ...entregaProps,
    corpo: { ...str, description: 'O corpo JSON exatamente como é assinado e enviado (texto)' },
    historico: arrayOf(
      obj({
        numero: { ...int, description: 'X-SVC-Tentativa: nunca se repete numa entrega' },
        origem: enumOf(['automatica', 'teste', 'replay', 'disparo', 'reenvio']),
        iniciada_em: dateTime,
        status_code: nint,
        erro: nstr,
        duracao_ms: num,
        resposta: { ...nstr, description: 'O início da resposta do receptor (até 1 KiB)' },
        cabecalhos: nullable({
          ...mapOf(str),
          description:
            'Os cabeçalhos da requisição enviada (nomes em minúsculas): X-SVC-Timestamp, X-SVC-Assinatura… null quando nada foi enviado (URL bloqueada)',
        }),
      }),
    ),
  }),
);
export const Status = component(
  'Status',
  obj({
    status: enumOf(['ok', 'sem_snapshot']),
    versao: str,
    snapshot: nullable(obj({ id: str, criado_em: nullable(str), idade_segundos: nint, carregado_em: dateTime })),
    cache: obj({ bytes: int, limite_bytes: int, entradas: int, acertos: int, faltas: int }),
    snapshots_retidos: arrayOf(obj({ id: str, criado_em: str })),
    iniciado_em: dateTime,
    uptime_segundos: int,
  }),
);

/** The components, in the order the OpenAPI document lists them. */
const COMPONENTS: readonly Component<unknown>[] = [
  Erro,
  TimeResumo,
  Time,
  Campeonato,
  Partida,
  PartidaDaRodada,
  PartidaAoVivo,
  Rodada,
  RodadaAvulsa,
  Chave,
  Fase,
  ChaveCampeonato,
  LinhaClassificacao,
  Tabela,
  TabelaFase,
  Jogador,
  EventoPartida,
  RegistroEstatisticas,
  EstatisticasPartida,
  JogadorEscalado,
  LadoEscalacao,
  Escalacao,
  Cobertura,
  Perfil,
  UsoEstatisticas,
  Webhook,
  WebhookCriado,
  Entrega,
  EntregaDetalhe,
  Status,
];
export const SCHEMAS: Record<string, JsonSchema> = Object.fromEntries(COMPONENTS.map((c) => [c.name, c.schema]));

export type Erro = TypeOf<typeof Erro>;
export type TimeResumo = TypeOf<typeof TimeResumo>;
export type Time = TypeOf<typeof Time>;
export type Campeonato = TypeOf<typeof Campeonato>;
export type Partida = TypeOf<typeof Partida>;
export type PartidaDaRodada = TypeOf<typeof PartidaDaRodada>;
export type PartidaAoVivo = TypeOf<typeof PartidaAoVivo>;
export type Rodada = TypeOf<typeof Rodada>;
export type RodadaAvulsa = TypeOf<typeof RodadaAvulsa>;
export type Chave = TypeOf<typeof Chave>;
export type Fase = TypeOf<typeof Fase>;
export type ChaveCampeonato = TypeOf<typeof ChaveCampeonato>;
export type LinhaClassificacao = TypeOf<typeof LinhaClassificacao>;
export type Tabela = TypeOf<typeof Tabela>;
export type TabelaFase = TypeOf<typeof TabelaFase>;
export type Jogador = TypeOf<typeof Jogador>;
export type EventoPartida = TypeOf<typeof EventoPartida>;
export type RegistroEstatisticas = TypeOf<typeof RegistroEstatisticas>;
export type EstatisticasPartida = TypeOf<typeof EstatisticasPartida>;
export type JogadorEscalado = TypeOf<typeof JogadorEscalado>;
export type LadoEscalacao = TypeOf<typeof LadoEscalacao>;
export type Escalacao = TypeOf<typeof Escalacao>;
export type Cobertura = TypeOf<typeof Cobertura>;
export type Perfil = TypeOf<typeof Perfil>;
export type UsoEstatisticas = TypeOf<typeof UsoEstatisticas>;
export type Webhook = TypeOf<typeof Webhook>;
export type WebhookCriado = TypeOf<typeof WebhookCriado>;
export type Entrega = TypeOf<typeof Entrega>;
export type EntregaDetalhe = TypeOf<typeof EntregaDetalhe>;
export type Status = TypeOf<typeof Status>;
