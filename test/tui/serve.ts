/** A real `svc serve` on port 0 over the demo fixtures, for the TUI tests and benchmark. */
import { spawn, type ChildProcess } from 'node:child_process';
import { tempDir } from '../kit/dirs.js';
import { DEMO_FIXTURES, REPO_ROOT } from '../kit/fixtures.js';
import { createKey } from '../kit/keys.js';
import { runSvcInProcess, SVC_BIN } from '../kit/svc.js';

export interface DemoServer {
  url: string;
  key: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Ingests the demo fixtures (part of the repo) into a fresh data dir, creates an enterprise key and starts `svc serve --port 0`. */
export async function startDemoServer(): Promise<DemoServer> {
  const { dir, cleanup } = tempDir('svc-tui-');
  try {
    const ingest = await runSvcInProcess(['ingest', DEMO_FIXTURES, '--data-dir', dir]);
    if (ingest.code !== 0) throw new Error(`svc ingest failed (${ingest.code}): ${ingest.stderr}`);
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
  const child = spawn(
    process.execPath,
    [SVC_BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  try {
    return { url: await boundUrl(child), key, dataDir, stop: () => stopProcess(child) };
  } catch (err) {
    await stopProcess(child);
    throw err;
  }
}

/** `svc serve` announces `ouvindo em http://host:port`; with port 0 only that line tells us the port. */
function boundUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const match = /ouvindo em https?:\/\/[\w.[\]:-]+:(\d+)/.exec(seen);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`svc serve exited (${code}) before listening: ${seen}`)));
  });
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
