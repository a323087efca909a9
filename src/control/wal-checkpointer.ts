import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { ControlDb } from './database.js';

/** How often the worker copies the WAL back into control.db (a PASSIVE checkpoint: it never waits for a lock). */
export const CHECKPOINT_EVERY_MS = 100;
/** SQLite's own cadence, put back when the worker is gone: a checkpoint by the committing connection every 1000 pages. */
const SQLITE_AUTOCHECKPOINT = 1000;

// The worker's whole program, run as CommonJS (`eval`): the same code from the sources and from dist/, no build entry.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpointer {
  /** The worker thread (tests end it to see the fallback). */
  readonly worker: Worker;
  /** Ends the worker; the handle checkpoints on its own commits again. */
  stop(): Promise<void>;
}

/**
 * Moves the control plane's checkpoints off the event loop of a long-lived process (`svc serve`, `svc webhooks run`):
 * a worker thread with its own connection checkpoints every CHECKPOINT_EVERY_MS, and `db` stops checkpointing at its
 * commits. SQLite's default checkpoint runs inside the COMMIT that crosses 1000 WAL pages and copies them all: two
 * thirds of the dispatcher's COMMIT time (~30 µs a delivery, issue #30) and a stall for every request on that loop.
 * If the worker ends for any reason, `db` checkpoints at its commits again: the WAL never grows unchecked.
 */
export function startWalCheckpointer(db: ControlDb, file: string): WalCheckpointer {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { driver: createRequire(import.meta.url).resolve('libsql'), file, everyMs: CHECKPOINT_EVERY_MS },
  });
  // A process that is done must not stay up for it.
  worker.unref();
  db.pragma('wal_autocheckpoint = 0');
  const restore = () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT}`);
  };
  const ended = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      restore();
      resolve();
    });
  });
  // An error ends the worker ('exit' follows); the handle's own checkpoints take over.
  worker.on('error', () => undefined);
  return {
    worker,
    async stop() {
      // Held until it has closed its connection: an unref'd worker alone would let the process end mid-close.
      worker.ref();
      worker.postMessage('stop');
      await ended;
    },
  };
}
