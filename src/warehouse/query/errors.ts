// Apart from snapshot-query.ts so the CLI can map them to exit codes without loading DuckDB.

/** The snapshot named does not exist (or none is published yet when none is named). */
export class QuerySnapshotError extends Error {
  constructor(
    message: string,
    readonly missing: 'snapshot' | 'nenhum',
  ) {
    super(message);
    this.name = 'QuerySnapshotError';
  }
}

/** The SQL was refused (writes, several statements) or DuckDB rejected it (syntax, unknown table). */
export class QueryRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueryRejectedError';
  }
}
