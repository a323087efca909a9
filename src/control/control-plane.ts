import type { DeactivationPolicy } from '../domain/webhooks.js';
import { SqliteAccountsStore, type AccountsStore } from './accounts-store.js';
import type { Async } from './async-store.js';
import { countersOn, type Counters } from './counters.js';
import { openControlDb, type ControlDb } from './database.js';
import { dispatcherCursorOn, type DispatcherCursor } from './outbox-cursor.js';
import { sqliteSql, sql as sqlText, type ControlSql } from './sql/control-sql.js';
import { SqliteUsageStore, type UsageStore } from './usage-store.js';
import { openDeliveryQueue, type DeliveryQueue } from './webhooks/delivery-queue.js';
import { deliveryStats, type DeliveryStats } from './webhooks/delivery-stats.js';
import { openWebhookRegistry, type WebhookRegistry } from './webhooks/registry.js';

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
  readonly accounts: Async<AccountsStore>;
  readonly usage: Async<UsageStore>;
  readonly counters: Counters;
  readonly cursor: DispatcherCursor;
  readonly webhooks: Async<WebhookRegistry>;
  /** The dispatcher's queue, failures judged by `deactivation`; delivery ids random UUIDs unless a test fixes them. */
  deliveryQueue(deactivation: DeactivationPolicy, newId?: () => string): Async<DeliveryQueue>;
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

/**
 * A synchronous store answering through promises. SQLite calls are synchronous and quick; the callers await
 * them alike, so one code path serves both engines. A throw becomes a rejection, as a PostgreSQL error would.
 */
export function promised<T extends object>(store: T): Async<T> {
  const out: Record<string, unknown> = {};
  for (
    let proto = Object.getPrototypeOf(store);
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const fn = (store as Record<string, unknown>)[name];
      if (name === 'constructor' || name in out || typeof fn !== 'function') continue;
      out[name] = (...args: unknown[]) => promisedCall(fn as (...a: unknown[]) => unknown, store, args);
    }
  }
  return out as Async<T>;
}

function promisedCall(fn: (...a: unknown[]) => unknown, self: unknown, args: unknown[]): Promise<unknown> {
  try {
    return Promise.resolve(fn.apply(self, args));
  } catch (err) {
    return Promise.reject(err);
  }
}

/**
 * What differs by engine: the cluster-wide ingest lock, how it closes, whatever else it exposes (SQLite's handle,
 * PostgreSQL's pool) and, until each is written once over `ControlSql`, the stores.
 */
export type EngineParts = Omit<ControlPlane, 'engine' | 'sql' | 'counters' | 'cursor' | 'ping'>;

/** The one assembly: the stores over `sql`, and the engine's parts. */
export function controlPlaneOn<P extends EngineParts>(sql: ControlSql, parts: P): ControlPlane & P {
  return {
    engine: sql.engine,
    sql,
    counters: countersOn(sql.db),
    cursor: dispatcherCursorOn(sql.db, sql.engine),
    async ping() {
      await sqlText`SELECT 1`.execute(sql.db);
    },
    ...parts,
  };
}

/** The embedded control plane on an open `control.db` (`openControlDb`). */
export function sqliteControlPlane(db: ControlDb): ControlPlane & { readonly db: ControlDb } {
  return controlPlaneOn(sqliteSql(db), {
    db,
    accounts: promised(new SqliteAccountsStore(db)),
    usage: promised(new SqliteUsageStore(db)),
    webhooks: promised(openWebhookRegistry(db)),
    deliveryQueue: (deactivation, newId) => promised(openDeliveryQueue(db, deactivation, newId)),
    deliveryStats: async (now) => deliveryStats(db, now),
    // The data dir's file lock is the only one needed on one machine.
    tryIngestLock: async () => ({ release: async () => undefined }),
    async close() {
      db.close();
    },
  });
}

/** Opens the data dir's `control.db` (created and migrated when missing). */
export async function openSqliteControlPlane(
  file: string,
  o: { secretKeys?: readonly Buffer[] } = {},
): Promise<ControlPlane & { readonly db: ControlDb }> {
  return sqliteControlPlane(await openControlDb(file, o));
}
