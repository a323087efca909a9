/** Running `svc`: the real binary in a child process, or its runCli in this process. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { FIXTURES_NOW, REPO_ROOT } from './fixtures.js';
import { waitFor } from './wait.js';

export const SVC_BIN = path.join(REPO_ROOT, 'bin/svc');

/** `args` with `--now FIXTURES_NOW` added when they run `svc ingest` without a `--now` of their own. */
export function pinnedNow(args: readonly string[]): readonly string[] {
  const at = args.findIndex((a) => !a.startsWith('-'));
  if (args[at] !== 'ingest' || args.includes('--now')) return args;
  // Right after the command: the test's own arguments keep their order and their last word.
  return [...args.slice(0, at + 1), '--now', FIXTURES_NOW, ...args.slice(at + 1)];
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real `svc` binary, as a user would (`bin`: another install's, e.g. a newer release beside this one).
 * `fileSizeLimit` (bytes) runs it under `prlimit --fsize`: a write past it fails with EFBIG as on a full disk (node
 * ignores SIGXFSZ), with no root and no special file system.
 */
export function runSvc(
  args: readonly string[],
  opts: {
    env?: Record<string, string>;
    input?: string;
    cwd?: string;
    timeoutMs?: number;
    bin?: string;
    fileSizeLimit?: number;
    /** Node's own flags, before the script (e.g. an `--import` probe). */
    nodeFlags?: readonly string[];
  } = {},
): Promise<RunResult> {
  const argv = [...(opts.nodeFlags ?? []), opts.bin ?? SVC_BIN, ...pinnedNow(args)];
  return new Promise((resolve, reject) => {
    const child = spawn(
      opts.fileSizeLimit === undefined ? process.execPath : 'prlimit',
      opts.fileSizeLimit === undefined ? argv : [`--fsize=${opts.fileSizeLimit}`, '--', process.execPath, ...argv],
      {
        cwd: opts.cwd ?? REPO_ROOT,
        env: { ...process.env, NO_COLOR: '1', ...opts.env },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 120_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(opts.input ?? '');
  });
}

let inProcessRunning = false;

/**
 * Runs `svc` in this process (src/cli/main.ts's runCli), capturing what it prints: for the many bad-input
 * and output-shape cases, where a child process per case would only add its start-up. Use runSvc where the
 * process itself matters (signals, exit of a daemon, stdout closed early). Calls must not overlap.
 */
export async function runSvcInProcess(
  args: readonly string[],
  opts: { env?: Record<string, string | undefined> } = {},
): Promise<RunResult> {
  // Overlapping runs would mix their output and share one DuckDB publish engine: refuse instead.
  if (inProcessRunning)
    throw new Error('runSvcInProcess: another run is in progress in this process (use runSvc for parallel runs)');
  inProcessRunning = true;
  try {
    return await runInProcess(args, opts.env ?? {});
  } finally {
    inProcessRunning = false;
  }
}

async function runInProcess(args: readonly string[], env: Record<string, string | undefined>): Promise<RunResult> {
  const { runCli } = await import('../../src/cli/main.js');
  let stdout = '';
  let stderr = '';
  const writes = { out: process.stdout.write, err: process.stderr.write };
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const setEnv = (env: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(env)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  setEnv(env);
  // svc prints strings; node:test's own reports to its parent cross this same stdout as bytes, in flight meanwhile.
  const capture = (original: typeof process.stdout.write, append: (text: string) => void) =>
    function write(this: NodeJS.WriteStream, chunk: string | Uint8Array, ...rest: unknown[]): boolean {
      if (typeof chunk !== 'string') return (original as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
      append(chunk);
      return true;
    } as typeof process.stdout.write;
  process.stdout.write = capture(writes.out, (t) => (stdout += t));
  process.stderr.write = capture(writes.err, (t) => (stderr += t));
  try {
    return { code: await runCli(pinnedNow(args)), signal: null, stdout, stderr };
  } finally {
    process.stdout.write = writes.out;
    process.stderr.write = writes.err;
    setEnv(saved);
  }
}

/** A long-running `svc` process (daemon, listener) with its output collected as it comes. */
export class SvcProcess {
  stdout = '';
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;

  /** `bin`: another install's svc (a newer release beside this one); `nodeArgs`: node's own flags, before it. */
  constructor(
    args: readonly string[],
    env: Record<string, string> = {},
    bin = SVC_BIN,
    nodeArgs: readonly string[] = [],
  ) {
    this.child = spawn(process.execPath, [...nodeArgs, bin, ...args], {
      env: { ...process.env, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.setEncoding('utf8').on('data', (d: string) => (this.stdout += d));
    this.child.stderr?.setEncoding('utf8').on('data', (d: string) => (this.stderr += d));
    this.exited = new Promise((resolve) => this.child.on('exit', (code, signal) => resolve({ code, signal })));
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  /** Waits until stdout+stderr match `pattern`; returns the match. */
  async waitForOutput(pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> {
    let m: RegExpMatchArray | null = null;
    await waitFor(() => (m = (this.stdout + this.stderr).match(pattern)) !== null, `output ${pattern}`, timeoutMs);
    return m as unknown as RegExpMatchArray;
  }

  kill(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }
}

/**
 * `svc serve` (the real binary) on a free loopback port with JSON logs over `dataDir`, `extra` added; resolves once
 * it listens, with the URL it announced. Stop it with `server.kill` (and await `server.exited`).
 */
export async function startServeProcess(
  dataDir: string,
  extra: readonly string[] = [],
  env: Record<string, string> = {},
): Promise<{ server: SvcProcess; url: string }> {
  const server = new SvcProcess(
    ['serve', '--port', '0', '--host', '127.0.0.1', '--json', '--data-dir', dataDir, ...extra],
    env,
  );
  const [, url] = await Promise.race([
    server.waitForOutput(/"event":"ouvindo","url":"(http:\/\/[^"]+)"/),
    server.exited.then(({ code }) => {
      throw new Error(`svc serve exited (${code}) before listening: ${server.stderr}`);
    }),
  ]);
  return { server, url: url as string };
}
