/**
 * One row of `campeonato-brasileiro-estatisticas-full.csv` as canonical basic statistics. Unknown is null,
 * never 0: an empty cell or `None` is unknown, and a row whose every count is 0 with no percentages is a
 * match the source did not cover (10,750 of the 17,570 rows), so all its fields are null.
 */
import type { FeedEstatisticasCampos } from '../canonical.js';
import type { StatField } from '../statistics-fields.js';

/** CSV column → canonical field. The percentages arrive as `55%`. */
const FIELD_OF = {
  chutes: 'finalizacoes_total',
  chutes_no_alvo: 'finalizacoes_no_gol',
  posse_de_bola: 'posse_bola',
  passes: 'passes_total',
  precisao_passes: 'precisao_passes',
  faltas: 'faltas',
  cartao_amarelo: 'cartoes_amarelos',
  cartao_vermelho: 'cartoes_vermelhos',
  impedimentos: 'impedimentos',
  escanteios: 'escanteios',
} as const satisfies Record<string, StatField>;

export type BasicStatColumn = keyof typeof FIELD_OF;
export const STAT_COLUMNS = Object.keys(FIELD_OF) as BasicStatColumn[];
const PERCENT_COLUMNS = new Set<BasicStatColumn>(['posse_de_bola', 'precisao_passes']);
const PERCENT = /^(\d{1,3}(?:\.\d+)?)%?$/;
/** Up to 9 digits: a count the canonical feed (an integer) and the snapshot (INTEGER) can hold. */
export const COUNT = /^(\d{1,9})$/;

/** Per CSV column, in STAT_COLUMNS order: its canonical field and whether it is a percentage. */
const COLUMN_FIELDS = STAT_COLUMNS.map((column) => ({
  column,
  field: FIELD_OF[column],
  percent: PERCENT_COLUMNS.has(column),
}));

/**
 * Writes a row's fields (cells in STAT_COLUMNS order) into `into`, or returns the reason a cell cannot be
 * read. Counts are checked with a test, not a match: this runs for ~175k cells of the real file.
 */
export function statisticsRow<T extends FeedEstatisticasCampos>(cells: readonly string[], into: T): T | string {
  const values: (number | null)[] = [];
  let covered = false;
  for (const { column, percent } of COLUMN_FIELDS) {
    const text = cells[values.length] ?? '';
    if (text === '' || text === 'None') {
      values.push(null);
      continue;
    }
    const value = percent ? Number(PERCENT.exec(text)?.[1] ?? NaN) : COUNT.test(text) ? Number(text) : NaN;
    if (Number.isNaN(value) || (percent && value > 100)) {
      return `valor inválido "${text}" na coluna ${column} (esperado ${percent ? 'percentual 0..100' : 'inteiro ≥ 0'}, vazio ou None)`;
    }
    covered ||= value !== 0;
    values.push(value);
  }
  COLUMN_FIELDS.forEach(({ field }, k) => (into[field] = covered ? (values[k] ?? null) : null));
  return into;
}
