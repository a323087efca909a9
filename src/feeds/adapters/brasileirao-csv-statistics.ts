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

/** The row's fields (cells in STAT_COLUMNS order), or the reason a cell cannot be read. */
export function statisticsRow(cells: readonly string[]): FeedEstatisticasCampos | string {
  const values: (number | null)[] = [];
  let covered = false;
  for (let k = 0; k < STAT_COLUMNS.length; k++) {
    const column = STAT_COLUMNS[k] as BasicStatColumn;
    const text = cells[k] ?? '';
    if (text === '' || text === 'None') {
      values.push(null);
      continue;
    }
    const percent = PERCENT_COLUMNS.has(column);
    const m = (percent ? PERCENT : COUNT).exec(text);
    if (!m || (percent && Number(m[1]) > 100)) {
      return `valor inválido "${text}" na coluna ${column} (esperado ${percent ? 'percentual 0..100' : 'inteiro ≥ 0'}, vazio ou None)`;
    }
    const value = Number(m[1]);
    covered ||= value !== 0;
    values.push(value);
  }
  const fields: FeedEstatisticasCampos = {};
  STAT_COLUMNS.forEach((column, k) => (fields[FIELD_OF[column]] = covered ? (values[k] ?? null) : null));
  return fields;
}
