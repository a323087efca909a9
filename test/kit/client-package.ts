import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './fixtures.js';

const CLIENT_DIR = path.join(REPO_ROOT, 'clients/typescript');

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end; `onLine` sees stdout line by line as it comes; `env` is added to this process's. */
export function run(
  cmd: string,
  args: readonly string[],
  cwd: string,
  onLine?: (line: string) => void,
  env?: Record<string, string>,
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    let partial = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      const lines = (partial + d).split('\n');
      partial = lines.pop() ?? '';
      for (const l of lines) onLine?.(l);
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * What npm needs to reach a registry from this machine: the CA bundle the suite runs without
 * (scripts/test-suite.mjs), given back to the commands that may go out.
 */
const REGISTRY_ENV: Record<string, string> =
  process.env.SVC_TEST_EXTRA_CA_CERTS === undefined ? {} : { NODE_EXTRA_CA_CERTS: process.env.SVC_TEST_EXTRA_CA_CERTS };

export interface InstalledClient {
  /** The files the tarball holds. */
  files: string[];
  /** A customer's project (`package.json`, `node_modules/@svc/client` from the tarball). */
  project: string;
}

/**
 * The client as a customer gets it: `npm pack` of clients/typescript (its prepack builds JS and .d.ts) into `dir`,
 * then `npm install` of that tarball in a new project under `dir` (outside the repository). The pack runs on a copy
 * of the sources, so tests packing at the same time do not build into one `dist/`.
 */
export async function installPackedClient(dir: string): Promise<InstalledClient> {
  const source = path.join(dir, 'client-source');
  cpSync(CLIENT_DIR, source, { recursive: true, filter: (f) => !f.startsWith(path.join(CLIENT_DIR, 'dist')) });
  // The build's compiler and the types it needs (openapi-fetch, node) are the repository's.
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(source, 'node_modules'));
  const packed = await run('npm', ['pack', '--json', '--pack-destination', dir], source, undefined, REGISTRY_ENV);
  assert.equal(packed.code, 0, packed.stderr);
  const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as {
    filename: string;
    files: { path: string }[];
  }[];
  const project = path.join(dir, 'cliente');
  mkdirSync(project);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'cliente', private: true, type: 'module' }));
  const installed = await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', path.join(dir, info!.filename)],
    project,
    undefined,
    REGISTRY_ENV,
  );
  assert.equal(installed.code, 0, installed.stderr);
  return { files: info!.files.map((f) => f.path).sort(), project };
}
