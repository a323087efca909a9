import { accountsStoreOn } from '../../src/control/accounts-store.js';
import { sqliteSql } from '../../src/control/sql/control-sql.js';
import { sqliteControlPlane } from '../../src/control/control-plane.js';
import { openControlDb, type ControlDb } from '../../src/control/database.js';
import { startDispatcher, type Dispatcher, type DispatcherOptions } from '../../src/webhooks/dispatcher.js';
import type { DataDir } from '../../src/data-dir.js';
import { silentLog } from '../kit/log.js';
import { Receiver } from '../kit/receiver.js';
import { testDataDir, type TestDataDir } from '../kit/dirs.js';
import { startHarness } from '../kit/server.js';
import { assertWebhookOpenApi } from '../kit/openapi.js';

/** The delivery daemon of the tests: the data dir's SQLite control plane, loopback receivers, no mail, no log. */
export function startLocalDispatcher(
  dataDir: DataDir,
  db: ControlDb,
  o: Partial<DispatcherOptions> = {},
): Promise<Dispatcher> {
  return startDispatcher({
    dataDir,
    control: sqliteControlPlane(db),
    allowPrivateUrls: true,
    mailer: null,
    log: silentLog,
    ...o,
  });
}

/** The management API, the delivery daemon and a real receiver on one control plane, as a customer meets them. */
export interface DeliveryStack {
  dataDir: TestDataDir;
  db: ControlDb;
  conta: number;
  receiver: Receiver;
  /** The receiver's URL. */
  url: string;
  dispatcher: Dispatcher;
  /** Calls the API with the account's key; every answer is checked against the OpenAPI. */
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  stop(): Promise<void>;
}

/** Starts the stack for a pro account; `before` runs on its control plane first (limits, fixtures). */
export async function startDeliveryStack(o: {
  pollMs: number;
  before?: (db: ControlDb, conta: number) => void;
}): Promise<DeliveryStack> {
  const dataDir = testDataDir();
  const db = await openControlDb(dataDir.controlDb);
  const accounts = accountsStoreOn(sqliteSql(db));
  const conta = (await accounts.createAccount('acme', 'pro')).id;
  const { key } = await accounts.createKey(conta, null);
  o.before?.(db, conta);
  const api = await startHarness({ dir: dataDir.root, allowPrivateUrls: true });
  const receiver = new Receiver();
  const url = await receiver.start();
  const dispatcher = await startLocalDispatcher(dataDir, db, { pollMs: o.pollMs });
  return {
    dataDir,
    db,
    conta,
    receiver,
    url,
    dispatcher,
    async call(method, path, body) {
      const r = await api.sendJson(method, path, key, body);
      assertWebhookOpenApi(method, path, r.status, r.json);
      return { status: r.status, body: r.json };
    },
    async stop() {
      await dispatcher.stop();
      await receiver.stop();
      await api.stop();
      db.close();
      dataDir.cleanup();
    },
  };
}
