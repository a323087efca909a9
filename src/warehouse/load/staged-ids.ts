import { idSetMacro } from '../duckdb-util.js';

/** Most ids a staged-ids macro lists as literals; a larger stage is tested against its TEMP table. */
const LITERAL_IDS = 1000;

/**
 * SQL that defines `em_stage_<table>(id)`: true for the ids staged for `table` (upsert.sql and the
 * changed-*.sql comparisons use it), so each scan of the stored table reads only those rows; a semi-join
 * on the stage table read every row (a live update: ~1–3 ms a statement).
 */
export function stagedIdsMacro(table: string, ids: readonly number[]): string {
  return idSetMacro(`em_stage_${table}`, ids.length <= LITERAL_IDS ? ids : `SELECT s.id FROM stage_${table} s`);
}
