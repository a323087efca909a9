import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SVC_BIN = path.join(REPO_ROOT, 'bin/svc');
/** Real public data (read-only, never copied into the repo); absent on a user's clone. */
export const SHARED_DATA = path.resolve(REPO_ROOT, '../shared/data');

/**
 * The skip reason for tests that need `dir` of the shared data (false when it is there). Where the data must be
 * there (`SVC_REQUIRE_SHARED_DATA=1`, set by .ci/run) its absence throws instead: a CI run that silently skipped
 * every real-data test would pass without testing them.
 */
export function sharedDataSkip(dir: string = SHARED_DATA): string | false {
  if (existsSync(dir)) return false;
  if (process.env.SVC_REQUIRE_SHARED_DATA === '1') throw new Error(`dados reais ausentes em ${dir} (SVC_REQUIRE_SHARED_DATA=1)`);
  return `dados reais ausentes em ${dir}; testes com dados reais pulados`;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the real `svc` binary, as a user would. */
export function runSvc(
  args: readonly string[],
  opts: { env?: Record<string, string>; input?: string; cwd?: string; timeoutMs?: number } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SVC_BIN, ...args], {
      cwd: opts.cwd ?? REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1', ...opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
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

/** A fresh temp data dir per test; removed by the returned cleanup. */
export function tempDir(prefix = 'svc-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
