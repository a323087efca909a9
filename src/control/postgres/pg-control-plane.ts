import { controlPlaneOn, type ClusterLock, type ControlPlane } from '../control-plane.js';
import { openPgControl, type PgControl, type PgControlOptions } from './pg-control.js';

/** Key of the session advisory lock an ingest holds cluster-wide (besides the data dir's file lock). */
const INGEST_LOCK = 0x73766302;

/** The control plane on PostgreSQL: several API nodes, workers and one ingest host share it. */
export function pgControlPlane(control: PgControl): ControlPlane & { readonly pg: PgControl } {
  const { pool } = control;
  return controlPlaneOn(control.sql, control.box, {
    pg: control,
    async tryIngestLock(): Promise<ClusterLock | null> {
      // A session lock on a connection of its own: it ends with the holder's connection, so a killed ingest
      // never leaves it behind.
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [INGEST_LOCK]);
        if (!rows[0]?.ok) {
          client.release();
          return null;
        }
      } catch (err) {
        client.release(err as Error);
        throw err;
      }
      return {
        async release() {
          try {
            await client.query('SELECT pg_advisory_unlock($1)', [INGEST_LOCK]);
            client.release();
          } catch (err) {
            client.release(err as Error);
          }
        },
      };
    },
    close: () => control.close(),
  });
}

/** Connects, migrates (under an advisory lock) and assembles the stores. */
export async function openPgControlPlane(
  url: string,
  o: PgControlOptions,
): Promise<ControlPlane & { readonly pg: PgControl }> {
  return pgControlPlane(await openPgControl(url, o));
}
