/**
 * The match-statistics fields of the spec, in the spec's order. One list drives the feed schema,
 * the loader, the warehouse columns check and the API, so a field can never be missing in one place.
 */
export const STAT_DECIMAL_FIELDS = [
  'posse_bola',
  'precisao_passes',
  'gols_esperados',
  'nota_media',
  'duelos_vencidos_percentual',
  'gols_evitados',
] as const;

export const STAT_INTEGER_FIELDS = [
  'finalizacoes_total',
  'finalizacoes_no_gol',
  'finalizacoes_fora',
  'finalizacoes_trave',
  'finalizacoes_bloqueadas',
  'penaltis',
  'escanteios',
  'faltas',
  'impedimentos',
  'cartoes_amarelos',
  'cartoes_vermelhos',
  'defesas',
  'desarmes',
  'passes_total',
  'passes_errados',
  'grandes_chances',
  'tiros_livres',
  'finalizacoes_dentro_area',
  'finalizacoes_fora_area',
  'grandes_chances_convertidas',
  'grandes_chances_perdidas',
  'passes_em_profundidade',
  'toques_area_adversaria',
  'faltas_sofridas_ultimo_terco',
  'laterais_cobrados',
  'entradas_ultimo_terco',
  'passes_ultimo_terco_certos',
  'passes_ultimo_terco_total',
  'bolas_longas_certas',
  'bolas_longas_total',
  'cruzamentos_certos',
  'cruzamentos_total',
  'posses_perdidas',
  'duelos_chao_vencidos',
  'duelos_chao_total',
  'duelos_aereos_vencidos',
  'duelos_aereos_total',
  'dribles_certos',
  'dribles_total',
  'desarmes_certos',
  'interceptacoes',
  'recuperacoes_bola',
  'cortes',
  'erros_para_finalizacao',
  'erros_para_gol',
  'defesas_dificeis',
  'saidas_altas',
  'socos_do_goleiro',
  'tiros_de_meta',
] as const;

export type StatDecimalField = (typeof STAT_DECIMAL_FIELDS)[number];
export type StatIntegerField = (typeof STAT_INTEGER_FIELDS)[number];
export type StatField = StatDecimalField | StatIntegerField;

export const STAT_FIELDS: readonly StatField[] = [...STAT_DECIMAL_FIELDS, ...STAT_INTEGER_FIELDS];

/**
 * Spec rule 1: "the fields from gols_esperados onward" come from the advanced source only. Read per table:
 * the decimal fields from gols_esperados on, and the integer fields from grandes_chances on (the first
 * field no basic source reports). Decision recorded in docs/decisions.md.
 */
export const STAT_ADVANCED_FIELDS: readonly StatField[] = [
  ...STAT_DECIMAL_FIELDS.slice(STAT_DECIMAL_FIELDS.indexOf('gols_esperados')),
  ...STAT_INTEGER_FIELDS.slice(STAT_INTEGER_FIELDS.indexOf('grandes_chances')),
];

/** Per-player detailed lineup statistics (spec "Lineup", detailed variant). `goleiro` is nested. */
export const PLAYER_STAT_FIELDS = [
  'minutos_jogados',
  'nota',
  'gols',
  'assistencias',
  'gols_esperados',
  'finalizacoes_total',
  'passes_certos',
  'passes_total',
  'desarmes_total',
  'duelos_vencidos',
  'faltas_cometidas',
  'cartoes_amarelos',
  'expulsao',
  'minuto_entrada',
  'minuto_saida',
  'gols_contra',
] as const;

export const GOALKEEPER_STAT_FIELDS = ['defesas', 'gols_evitados', 'penaltis_defendidos', 'gols_sofridos'] as const;

/** Per-player fields that are decimals; all others are counts or minutes. */
export const PLAYER_DECIMAL_FIELDS: ReadonlySet<string> = new Set(['nota', 'gols_esperados', 'gols_evitados']);
