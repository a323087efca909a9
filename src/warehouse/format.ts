/**
 * The snapshot format: bumped when sql/schema.sql changes incompatibly; recorded in each snapshot's snapshot_meta
 * and printed by `svc --version`. On its own so that `--version` loads no DuckDB.
 */
export const SNAPSHOT_FORMAT = '1';
