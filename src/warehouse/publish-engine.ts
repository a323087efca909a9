import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';

/**
 * The DuckDB engine that writes snapshots: one in-memory instance per process, created on first use (or
 * early, by `warmPublishEngine`), into which each publish ATTACHes its own temp file. Creating an instance
 * costs ~15 ms of catalog set-up and destroying one ~9 ms; attaching and detaching a file, ~7 ms. So the
 * `svc ingest` process starts creating it while it reads its inputs, and a process that publishes again
 * (a long-lived caller of ingest()) pays for it once. After DETACH the engine holds no file.
 * checkpoint_threshold 0: the COMMIT checkpoints into the file (a published snapshot is one file, no WAL).
 */
let engine: Promise<DuckDBInstance> | null = null;
let attached = 0;

async function createEngine(): Promise<DuckDBInstance> {
  const instance = await DuckDBInstance.create(':memory:', { checkpoint_threshold: '0b' });
  const conn = await instance.connect();
  try {
    // Without this the COMMIT first writes and fsyncs (twice) a WAL that its checkpoint then deletes. The
    // temp file is private to its run: one that dies mid-commit leaves a leftover, never a snapshot.
    await conn.run('SET auto_checkpoint_skip_wal_threshold = 0');
  } finally {
    conn.closeSync();
  }
  return instance;
}

/** Starts creating the engine now, in the background; errors surface at the first publish. */
export function warmPublishEngine(): void {
  void publishEngine().catch(() => undefined);
}

function publishEngine(): Promise<DuckDBInstance> {
  if (engine === null) {
    engine = createEngine();
    // A failed creation is not kept: the next publish tries again (and reports its own error).
    engine.catch(() => {
      engine = null;
    });
  }
  return engine;
}

/**
 * Destroys the engine (the next publish creates another), for a long-lived process that has published
 * what it had to publish: `svc demo` keeps serving after its one ingest. Call with no publish under way.
 */
export async function closePublishEngine(): Promise<void> {
  const current = engine;
  engine = null;
  const instance = await current?.catch(() => null);
  instance?.closeSync();
}

/** A snapshot file opened to be written and published; `close` (DETACH) is idempotent. */
export interface PublishConnection {
  conn: DuckDBConnection;
  close(): Promise<void>;
}

/**
 * Opens a (temp) snapshot file the way a publish writes it: attached to the engine and made the default
 * database of a fresh connection (TEMP objects live and die with it). `update` (on top of a snapshot) is
 * small work: one thread spends nothing on handing it between threads, which on a busy shared box is most
 * of its cost; the first build keeps every thread. Also used by the ingest benchmark's engine floor, so
 * that both measure the same engine settings.
 */
export async function openForPublish(file: string, update: boolean): Promise<PublishConnection> {
  const instance = await publishEngine();
  const conn = await instance.connect();
  const alias = `publicacao_${++attached}`;
  let state: 'open' | 'attached' | 'closed' = 'open';
  const close = async (): Promise<void> => {
    if (state === 'closed') return;
    const wasAttached = state === 'attached';
    state = 'closed';
    const detach = `USE memory; DETACH ${alias}`;
    try {
      // A failed publish may leave its transaction open, which DETACH refuses: roll it back, then detach.
      if (wasAttached) await conn.run(detach).catch(() => conn.run(`ROLLBACK; ${detach}`));
    } finally {
      conn.closeSync();
    }
  };
  try {
    await conn.run(`ATTACH '${file.replaceAll("'", "''")}' AS ${alias}`);
    state = 'attached';
    await conn.run(`USE ${alias}; ${update ? 'SET threads = 1' : 'RESET threads'}`);
  } catch (err) {
    await close();
    throw err;
  }
  return { conn, close };
}
