import { openSqliteControlPlane } from '../../src/control/control-plane.js';
import { ingest, type IngestInputs, type IngestSummary } from '../../src/warehouse/ingest.js';

/** A publishing `ingest()` over the data dir's own control.db, opened and closed around it as `svc ingest` does. */
export async function ingestSqlite(options: IngestInputs): Promise<IngestSummary> {
  const control = openSqliteControlPlane(options.dataDir.controlDb);
  try {
    return await ingest({ ...options, control });
  } finally {
    await control.close();
  }
}
