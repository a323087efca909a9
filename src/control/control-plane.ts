import type { DeactivationPolicy } from '../domain/webhooks.js';
import { accountsStoreOn, type AccountsStore } from './accounts-store.js';
import { countersOn, type Counters } from './counters.js';
import { openControlDb, secretBoxOf, type ControlDb } from './database.js';
import { dispatcherCursorOn, type DispatcherCursor } from './outbox-cursor.js';
import type { SecretBox } from './secret-box.js';
import { sqliteSql, sql as sqlText, type ControlSql } from './sql/control-sql.js';
import { usageStoreOn, type UsageStore } from './usage-store.js';
import { deliveryQueueOn, type DeliveryQueue } from './webhooks/delivery-queue.js';
import { deliveryStatsOn, type DeliveryStats } from './webhooks/delivery-stats.js';
import { webhookRegistryOn, type WebhookRegistry } from './webhooks/registry.js';
import { startWalCheckpointer } from './wal-checkpointer.js';

/** Held while an ingest publishes; `release` lets the next one in. */
export interface ClusterLock {
  release(): Promise<void>;
}

/**
 * Everything the toolkit keeps besides the snapshots (keys, plans, quotas, usage, webhooks, deliveries,
 * counters), behind one asynchronous interface with two engines: SQLite in the data dir (the embedded
 * default, one machine) and PostgreSQL (several nodes). Callers hold a ControlPlane and never know which.
 */
export interface ControlPlane {
  readonly engine: 'sqlite' | 'postgres';
  /** The control plane's SQL, for the stores (one implementation each over both engines). */
  readonly sql: ControlSql;
  readonly accounts: AccountsStore;
  readonly usage: UsageStore;
  readonly counters: Counters;
  readonly cursor: DispatcherCursor;
  readonly webhooks: WebhookRegistry;
  /** The dispatcher's queue, failures judged by `deactivation`; delivery ids random UUIDs unless a test fixes them. */
  deliveryQueue(deactivation: DeactivationPolicy, newId?: () => string): DeliveryQueue;
  /** The delivery queue as operators watch it (`GET /metrics`). */
  deliveryStats(now: number): Promise<DeliveryStats>;
  /** One round trip to the engine (`GET /v1/status`). */
  ping(): Promise<void>;
  /**
   * Takes the cluster-wide ingest lock, or null when another ingest holds it. SQLite: always granted (the
   * data dir's file lock is the only one needed on one machine).
   */
  tryIngestLock(): Promise<ClusterLock | null>;
  close(): Promise<void>;
}

/** Socket errors and PostgreSQL's connection-exception (08…) and shutdown/starting-up (57P0…) SQLSTATEs. */
const UNREACHABLE = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE|08\w{3}|57P0\d)$/;

/**
 * Whether an error means the control plane could not be reached (a server restarting, a network cut), as
 * opposed to a bug: callers answer "try again" instead of "internal error".
 */
export function controlPlaneUnreachable(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
  return (
    UNREACHABLE.test(code) ||
    (err instanceof Error &&
      /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable/.test(
        err.message,
      ))
  );
}

/** SQLite's "database or disk is full" and PostgreSQL's disk_full (53100). */
const FULL = /^(SQLITE_FULL|53100)$/;

/**
 * Whether an error means the control plane cannot write for want of disk space: not a bug in the request,
 * and it lasts until an operator frees space, so callers answer "try again later" and log it as an error.
 */
export function controlPlaneFull(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && FULL.test(String((err as { code: unknown }).code));
}

/** What differs by engine: the cluster-wide ingest lock, how it closes, and the handle it exposes (SQLite's, PostgreSQL's pool). */
export type EngineParts = Pick<ControlPlane, 'tryIngestLock' | 'close'>;

/** The one assembly: every store written once over `sql`, webhook secrets sealed by `box`, and the engine's parts. */
export function controlPlaneOn<P extends EngineParts>(sql: ControlSql, box: SecretBox, parts: P): ControlPlane & P {
  return {
    engine: sql.engine,
    sql,
    accounts: accountsStoreOn(sql),
    usage: usageStoreOn(sql),
    counters: countersOn(sql.db),
    cursor: dispatcherCursorOn(sql.db, sql.engine),
    webhooks: webhookRegistryOn(sql, box),
    deliveryQueue: (deactivation, newId) => deliveryQueueOn(sql, box, deactivation, newId),
    deliveryStats: (now) => deliveryStatsOn(sql.db, now),
    async ping() {
      await sqlText`SELECT 1`.execute(sql.db);
    },
    ...parts,
  };
}

/** The embedded control plane on an open `control.db` (`openControlDb`). */
export function sqliteControlPlane(db: ControlDb): ControlPlane & { readonly db: ControlDb } {
  return controlPlaneOn(sqliteSql(db), secretBoxOf(db), {
    db,
    // The data dir's file lock is the only one needed on one machine.
    tryIngestLock: async () => ({ release: async () => undefined }),
    async close() {
      db.close();
    },
  });
}

/**
 * Opens the data dir's `control.db` (created and migrated when missing). `serving`: a long-lived process (the API,
 * the dispatcher), whose checkpoints a worker thread makes off its event loop until it closes (wal-checkpointer.ts).
 */
export async function openSqliteControlPlane(
  file: string,
  o: { secretKeys?: readonly Buffer[]; serving?: boolean } = {},
): Promise<ControlPlane & { readonly db: ControlDb }> {
  const control = sqliteControlPlane(await openControlDb(file, o));
  if (!o.serving) return control;
  const checkpointer = startWalCheckpointer(control.db, file);
  return {
    ...control,
    async close() {
      await checkpointer.stop();
      await control.close();
    },
  };
}
