import {
  GOALKEEPER_STAT_FIELDS,
  PLAYER_DECIMAL_FIELDS,
  PLAYER_STAT_FIELDS,
  STAT_DECIMAL_FIELDS,
  STAT_INTEGER_FIELDS,
} from '../../feeds/statistics-fields.js';
import { EVENTOS } from '../../domain/events.js';
import { DELIVERY_STATUSES } from '../../domain/webhooks.js';
import { arrayOf, bool, dateTime, enumOf, int, nullable, num, obj, ref, str, type Schema } from './json-schema.js';

/** The resources of the spec as JSON Schemas: the OpenAPI components, and what the tests validate against. */

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

const nstr = nullable(str);
const nint = nullable(int);

const partidaProps: Record<string, Schema> = {
  id: int,
  rodada_id: nint,
  rodada_numero: nint,
  rodada_nome: nstr,
  fase: nullable(obj({ id: int, nome: str, slug: str })),
  time_mandante: ref('Time'),
  time_visitante: ref('Time'),
  placar_mandante: nint,
  placar_visitante: nint,
  disputa_penalti: bool,
  penalti: obj({ placar_mandante: nint, placar_visitante: nint }),
  status: enumOf(STATUS_PARTIDA),
  slug: str,
  data_realizacao: nullable({ type: 'string', pattern: '^\\d{2}/\\d{2}/\\d{4}$' }),
  hora_realizacao: nullable({ type: 'string', pattern: '^\\d{2}:\\d{2}$' }),
  data_hora_realizacao: nullable(dateTime),
  estadio: nstr,
};
const { fase: _fase, ...partidaSemFaseProps } = partidaProps;

const entregaProps: Record<string, Schema> = {
  id: { type: 'string', description: 'Também enviado em X-SVC-Entrega' },
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
  data: nullable({ type: 'string', format: 'date' }),
  proxima_rodada: rodadaRef,
  rodada_anterior: rodadaRef,
};
const faseRef = nullable(obj({ id: int, nome: str, slug: str, tipo: str }));

/** Detailed lineup statistics (spec "Lineup player"): every field present, null when the source did not report it. */
const playerStatProps = (fields: readonly string[]): Record<string, Schema> =>
  Object.fromEntries(fields.map((f) => [f, nullable(PLAYER_DECIMAL_FIELDS.has(f) ? num : int)]));
const estatisticasJogador = obj({
  ...playerStatProps(PLAYER_STAT_FIELDS),
  goleiro: obj(playerStatProps(GOALKEEPER_STAT_FIELDS)),
});

const jogadorEscalado = obj({
  nome: str,
  apelido: str,
  numero: nint,
  posicao: nstr,
  posicao_sigla: nstr,
  foto_url: nstr,
  // The spec leaves its shape open; what our feeds store always has the incoming player's name.
  substituido_por: nullable({ type: 'object', properties: { nome: str, minuto: nint }, required: ['nome'] }),
  jogador_id: nint,
  estatisticas: nullable(estatisticasJogador),
});

const ladoEscalacao = obj({
  formacao: nstr,
  tecnico: nstr,
  confirmada: bool,
  titulares: arrayOf(ref('JogadorEscalado')),
  reservas: arrayOf(ref('JogadorEscalado')),
});

const registroEstatisticas = obj(
  Object.fromEntries([
    ...STAT_DECIMAL_FIELDS.map((f) => [f, nullable(num)]),
    ...STAT_INTEGER_FIELDS.map((f) => [f, nullable(int)]),
  ]),
);

const coberturaValor = enumOf(COBERTURA_VALORES);

export const SCHEMAS: Record<string, Schema> = {
  Erro: { ...obj({ erro: str, mensagem: str }), description: 'Corpo de todo erro.' },
  TimeResumo: obj({ id: int, nome: str, sigla: str }),
  Time: obj({ id: int, nome: str, sigla: str, escudo_url: nstr }),
  Campeonato: obj({
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
  Partida: {
    ...obj(partidaProps),
    description: '`fase` é preenchida em partidas de mata-mata e null nas de pontos corridos.',
  },
  PartidaDaRodada: { ...obj(partidaSemFaseProps), description: 'Partida dentro de uma rodada: sem a chave `fase`.' },
  PartidaAoVivo: obj({ ...partidaProps, campeonato: nullable(obj({ id: int, nome: str, temporada: str })) }),
  Rodada: obj({ ...rodadaProps, partidas: arrayOf(ref('Partida')) }),
  RodadaAvulsa: {
    ...obj({ ...rodadaProps, partidas: arrayOf(ref('PartidaDaRodada')) }),
    description: 'Uma rodada pedida sozinha (endpoint 5): suas partidas vêm sem a chave `fase`.',
  },
  Chave: obj({
    id: int,
    nome: str,
    slug: str,
    partida_ida: nullable(ref('Partida')),
    partida_volta: nullable(ref('Partida')),
  }),
  Fase: obj({
    id: int,
    campeonato: nullable(obj({ id: int, temporada: str, nome: str, nome_popular: str, slug: str })),
    nome: str,
    slug: str,
    status: nstr,
    tipo: str,
    decisivo: bool,
    eliminatorio: bool,
    ida_e_volta: bool,
    grupos: arrayOf({}),
    chaves: arrayOf(ref('Chave')),
    rodadas: arrayOf(ref('Rodada')),
    proxima_fase: faseRef,
    fase_anterior: faseRef,
  }),
  ChaveCampeonato: obj({
    campeonato_id: int,
    campeonato_nome: str,
    temporada: str,
    fases: arrayOf(obj({ id: int, nome: str, slug: str, tipo: str, chaves: arrayOf(ref('Chave')) })),
  }),
  LinhaClassificacao: obj({
    posicao: int,
    time: ref('Time'),
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
  Tabela: obj({
    campeonato_id: int,
    campeonato_nome: str,
    temporada: str,
    classificacao: arrayOf(ref('LinhaClassificacao')),
  }),
  TabelaFase: obj({
    campeonato_id: int,
    campeonato_nome: str,
    fase_id: int,
    fase_nome: str,
    temporada: str,
    classificacao: arrayOf(ref('LinhaClassificacao')),
  }),
  Jogador: obj({
    id: int,
    nome_popular: str,
    nome: str,
    idade: nint,
    posicao: nullable(obj({ nome: str, sigla: str })),
    numero_camisa: nint,
    gols: int,
    time: nullable(ref('Time')),
    clubes: {
      ...arrayOf(ref('Time')),
      description:
        'Extensão: os clubes da carreira do jogador, do primeiro ao atual (uma transferência não cria outro jogador).',
    },
  }),
  EventoPartida: obj({ tipo: enumOf(TIPO_EVENTO), jogador: nstr, time_nome: nstr, minuto: int }),
  RegistroEstatisticas: registroEstatisticas,
  EstatisticasPartida: obj({
    partida_id: int,
    time_mandante: nullable(ref('TimeResumo')),
    time_visitante: nullable(ref('TimeResumo')),
    status: enumOf(STATUS_PARTIDA),
    estatisticas: obj({ mandante: ref('RegistroEstatisticas'), visitante: ref('RegistroEstatisticas') }),
  }),
  JogadorEscalado: jogadorEscalado,
  LadoEscalacao: ladoEscalacao,
  Escalacao: obj({
    partida_id: int,
    time_mandante: nullable(ref('TimeResumo')),
    time_visitante: nullable(ref('TimeResumo')),
    status: enumOf(STATUS_PARTIDA),
    escalacoes: obj({ mandante: nullable(ref('LadoEscalacao')), visitante: nullable(ref('LadoEscalacao')) }),
  }),
  Cobertura: obj({
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
  Perfil: obj({
    plano: enumOf(['free', 'pro', 'enterprise']),
    limites: obj({ requisicoes: int, periodo: enumOf(['dia']) }),
    consumo: obj({ requisicoes_utilizadas: int, requisicoes_restantes: int }),
  }),
  UsoEstatisticas: obj({
    tempo_medio_resposta_ms: num,
    total_requisicoes: int,
    ultimas_requisicoes: arrayOf(
      obj({ endpoint: str, metodo: str, status_code: int, tempo_resposta_ms: num, data_hora: dateTime }),
    ),
    requisicoes_por_dia: {
      ...arrayOf(obj({ dia: { type: 'string', format: 'date' }, requisicoes: int })),
      description:
        'Requisições contadas na cota em cada um dos últimos 30 dias UTC (hoje incluído), do mais antigo ao mais recente; 0 nos dias sem uso',
    },
    requisicoes_por_endpoint: {
      ...arrayOf(
        obj({
          metodo: str,
          endpoint: { type: 'string', description: 'Rota como na documentação, ex. /v1/campeonatos/{id}/tabela' },
          requisicoes: int,
        }),
      ),
      description: 'Requisições feitas com a chave nos mesmos 30 dias, por rota, da mais usada à menos usada',
    },
  }),
  Webhook: obj({
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
  WebhookCriado: obj({ id: int, nome: str, url: str, eventos: arrayOf(enumOf(EVENTOS)), ativo: bool, secret: str }),
  Entrega: obj(entregaProps),
  EntregaDetalhe: obj({
    ...entregaProps,
    corpo: { type: 'string', description: 'O corpo JSON exatamente como é assinado e enviado (texto)' },
    historico: arrayOf(
      obj({
        numero: { type: 'integer', description: 'X-SVC-Tentativa: nunca se repete numa entrega' },
        origem: enumOf(['automatica', 'teste', 'replay', 'disparo', 'reenvio']),
        iniciada_em: dateTime,
        status_code: nint,
        erro: nstr,
        duracao_ms: num,
        resposta: { ...nstr, description: 'O início da resposta do receptor (até 1 KiB)' },
        cabecalhos: nullable({
          type: 'object',
          additionalProperties: str,
          description:
            'Os cabeçalhos da requisição enviada (nomes em minúsculas): X-SVC-Timestamp, X-SVC-Assinatura… null quando nada foi enviado (URL bloqueada)',
        }),
      }),
    ),
  }),
  Status: obj({
    status: enumOf(['ok', 'sem_snapshot']),
    versao: str,
    snapshot: nullable(obj({ id: str, criado_em: nullable(str), idade_segundos: nint, carregado_em: dateTime })),
    cache: obj({ bytes: int, limite_bytes: int, entradas: int, acertos: int, faltas: int }),
    snapshots_retidos: arrayOf(obj({ id: str, criado_em: str })),
    iniciado_em: dateTime,
    uptime_segundos: int,
  }),
};
