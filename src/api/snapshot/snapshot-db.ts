import {
  DuckDBInstance,
  type DuckDBConnection,
  type DuckDBPreparedStatement,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import type { DataDir } from '../../data-dir.js';
import { installResourceViews } from '../../warehouse/sql/resources/views.js';
import { snapshotFile } from '../../warehouse/snapshot-store.js';
import { sql } from './tables.js';

/**
 * One in-memory DuckDB instance per serving process, created on first use; each served snapshot is
 * ATTACHed to it read-only (a few ms, where creating an instance per snapshot cost 40–90 ms of every
 * swap). Small settings: it reads one championship at a time.
 */
let engine: Promise<DuckDBInstance> | null = null;
let aliases = 0;
/** Attached files, so a snapshot served again (a rollback) while still attached reuses its attachment. */
const attachedFiles = new Map<string, SnapshotDb>();

/** The serving engine's settings: its memory budget is what an ingest checks a snapshot against (servable.ts). */
export const SERVE_ENGINE_SETTINGS = { threads: '1', memory_limit: '64MB' } as const;

function serveEngine(): Promise<DuckDBInstance> {
  engine ??= DuckDBInstance.create(':memory:', SERVE_ENGINE_SETTINGS);
  return engine;
}

/**
 * One snapshot's DuckDB file, attached read-only while its snapshot is served or a request still reads
 * it: `retain`/`release` around each use; once `retire`d (a newer snapshot is current) the last release
 * detaches it. Queries run one at a time on its own connection, whose default database it is.
 */
export class SnapshotDb {
  private refs = 0;
  /** Served snapshots using it: one, or more when the same snapshot is served again or by another holder. */
  private serving = 1;
  private closed = false;
  private queue: Promise<unknown> = Promise.resolve();
  /**
   * Statements prepared on this connection, by text: parsed, bound and planned once (a partition's nine queries
   * over the resource views spent ~20 % of their time there), run with each request's values.
   */
  private readonly prepared = new Map<string, DuckDBPreparedStatement>();
  /** Set once the last user lets go; pending until then. */
  private detaching: Promise<void> = new Promise<never>(() => undefined);

  private constructor(
    private readonly file: string,
    private readonly alias: string,
    private readonly conn: DuckDBConnection,
  ) {}

  static async open(dataDir: DataDir, id: string): Promise<SnapshotDb> {
    const file = snapshotFile(dataDir, id);
    const attached = attachedFiles.get(file);
    if (attached && !attached.closed) {
      attached.serving++;
      return attached;
    }
    const db = await SnapshotDb.attach(await serveEngine(), file);
    attachedFiles.set(file, db);
    return db;
  }

  /** `file` attached read-only to `engine` on a connection of its own, with the views the API reads. */
  static async attach(engine: DuckDBInstance, file: string): Promise<SnapshotDb> {
    const alias = `servido_${++aliases}`;
    const conn = await engine.connect();
    try {
      await conn.run(`ATTACH '${file.replaceAll("'", "''")}' AS ${alias} (READ_ONLY); USE ${alias}`);
      await installResourceViews(conn);
      await coverOlderSchema(conn, alias);
      await conn.run(sql('serve-views'));
    } catch (err) {
      await conn.run(`DETACH DATABASE IF EXISTS ${alias}`).catch(() => undefined);
      conn.closeSync();
      throw err;
    }
    return new SnapshotDb(file, alias, conn);
  }

  /** Plain JS rows of one query, after the queries queued before it. */
  query<T>(text: string, values?: DuckDBValue[], types?: DuckDBType[]): Promise<T[]> {
    const run = this.queue.then(async () => {
      if (this.closed) throw new Error('snapshot já fechado');
      let statement = this.prepared.get(text);
      if (!statement) {
        statement = await this.conn.prepare(text);
        this.prepared.set(text, statement);
      }
      if (values) statement.bind(values, types);
      const reader = await statement.runAndReadAll();
      // JSON-compatible values convert several times faster than JS ones (40k players: ~0.15 s vs ~0.6 s).
      return reader.getRowObjectsJson() as unknown as T[];
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  retain(): void {
    this.refs++;
  }

  release(): void {
    this.refs--;
    this.closeIfUnused();
  }

  /** Its snapshot is no longer served: detach once no request reads it. */
  retire(): void {
    this.serving--;
    this.closeIfUnused();
  }

  /** Settles once the file is detached and its connection closed (after the last `retire`/`release`). */
  detached(): Promise<void> {
    return this.detaching;
  }

  private closeIfUnused(): void {
    if (this.serving > 0 || this.refs > 0 || this.closed) return;
    this.closed = true;
    if (attachedFiles.get(this.file) === this) attachedFiles.delete(this.file);
    this.detaching = this.queue.then(async () => {
      await this.conn.run(`USE memory; DETACH DATABASE ${this.alias}`).catch(() => undefined);
      this.conn.closeSync();
    });
  }
}

/**
 * A snapshot published by an earlier schema (the next ingest upgrades it: schema-upgrade.ts) is served
 * meanwhile, as after upgrading svc or a rollback, through TEMP twins that shadow what it lacks: no
 * `times_apelidos` (team aliases) → none; no `pessoas` → each player record its own person; no points
 * adjustments → standings without `ajustes` and championships without `atualizado_em`.
 */
async function coverOlderSchema(conn: DuckDBConnection, alias: string): Promise<void> {
  const tables = new Set(
    (
      await conn.runAndReadAll(
        "SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() AND table_name IN ('times_apelidos', 'pessoas', 'ajustes_pontos')",
      )
    )
      .getRowObjectsJson()
      .map((r) => r.table_name),
  );
  if (!tables.has('times_apelidos'))
    await conn.run('CREATE OR REPLACE TEMP TABLE times_apelidos (time_id INTEGER, apelido VARCHAR, fonte VARCHAR)');
  if (!tables.has('pessoas'))
    await conn.run(`CREATE OR REPLACE TEMP TABLE pessoas AS
      SELECT id, time_id, posicao, numero_camisa, [id] AS registros,
             CASE WHEN time_id IS NULL THEN []::INTEGER[] ELSE [time_id] END AS clubes, [nome] AS grafias
      FROM jogadores`);
  if (!tables.has('ajustes_pontos'))
    await conn.run(`CREATE OR REPLACE TEMP VIEW classificacao AS SELECT *, NULL::VARCHAR AS ajustes FROM ${alias}.main.classificacao;
      CREATE OR REPLACE TEMP VIEW campeonatos AS SELECT *, NULL::VARCHAR AS atualizado_em FROM ${alias}.main.campeonatos;`);
}
