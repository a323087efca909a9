/** A real `svc serve` on port 0 over the demo fixtures, for the TUI tests and benchmark. */
import type { ChildProcess } from 'node:child_process';
import { tempDir } from '../kit/dirs.js';
import { createKey } from '../kit/keys.js';
import { copyDemoDataDir } from '../kit/ingest.js';
import { startServeProcess } from '../kit/svc.js';

export interface DemoServer {
  url: string;
  key: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A fresh data dir holding the demo fixtures (part of the repo; copyDemoDataDir), creates an enterprise key and starts `svc serve --port 0`. */
export async function startDemoServer(): Promise<DemoServer> {
  const { dir, cleanup } = tempDir('svc-tui-');
  try {
    await copyDemoDataDir(dir);
    const server = await startServe(dir);
    return {
      ...server,
      stop: async () => {
        await server.stop();
        cleanup();
      },
    };
  } catch (err) {
    cleanup();
    throw err;
  }
}

/** `svc serve --port 0` over a data dir that has a snapshot, with a new enterprise key; `stop` leaves the dir. */
export async function startServe(dataDir: string): Promise<DemoServer> {
  const key = await createKey(dataDir, 't', 'enterprise');
  const { server, url } = await startServeProcess(dataDir);
  return {
    url,
    key,
    dataDir,
    stop: async () => {
      server.kill('SIGTERM');
      await server.exited;
    },
  };
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
