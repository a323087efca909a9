import type { ColumnRows, Row } from '../duckdb-util.js';

/**
 * The rows staged for one table, by key, held as one array per column: a large load keeps a few arrays
 * alive instead of one object per row (fewer survivors for the garbage collector to copy), and the
 * appender takes the columns as they are. A key staged again replaces its row in place, like a Map.
 */
export class StagedRows {
  private readonly index = new Map<string | number, number>();
  private readonly data: unknown[][];
  /** Row positions whose key was deleted (their cells stay until written, then are skipped). */
  private readonly dropped = new Set<number>();
  private length = 0;
  /** Copies a row's cells into the column arrays at a position (see `cellWriter`). */
  private readonly write: (row: Row, data: unknown[][], at: number) => void;

  constructor(readonly columns: readonly string[]) {
    this.data = columns.map(() => []);
    this.write = cellWriter(columns);
  }

  get size(): number {
    return this.index.size;
  }

  put(key: string | number, row: Row): void {
    let at = this.index.get(key);
    if (at === undefined) this.index.set(key, (at = this.length++));
    this.write(row, this.data, at);
  }

  get(key: string | number): Row | undefined {
    const at = this.index.get(key);
    return at === undefined
      ? undefined
      : Object.fromEntries(this.columns.map((name, c) => [name, (this.data[c] as unknown[])[at] ?? null]));
  }

  /** Drops the rows whose key matches (a lineup sent twice in one run replaces the whole side). */
  deleteWhere(matches: (key: string | number) => boolean): void {
    for (const [key, at] of this.index) {
      if (!matches(key)) continue;
      this.index.delete(key);
      this.dropped.add(at);
    }
  }

  /** One column's values, in staging order. */
  column(name: string): unknown[] {
    const c = this.columns.indexOf(name);
    if (c < 0) throw new Error(`coluna desconhecida: ${name}`);
    const values = this.written(c);
    return values.length < this.size ? values.concat(new Array<null>(this.size - values.length).fill(null)) : values;
  }

  /**
   * Every column in table order, each possibly shorter than `count` (its missing tail is null: padding the
   * columns a source never fills cost as much as staging them); empties the stage (the caller writes them
   * out, e.g. with appendColumns).
   */
  take(): ColumnRows {
    const taken = { count: this.size, columns: this.columns.map((_, c) => this.written(c)) };
    this.index.clear();
    this.dropped.clear();
    this.length = 0;
    this.data.forEach((_, c) => (this.data[c] = []));
    return taken;
  }

  /** A column as written: the live rows' values up to the column's last non-null one. */
  private written(c: number): unknown[] {
    const values = this.data[c] as unknown[];
    return this.dropped.size === 0 ? values : values.filter((_, at) => !this.dropped.has(at));
  }
}

/**
 * `(row, data, at) => { v = row["id"]; … data[0][at] = v … }` for the table's columns. Generated because a
 * property named in the code is read through an inline cache (each row builder makes rows of one shape),
 * where a loop over column names does a generic keyed lookup per cell, a third of staging's time on the
 * CSV family. A null is written only over an earlier value: a column stays as short as its last value
 * (`column` pads it), so the columns a source never fills — most statistics of the CSV family — cost a
 * read per row and no write. Column names come from sql/schema.sql, and JSON.stringify quotes them.
 */
function cellWriter(columns: readonly string[]): (row: Row, data: unknown[][], at: number) => void {
  const body = columns
    .map(
      (name, c) => `v = row[${JSON.stringify(name)}]; a = data[${c}];
if (v != null) { while (a.length < at) a.push(null); a[at] = v; } else if (at < a.length) a[at] = null;`,
    )
    .join('\n');
  return new Function('row', 'data', 'at', `let v, a;\n${body}`) as (row: Row, data: unknown[][], at: number) => void;
}
