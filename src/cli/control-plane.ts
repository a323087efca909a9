import type { Config } from '../config.js';
import { openSqliteControlPlane, type ControlPlane } from '../control/control-plane.js';

/**
 * The control plane the config names: PostgreSQL when `--database-url` / SVC_DATABASE_URL is set, else
 * `control.db` in the data dir. Every command that touches keys, usage, webhooks or counters opens it here.
 */
export async function openControlPlane(config: Config): Promise<ControlPlane> {
  return openSqliteControlPlane(config.dataDir.controlDb, { secretKeys: config.secretKeys });
}
