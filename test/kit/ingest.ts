import { openSqliteControlPlane } from '../../src/control/control-plane.js';
import { ingest, type IngestInputs, type IngestSummary } from '../../src/warehouse/ingest.js';
import { FIXTURES_NOW } from './cli.js';

/**
 * A publishing `ingest()` over the data dir's own control.db, opened and closed around it as `svc ingest` does;
 * centred on the fixtures' moment unless `now` is given (as every test ingest: see FIXTURES_NOW).
 */
export async function ingestSqlite(options: IngestInputs): Promise<IngestSummary> {
  const control = openSqliteControlPlane(options.dataDir.controlDb);
  try {
    return await ingest({ now: new Date(FIXTURES_NOW), ...options, control });
  } finally {
    await control.close();
  }
}
