import { DuckDBInstance, type DuckDBConnection, type DuckDBValue, type DuckDBType } from '@duckdb/node-api';
import type { DataDir } from '../../data-dir.js';
import { installResourceViews } from '../../warehouse/sql/resources/views.js';
import { snapshotFile } from '../../warehouse/snapshot-store.js';
import { sql } from './tables.js';

/** DuckDB settings of the serving instance: it reads one championship at a time, small and short. */
const SERVE_DUCKDB = { access_mode: 'READ_ONLY', threads: '1', memory_limit: '128MB' } as const;

/**
 * One snapshot's DuckDB file, open read-only while its snapshot is served or a request still reads it:
 * `retain`/`release` around each use; after `retire` (a newer snapshot is current) the last release closes
 * it. Queries run one at a time on its one connection.
 */
export class SnapshotDb {
  private refs = 0;
  private retired = false;
  private closed = false;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(private readonly instance: DuckDBInstance, private readonly conn: DuckDBConnection) {}

  static async open(dataDir: DataDir, id: string): Promise<SnapshotDb> {
    const instance = await DuckDBInstance.create(snapshotFile(dataDir, id), SERVE_DUCKDB);
    try {
      const conn = await instance.connect();
      await installResourceViews(conn);
      await conn.run(sql('serve-views'));
      return new SnapshotDb(instance, conn);
    } catch (err) {
      instance.closeSync();
      throw err;
    }
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Plain JS rows of one query, after the queries queued before it. */
  query<T>(sql: string, values?: DuckDBValue[], types?: DuckDBType[]): Promise<T[]> {
    const run = this.queue.then(async () => {
      if (this.closed) throw new Error('snapshot fechado');
      const reader = await this.conn.runAndReadAll(sql, values, types);
      return reader.getRowObjectsJS() as unknown as T[];
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

  retire(): void {
    this.retired = true;
    this.closeIfUnused();
  }

  private closeIfUnused(): void {
    if (!this.retired || this.refs > 0 || this.closed) return;
    this.closed = true;
    // After the queued queries (none, since nothing holds it): close off the request path.
    void this.queue.then(() => {
      this.conn.closeSync();
      this.instance.closeSync();
    });
  }
}
