import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance, StatementType, type DuckDBConnection } from '@duckdb/node-api';
import type { DataDir } from '../../data-dir.js';
import { installResourceViews } from '../sql/resources/views.js';
import { readCurrentId, readManifest, snapshotFile, type SnapshotManifest } from '../snapshot-store.js';
import { QueryRejectedError, QuerySnapshotError } from './errors.js';

export interface QuerySnapshot {
  id: string;
  manifest: SnapshotManifest;
  conn: DuckDBConnection;
  close(): void;
}

/**
 * Opens a published snapshot for data engineers' SQL: READ_ONLY, the resource views installed, and no
 * file access beyond `writablePaths` (the `--output`/export targets), locked so SQL cannot turn it back on.
 */
export async function openQuerySnapshot(
  dataDir: DataDir,
  id: string | null,
  writablePaths: readonly string[] = [],
): Promise<QuerySnapshot> {
  const snapshotId = id ?? readCurrentId(dataDir);
  if (snapshotId === null) throw new QuerySnapshotError('nenhum snapshot publicado ainda (rode svc ingest)', 'nenhum');
  const manifest = readManifest(dataDir, snapshotId);
  if (manifest === null) throw new QuerySnapshotError(`snapshot ${snapshotId} não encontrado`, 'snapshot');
  const instance = await DuckDBInstance.create(snapshotFile(dataDir, snapshotId), { access_mode: 'READ_ONLY' });
  const conn = await instance.connect();
  try {
    await installResourceViews(conn);
    const allowed = writablePaths.map(pathLiteral).join(', ');
    await conn.run(
      `SET allowed_paths = [${allowed}]; SET enable_external_access = false; SET lock_configuration = true;`,
    );
  } catch (err) {
    conn.closeSync();
    instance.closeSync();
    throw err;
  }
  return {
    id: snapshotId,
    manifest,
    conn,
    close() {
      conn.closeSync();
      instance.closeSync();
    },
  };
}

/**
 * Checks that `sql` is one read-only statement (a SELECT, a table expression, or EXPLAIN) and returns it
 * without a trailing semicolon, ready to be wrapped in `COPY (…) TO`. DuckDB's own parser decides, not a regex.
 */
async function readOnlyStatement(conn: DuckDBConnection, sql: string): Promise<string> {
  let type: StatementType;
  try {
    const statements = await conn.extractStatements(sql);
    if (statements.count !== 1)
      throw new QueryRejectedError(`informe exatamente uma consulta SQL (recebidas ${statements.count})`);
    type = (await statements.prepare(0)).statementType;
  } catch (err) {
    if (err instanceof QueryRejectedError) throw err;
    throw new QueryRejectedError(firstLine(err));
  }
  if (type !== StatementType.SELECT && type !== StatementType.EXPLAIN)
    throw new QueryRejectedError(
      `só consultas de leitura (SELECT) são aceitas; recebido ${StatementType[type] ?? type}`,
    );
  return sql.trim().replace(/;\s*$/, '');
}

export interface QueryRows {
  colunas: string[];
  linhas: unknown[][];
}

/** Runs a checked statement; 64-bit integers become numbers when exact (else text), so rows print as JSON. */
async function runQuery(conn: DuckDBConnection, statement: string): Promise<QueryRows> {
  try {
    const reader = await conn.runAndReadAll(statement);
    return { colunas: reader.columnNames(), linhas: reader.getRowsJS().map((row) => row.map(plainValue)) };
  } catch (err) {
    throw new QueryRejectedError(firstLine(err));
  }
}

function plainValue(value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
  if (Array.isArray(value)) return value.map(plainValue);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainValue(v)]));
  return value;
}

export type CopyFormat = 'csv' | 'json' | 'parquet';

/** DuckDB's `COPY … TO` options per output format (JSON: one array, as the stdout output). */
const COPY_OPTIONS: Record<CopyFormat, string> = {
  csv: 'FORMAT csv, HEADER true',
  json: 'FORMAT json, ARRAY true',
  parquet: 'FORMAT parquet, COMPRESSION zstd',
};

/** SQL text for a path literal. */
export function pathLiteral(file: string): string {
  return `'${file.replaceAll("'", "''")}'`;
}

/** `COPY (statement) TO file`; resolves with the rows written. */
export async function copyTo(
  conn: DuckDBConnection,
  statement: string,
  file: string,
  format: CopyFormat,
): Promise<number> {
  try {
    // On lines of its own: a statement ending in a `--` comment must not swallow the closing parenthesis.
    const result = await conn.run(`COPY (\n${statement}\n) TO ${pathLiteral(file)} (${COPY_OPTIONS[format]})`);
    return Number(result.rowsChanged);
  } catch (err) {
    throw new QueryRejectedError(firstLine(err));
  }
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
}

export type QueryFormat = 'table' | CopyFormat;

export interface SnapshotQueryRequest {
  dataDir: DataDir;
  /** null: the current snapshot. */
  snapshotId: string | null;
  sql: string;
  format: QueryFormat;
  /** Where COPY writes (csv, json, parquet); absent: rows (table) or text (csv, json) are returned. */
  output?: string;
  /** Rows returned even for csv/json (the CLI's --json line). */
  rows?: boolean;
}

export type SnapshotQueryResult = { snapshotId: string } & (
  | { kind: 'rows'; rows: QueryRows }
  | { kind: 'text'; text: string; linhas: number }
  | { kind: 'file'; arquivo: string; linhas: number }
);

/**
 * `svc query`: one read-only statement over a snapshot. Files and stdout text go through DuckDB's `COPY`, so
 * csv and json read the same either way; stdout text passes through a temp file, the only other path allowed.
 */
export async function querySnapshot(req: SnapshotQueryRequest): Promise<SnapshotQueryResult> {
  const scratch = req.output === undefined && req.format !== 'table' && !req.rows ? scratchFile(req.format) : null;
  const target = req.output ?? scratch?.file;
  const snapshot = await openQuerySnapshot(req.dataDir, req.snapshotId, target === undefined ? [] : [target]);
  try {
    const statement = await readOnlyStatement(snapshot.conn, req.sql);
    if (target === undefined || req.format === 'table')
      return { snapshotId: snapshot.id, kind: 'rows', rows: await runQuery(snapshot.conn, statement) };
    const linhas = await copyTo(snapshot.conn, statement, target, req.format);
    if (scratch === null) return { snapshotId: snapshot.id, kind: 'file', arquivo: target, linhas };
    return { snapshotId: snapshot.id, kind: 'text', text: readFileSync(target, 'utf8'), linhas };
  } finally {
    snapshot.close();
    scratch?.remove();
  }
}

function scratchFile(format: CopyFormat): { file: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-query-'));
  return { file: path.join(dir, `resultado.${format}`), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
