import { idList } from '../duckdb-util.js';

/** Most ids a staged-ids macro lists as literals; a larger stage is tested against its TEMP table. */
const LITERAL_IDS = 1000;

/**
 * SQL that defines `em_stage_<table>(id)`: true for the ids staged for `table` (upsert.sql and the
 * changed-*.sql comparisons use it). As literal ids (our own integers) DuckDB pushes the test into each
 * scan of the stored table, which then reads only those rows; a semi-join on the stage table read every
 * row (a live update: ~1–3 ms a statement).
 */
export function stagedIdsMacro(table: string, ids: readonly number[]): string {
  // The parameter's name is no column's: inside the subquery, a parameter named `id` would shadow stage_*.id.
  const test = ids.length <= LITERAL_IDS ? `id_testado IN (${idList(ids)})` : `id_testado IN (SELECT s.id FROM stage_${table} s)`;
  return `CREATE OR REPLACE TEMP MACRO em_stage_${table}(id_testado) AS ${test};`;
}
