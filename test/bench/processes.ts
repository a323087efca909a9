/** Child processes of the benchmarks: servers started as users start them, stopped as supervisors stop them. */
import { spawn, type ChildProcess } from 'node:child_process';
import { REPO_ROOT } from '../kit/fixtures.js';

/**
 * Starts a child and waits for `ready` on stdout or stderr. `quietStdout` sends stdout (svc's access log) to
 * /dev/null, so draining it does not cost the load generator's process CPU.
 */
export function startChild(
  args: string[],
  ready: RegExp,
  quietStdout = false,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', quietStdout ? 'ignore' : 'pipe', 'pipe'],
  });
  let seen = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      seen += d.toString('utf8');
      const match = ready.exec(seen);
      if (match) resolve({ child, match });
    };
    child.stdout?.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${seen}`)));
  });
}

export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
