import { readdirSync, readFileSync } from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import { idSetMacro, queryRows, readSql } from './duckdb-util.js';

const STEPS_DIR = new URL('./sql/derive/', import.meta.url);

interface Step {
  name: string;
  sql: string;
  /** Aspects of the data the step reads (`-- @le`); none = it always runs (shared pieces). */
  le: readonly string[];
  /** Derived data it writes that later steps read (`-- @escreve`). */
  escreve: readonly string[];
  /** TEMP tables and macros it creates, which later steps refer to by name. */
  cria: readonly string[];
}

const header = (sql: string, tag: string): string[] =>
  sql.match(new RegExp(`^-- @${tag} (.+)$`, 'm'))?.[1]?.split(/\s+/) ?? [];
const created = (sql: string): string[] =>
  [...sql.matchAll(/^CREATE OR REPLACE TEMP (?:TABLE|MACRO) (\w+)/gm)].map((m) => m[1] as string);

/** The derive steps, `NN-name.sql`, in file-name order; read once. */
const STEPS: readonly Step[] = readdirSync(STEPS_DIR)
  .filter((name) => /^\d\d-[\w-]+\.sql$/.test(name))
  .sort()
  .map((name) => {
    const sql = readFileSync(new URL(name, STEPS_DIR), 'utf8');
    return { name, sql, le: header(sql, 'le'), escreve: header(sql, 'escreve'), cria: created(sql) };
  });

/** Aspects a written table changes as a whole; tables absent here and not compared below change everything. */
const TABLE_ASPECTS: Readonly<Record<string, readonly string[]>> = {
  id_fonte: [],
  times: ['times'],
  jogadores: ['jogadores'],
  escalacoes: ['escalacoes'],
  escalacao_jogadores: ['escalacoes'],
  estatisticas: ['estatisticas'],
  ajustes_pontos: ['ajustes'],
};
/** A one-row SELECT without its final semicolon, so that it can stand as a subquery. */
const subquery = (url: URL): string => readSql(url).trim().replace(/;$/, '');
/** Tables whose rows are compared with what they were (upsert.sql saves the stored rows before writing). */
const COMPARED: Readonly<Record<string, string>> = {
  partidas: subquery(new URL('./sql/changed-partidas.sql', import.meta.url)),
  eventos: subquery(new URL('./sql/changed-eventos.sql', import.meta.url)),
};

/**
 * Recomputes the derived columns and tables of sql/schema.sql from the stored data, for the given
 * championships (all when omitted). Runs inside the caller's transaction. `escritas`: the tables the load
 * just wrote (the loader's `escritas`); then only the steps that read what they changed run, the others'
 * output being still right. Omitted: every step.
 */
export async function derive(
  conn: DuckDBConnection,
  campeonatoIds?: readonly number[],
  escritas?: readonly string[],
): Promise<void> {
  const changed = escritas === undefined ? null : await changedAspects(conn, escritas);
  const steps = neededSharedPieces(changed ? affectedSteps(changed) : STEPS);
  // A change no step reads (a live match's score) leaves nothing to do.
  if (steps.length === 0) return;
  // The championships to recompute, as the macro em_escopo(campeonato_id) every step filters on; defined in
  // the first step's run (one statement less to send).
  let scope = `${idSetMacro('em_escopo', campeonatoIds)}\n`;
  for (const step of steps) {
    try {
      await conn.run(`${scope}${step.sql}`);
      scope = '';
    } catch (error) {
      // Name the step: a DuckDB message alone does not say which of the files failed.
      throw new Error(`derive step ${step.name}: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  }
}

/**
 * The shared pieces (steps without `-- @le`) serve only the steps that name what they create: a change
 * no step reads skips them, and so does one whose steps read the stored tables alone (a live goal: top
 * scorers).
 */
function neededSharedPieces(steps: readonly Step[]): Step[] {
  const own = steps.filter((step) => step.le.length > 0);
  const named = (name: string): boolean => own.some((step) => new RegExp(`\\b${name}\\b`).test(step.sql));
  return steps.filter((step) => step.le.length > 0 || step.cria.some(named));
}

/** The steps that read one of the changed aspects, or what an earlier such step writes; shared pieces always. */
function affectedSteps(changed: Set<string>): Step[] {
  const steps: Step[] = [];
  for (const step of STEPS) {
    if (step.le.length > 0 && !step.le.some((a) => changed.has(a))) continue;
    steps.push(step);
    for (const a of step.escreve) changed.add(a);
  }
  return steps;
}

/** The aspects the written tables changed; null when one changes what no finer rule covers (all steps run). */
async function changedAspects(conn: DuckDBConnection, escritas: readonly string[]): Promise<Set<string> | null> {
  const changed = new Set<string>();
  const compares: string[] = [];
  for (const table of escritas) {
    const compare = COMPARED[table];
    const aspects = TABLE_ASPECTS[table];
    if (compare !== undefined) compares.push(compare);
    else if (aspects !== undefined) for (const a of aspects) changed.add(a);
    else return null;
  }
  if (compares.length > 0) {
    // One row of flags per comparison, side by side: one statement to plan instead of one per table.
    const sql = `SELECT * FROM ${compares.map((c, i) => `(\n${c}\n) AS c${i}`).join(', ')}`;
    const [row] = await queryRows<Record<string, boolean>>(conn, sql);
    for (const [aspect, yes] of Object.entries(row ?? {})) if (yes) changed.add(aspect);
  }
  return changed;
}
