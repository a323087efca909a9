import { redactPassword, type Config } from '../config.js';
import { openSqliteControlPlane, type ControlPlane } from '../control/control-plane.js';
import type { PgControl } from '../control/postgres/pg-control.js';
import { ControlSchemaNewerError, MigrationChangedError } from '../control/schema-version.js';
import { SecretKeyMismatchError } from '../control/secret-box.js';
import { CliError } from './cli-error.js';
import { EXIT } from './exit-codes.js';

/**
 * The control plane the config names: PostgreSQL when `--database-url` / SVC_DATABASE_URL is set, else
 * `control.db` in the data dir. Every command that touches keys, usage, webhooks or counters opens it here;
 * `serving`: the command serves until stopped (`svc serve`, `svc demo`, `svc webhooks run`).
 */
export async function openControlPlane(config: Config, o: { serving?: boolean } = {}): Promise<ControlPlane> {
  if (config.databaseUrl === undefined) {
    const { secretKey } = config;
    return keyChecked(async () =>
      openSqliteControlPlane(config.dataDir.controlDb, { secretKeys: secretKey && [secretKey], serving: o.serving }),
    );
  }
  const url = config.databaseUrl;
  // Loaded only here: the pg driver costs a SQLite deployment ~50 ms of every cron `svc ingest`.
  const { openPgControlPlane } = await import('../control/postgres/pg-control-plane.js');
  return reachable(url, () => openPgControlPlane(url, { secretKeys: [sharedKey(config.secretKey)] }));
}

/** A PostgreSQL control plane for `svc db` (migrations, copy): a small pool, nothing else. */
export async function openPgForMaintenance(url: string, key: Buffer | undefined): Promise<PgControl> {
  const { openPgControl } = await import('../control/postgres/pg-control.js');
  return reachable(url, () => openPgControl(url, { secretKeys: [sharedKey(key)], max: 2 }));
}

/** A PostgreSQL control plane can only seal webhook secrets with a key every node shares: the configured one. */
export function sharedKey(key: Buffer | undefined): Buffer {
  if (!key) {
    throw new CliError(
      'o plano de controle em PostgreSQL precisa de SVC_SECRET_KEY ou SVC_SECRET_KEY_FILE (a mesma chave em todos os nós)',
      EXIT.usage,
    );
  }
  return key;
}

/**
 * Opening a control plane is refused before anything is sealed or changed when the key is not the one its secrets
 * are sealed under (a setting to fix, exit 2), or when a newer svc migrated it (this binary is behind, exit 7).
 */
export async function keyChecked<T>(open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (err) {
    if (err instanceof SecretKeyMismatchError) throw new CliError(err.message, EXIT.usage);
    if (err instanceof ControlSchemaNewerError || err instanceof MigrationChangedError)
      throw new CliError(err.message, EXIT.notReady);
    throw err;
  }
}

/** A server that cannot be reached (or refuses us) is one line naming it, password hidden. */
export function reachable<T>(url: string, open: () => Promise<T>): Promise<T> {
  return keyChecked(async () => {
    try {
      return await open();
    } catch (err) {
      if (
        err instanceof CliError ||
        err instanceof SecretKeyMismatchError ||
        err instanceof ControlSchemaNewerError ||
        err instanceof MigrationChangedError
      )
        throw err;
      throw new CliError(`PostgreSQL ${redactPassword(url)}: ${(err as Error).message}`, EXIT.unreachable);
    }
  });
}
