/** SQLite's bound on the parameters of one statement (PostgreSQL's, 65535, is higher). */
const MAX_PARAMETERS = 32_766;

/**
 * `rows` cut into runs that each fit one statement of `parametersPerRow` parameters a row: bulk writes stay one
 * statement per run rather than one per row.
 */
export function batches<T>(rows: readonly T[], parametersPerRow: number): T[][] {
  const size = Math.floor(MAX_PARAMETERS / parametersPerRow);
  const out: T[][] = [];
  for (let from = 0; from < rows.length; from += size) out.push(rows.slice(from, from + size));
  return out;
}
