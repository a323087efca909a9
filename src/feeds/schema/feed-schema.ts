/**
 * Builds the JSON Schema of `svc-feed/1` from the same lists the rest of the code uses
 * (statistics-fields.ts), so the published schema can never drift from the loader. The published file
 * (svc-feed-1.schema.json) is written from this by `generate.ts`; a test checks it is up to date.
 */
import {
  GOALKEEPER_STAT_FIELDS,
  PLAYER_DECIMAL_FIELDS,
  PLAYER_STAT_FIELDS,
  STAT_DECIMAL_FIELDS,
  STAT_INTEGER_FIELDS,
} from '../statistics-fields.js';
import {
  MAX_ALIASES,
  MAX_ID_CHARS,
  MAX_INTEGER_ID,
  MAX_NUMBER,
  MAX_LINEUP_PLAYERS,
  MAX_NAME_CHARS,
  MAX_RECORDS,
  MAX_TEXT_CHARS,
  MAX_TIES,
  NO_LEAP_SECOND,
  URL_PATTERN,
} from '../limits.js';
import { FEED_COLLECTIONS } from '../canonical.js';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/$defs/${name}` });
const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'null' }] });
const id: Schema = { type: 'string', minLength: 1, maxLength: MAX_ID_CHARS };
const text: Schema = { type: 'string', minLength: 1, maxLength: MAX_NAME_CHARS };
const optionalText: Schema = { type: ['string', 'null'], maxLength: MAX_NAME_CHARS };
const count: Schema = { type: 'integer', minimum: 0, maximum: MAX_NUMBER };
const nullableCount: Schema = { type: ['integer', 'null'], minimum: 0, maximum: MAX_NUMBER };
const nullableNumber: Schema = { type: ['number', 'null'], minimum: -MAX_NUMBER, maximum: MAX_NUMBER };
/** Pictures the API and the panel link to: only web addresses (never `javascript:` or `data:`). */
const optionalUrl: Schema = { type: ['string', 'null'], maxLength: MAX_TEXT_CHARS, pattern: URL_PATTERN };
const percent: Schema = { type: ['number', 'null'], minimum: 0, maximum: 100 };

function object(properties: Record<string, Schema>, required: readonly string[]): Schema {
  return { type: 'object', additionalProperties: false, required: [...required], properties };
}

/** Decimal statistics that are percentages (0..100); the others (e.g. gols_evitados) may be negative. */
const PERCENT_FIELDS = new Set<string>(['posse_bola', 'precisao_passes', 'duelos_vencidos_percentual']);

function statisticsProperties(): Record<string, Schema> {
  const props: Record<string, Schema> = {};
  for (const f of STAT_DECIMAL_FIELDS) props[f] = PERCENT_FIELDS.has(f) ? percent : nullableNumber;
  for (const f of STAT_INTEGER_FIELDS) props[f] = nullableCount;
  return props;
}

function playerStatProperties(fields: readonly string[]): Record<string, Schema> {
  const props: Record<string, Schema> = {};
  for (const f of fields) props[f] = PLAYER_DECIMAL_FIELDS.has(f) ? nullableNumber : nullableCount;
  return props;
}

export function buildFeedSchema(): Schema {
  const sourceId: Schema = {
    type: ['string', 'integer'],
    maxLength: MAX_ID_CHARS,
    minimum: -MAX_INTEGER_ID,
    maximum: MAX_INTEGER_ID,
  };
  const fonte = id;
  const collectionDef: Record<string, string> = {
    campeonatos: 'campeonato',
    fases: 'fase',
    rodadas: 'rodada',
    times: 'time',
    jogadores: 'jogador',
    partidas: 'partida',
    eventos: 'evento',
    escalacoes: 'escalacao',
    estatisticas: 'estatisticas',
    remocoes: 'remocao',
    ajustes_pontos: 'ajuste_pontos',
  };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://svc.example/schemas/svc-feed-1.schema.json',
    title: 'svc-feed/1',
    description: 'Canonical football data feed loaded by `svc ingest` (see docs/feed-format.md).',
    ...object(
      {
        formato: { const: 'svc-feed/1' },
        fonte,
        gerado_em: { type: 'string', format: 'date-time', pattern: NO_LEAP_SECOND },
        ...Object.fromEntries(
          FEED_COLLECTIONS.map((c) => [c, { type: 'array', maxItems: MAX_RECORDS, items: ref(collectionDef[c] ?? c) }]),
        ),
      },
      ['formato', 'fonte'],
    ),
    $defs: {
      sourceId,
      campeonato: object(
        {
          id: ref('sourceId'),
          fonte,
          nome: text,
          nome_popular: text,
          slug: { type: 'string', maxLength: MAX_ID_CHARS, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
          temporada: id,
          tipo: { enum: ['pontos-corridos', 'mata-mata'] },
          regiao: text,
          logo_url: optionalUrl,
          status: { enum: ['andamento', 'encerrado', 'agendado', null] },
        },
        ['id', 'nome', 'temporada', 'tipo'],
      ),
      chave: object({ id: ref('sourceId'), nome: text, slug: id, ordem: count }, ['id', 'nome']),
      fase: object(
        {
          id: ref('sourceId'),
          fonte,
          campeonato: ref('sourceId'),
          nome: text,
          slug: id,
          ordem: { type: 'integer', minimum: 1, maximum: MAX_NUMBER },
          tipo: { enum: ['mata-mata', 'pontos-corridos', 'grupos'] },
          ida_e_volta: { type: 'boolean' },
          decisivo: { type: 'boolean' },
          eliminatorio: { type: 'boolean' },
          chaves: { type: 'array', maxItems: MAX_TIES, items: ref('chave') },
        },
        ['id', 'campeonato', 'nome', 'ordem', 'tipo', 'ida_e_volta'],
      ),
      rodada: object(
        {
          id: ref('sourceId'),
          fonte,
          campeonato: ref('sourceId'),
          fase: nullable(ref('sourceId')),
          numero: { type: 'integer', minimum: 1, maximum: MAX_NUMBER },
          nome: text,
        },
        ['id', 'campeonato', 'numero'],
      ),
      time: object(
        {
          id: ref('sourceId'),
          fonte,
          nome: text,
          sigla: { type: 'string', minLength: 1, maxLength: 5 },
          tipo: { enum: ['clube', 'selecao'] },
          escudo_url: optionalUrl,
          estado: optionalText,
          apelidos: { type: 'array', items: text, maxItems: MAX_ALIASES },
        },
        ['id', 'nome'],
      ),
      jogador: object(
        {
          id: ref('sourceId'),
          fonte,
          time: nullable(ref('sourceId')),
          nome: text,
          nome_popular: text,
          posicao: { enum: ['goleiro', 'zagueiro', 'lateral', 'volante', 'meia', 'atacante', null] },
          numero_camisa: { type: ['integer', 'null'], minimum: 0, maximum: 999 },
          data_nascimento: { type: ['string', 'null'], format: 'date' },
          idade: { type: ['integer', 'null'], minimum: 0, maximum: 120 },
        },
        ['id', 'time', 'nome'],
      ),
      ajuste_pontos: object(
        {
          id: ref('sourceId'),
          fonte,
          campeonato: ref('sourceId'),
          time: ref('sourceId'),
          pontos: { type: 'integer', minimum: -999, maximum: 999 },
          motivo: text,
          referencia: text,
        },
        ['id', 'campeonato', 'time', 'pontos', 'motivo', 'referencia'],
      ),
      penalti: object({ placar_mandante: count, placar_visitante: count }, ['placar_mandante', 'placar_visitante']),
      partida: object(
        {
          id: ref('sourceId'),
          fonte,
          campeonato: ref('sourceId'),
          rodada: nullable(ref('sourceId')),
          fase: nullable(ref('sourceId')),
          chave: nullable(ref('sourceId')),
          jogo: { enum: [1, 2, null] },
          mandante: ref('sourceId'),
          visitante: ref('sourceId'),
          status: { enum: ['aguardando', 'ao_vivo', 'encerrado', 'adiado'] },
          placar_mandante: nullableCount,
          placar_visitante: nullableCount,
          prorrogacao: { type: 'boolean' },
          penalti: nullable(ref('penalti')),
          data_hora: { type: ['string', 'null'], format: 'date-time', pattern: NO_LEAP_SECOND },
          data: { type: ['string', 'null'], format: 'date' },
          estadio: optionalText,
        },
        ['id', 'campeonato', 'mandante', 'visitante', 'status', 'placar_mandante', 'placar_visitante', 'data_hora'],
      ),
      evento: object(
        {
          id: ref('sourceId'),
          fonte,
          partida: ref('sourceId'),
          tipo: { enum: ['gol', 'gol_contra', 'penalti', 'cartao_amarelo', 'cartao_vermelho', 'substituicao'] },
          minuto: { type: 'integer', minimum: 0, maximum: 120 },
          acrescimo: { type: ['integer', 'null'], minimum: 0, maximum: 30 },
          time: ref('sourceId'),
          jogador: optionalText,
          jogador_id: nullable(ref('sourceId')),
          jogador_entra: optionalText,
          jogador_entra_id: nullable(ref('sourceId')),
        },
        ['id', 'partida', 'tipo', 'minuto', 'time'],
      ),
      estatisticasGoleiro: object(playerStatProperties(GOALKEEPER_STAT_FIELDS), []),
      estatisticasJogador: object(
        { ...playerStatProperties(PLAYER_STAT_FIELDS), goleiro: nullable(ref('estatisticasGoleiro')) },
        [],
      ),
      substituicao: object(
        {
          jogador_id: nullable(ref('sourceId')),
          nome: text,
          minuto: { type: ['integer', 'null'], minimum: 0, maximum: 150 },
        },
        ['nome'],
      ),
      jogadorEscalado: object(
        {
          jogador_id: nullable(ref('sourceId')),
          nome: text,
          apelido: { type: 'string', maxLength: MAX_NAME_CHARS },
          numero: { type: ['integer', 'null'], minimum: 0, maximum: 999 },
          posicao: optionalText,
          posicao_sigla: optionalText,
          foto_url: optionalUrl,
          substituido_por: nullable(ref('substituicao')),
          estatisticas: nullable(ref('estatisticasJogador')),
        },
        ['nome'],
      ),
      escalacao: object(
        {
          fonte,
          partida: ref('sourceId'),
          lado: { enum: ['mandante', 'visitante'] },
          formacao: optionalText,
          tecnico: optionalText,
          confirmada: { type: 'boolean' },
          titulares: { type: 'array', maxItems: MAX_LINEUP_PLAYERS, items: ref('jogadorEscalado') },
          reservas: { type: 'array', maxItems: MAX_LINEUP_PLAYERS, items: ref('jogadorEscalado') },
        },
        ['partida', 'lado', 'confirmada', 'titulares', 'reservas'],
      ),
      estatisticas: object(
        {
          fonte,
          partida: ref('sourceId'),
          lado: { enum: ['mandante', 'visitante'] },
          origem: { enum: ['basica', 'avancada'] },
          ...statisticsProperties(),
        },
        ['partida', 'lado', 'origem'],
      ),
      remocao: object(
        {
          entidade: { enum: ['campeonato', 'fase', 'rodada', 'time', 'jogador', 'partida', 'evento'] },
          id: ref('sourceId'),
          fonte,
        },
        ['entidade', 'id'],
      ),
    },
  };
}
