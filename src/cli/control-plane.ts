import { redactPassword, type Config } from '../config.js';
import { openSqliteControlPlane, type ControlPlane } from '../control/control-plane.js';
import { openPgControlPlane } from '../control/postgres/pg-control-plane.js';
import { openPgControl, type PgControl } from '../control/postgres/pg-control.js';
import { CliError } from './cli-error.js';
import { EXIT } from './exit-codes.js';

/**
 * The control plane the config names: PostgreSQL when `--database-url` / SVC_DATABASE_URL is set, else
 * `control.db` in the data dir. Every command that touches keys, usage, webhooks or counters opens it here.
 */
export async function openControlPlane(config: Config): Promise<ControlPlane> {
  if (config.databaseUrl === undefined)
    return openSqliteControlPlane(config.dataDir.controlDb, { secretKeys: config.secretKeys });
  const url = config.databaseUrl;
  return reachable(url, () => openPgControlPlane(url, { secretKeys: sharedKeys(config.secretKeys) }));
}

/** A PostgreSQL control plane for `svc db` (migrations, copy): a small pool, nothing else. */
export function openPgForMaintenance(url: string, keys: readonly Buffer[] | undefined): Promise<PgControl> {
  return reachable(url, () => openPgControl(url, { secretKeys: sharedKeys(keys), max: 2 }));
}

/** A PostgreSQL control plane can only seal webhook secrets with a key every node shares: the configured one. */
export function sharedKeys(keys: readonly Buffer[] | undefined): Buffer[] {
  if (!keys || keys.length === 0) {
    throw new CliError(
      'o plano de controle em PostgreSQL precisa de SVC_SECRET_KEY ou SVC_SECRET_KEY_FILE (a mesma chave em todos os nós)',
      EXIT.usage,
    );
  }
  return [...keys];
}

/** A server that cannot be reached (or refuses us) is one line naming it, password hidden. */
async function reachable<T>(url: string, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw new CliError(`PostgreSQL ${redactPassword(url)}: ${(err as Error).message}`, EXIT.unreachable);
  }
}
