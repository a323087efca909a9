import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { settingsEnvironment } from '../../config.js';
import type { DataDir } from '../../data-dir.js';
import { SVC_VERSION } from '../version.js';

/**
 * The resident ingester (`svc ingest --resident`) and the `svc ingest` processes that hand it their step talk over a
 * Unix socket in the data dir, one JSON object per line: the client sends one `StepRequest`, the resident answers
 * with the step's output as it is written, then its exit code — or refuses at once, and the client runs the step
 * itself. docs/decisions/feeds-and-ingest.md says why it exists.
 */
export const PROTOCOL = 'svc-ingest-residente/1';

export interface StepRequest {
  protocolo: typeof PROTOCOL;
  /** The client's build: a resident of another build (an upgrade not yet restarted) refuses. */
  build: string;
  /** What of the client's environment svc reads (environmentDigest): a resident started with other settings refuses. */
  ambiente: Record<string, string>;
  cwd: string;
  /** The command line after `svc`. */
  argv: string[];
  pid: number;
  tty: { stdout: boolean; stderr: boolean };
  /** What each word of the command line names as a path from `cwd` (fileIdentities): the resident must see the same files. */
  arquivos: Record<string, string | null>;
  /** Only asks whether a step of this client would be taken (`svc doctor`): nothing runs, nothing is logged. */
  consulta?: boolean;
}

export type StepFrame =
  | { stdout: string }
  | { stderr: string }
  | { saida: number }
  | { recusado: string }
  | { aceitaria: true };

/** Linux's limit on a socket path (sun_path, 108 bytes with its NUL). */
const MAX_SOCKET_PATH = 107;

/** The socket in the data dir, or null when its path is too long to bind. */
export function residentSocket(dataDir: DataDir): string | null {
  const file = path.join(dataDir.root, 'ingest.sock');
  return Buffer.byteLength(file) <= MAX_SOCKET_PATH ? file : null;
}

/** This checkout's build: the version and when dist/ was built (bin/svc refuses a stale one). */
export function buildId(): string {
  const root = new URL('../../../', import.meta.url);
  let builtAt = 'sem-build';
  try {
    builtAt = String(
      (JSON.parse(readFileSync(new URL('dist/build.json', root), 'utf8')) as { builtAt: number }).builtAt,
    );
  } catch {
    // Run from the sources (tests): the version and the checkout still tell builds apart.
  }
  return `${SVC_VERSION} ${root.pathname} ${builtAt}`;
}

/**
 * The environment a step's settings and clock read (config.ts settingsEnvironment), as a digest of each value: the
 * resident can tell which differ from its own without either side showing a value.
 */
export function environmentDigest(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(settingsEnvironment()).map(([name, value]) => [
      name,
      createHash('sha256').update(value).digest('hex').slice(0, 16),
    ]),
  );
}

/**
 * Each word of a command line read as a path from `cwd`: the file's device and inode, or null where there is none.
 * A resident in another mount namespace (a unit's PrivateTmp, a container) or a `/dev/stdin` names other files
 * by the same words; comparing these, it refuses such a step instead of reading the wrong ones.
 */
export function fileIdentities(argv: readonly string[], cwd: string): Record<string, string | null> {
  const identities: Record<string, string | null> = {};
  for (const word of argv.slice(1)) {
    if (word.startsWith('-') || /^[a-z]+:\/\//i.test(word)) continue;
    try {
      const stat = statSync(path.resolve(cwd, word), { throwIfNoEntry: false });
      identities[word] = stat ? `${stat.dev}:${stat.ino}` : null;
    } catch (err) {
      // Not a path either side can read (ENOTDIR, EACCES…): both sides must fail alike.
      identities[word] = `erro:${(err as NodeJS.ErrnoException).code ?? ''}`;
    }
  }
  return identities;
}

/** The names whose values differ between two environments (set in one only included). */
export function environmentDifference(a: Record<string, string>, b: Record<string, string>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((name) => a[name] !== b[name]).sort();
}

/** Options whose step needs its own process: long-lived modes, dry runs, help, the crash tests' pause, aliases (which load into the process for good). */
const OWN_PROCESS = new Set([
  '--follow',
  '--resident',
  '--dry-run',
  '--print-schema',
  '--pause-at',
  '--aliases',
  '--help',
  '-h',
  '--',
]);

/**
 * Whether a command line is a step the resident may take, and the `--data-dir`/`--config` it names (the client
 * finds the socket with them). Anything unusual runs in the client's own process, as before.
 */
export function handedOptions(argv: readonly string[]): { dataDir?: string; config?: string } | null {
  if (argv[0] !== 'ingest' || argv.length < 2) return null;
  const found: { dataDir?: string; config?: string } = {};
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    if (OWN_PROCESS.has(name)) return null;
    if (name !== '--data-dir' && name !== '--config') continue;
    const value = inline ?? argv[++i];
    if (value === undefined) return null;
    found[name === '--data-dir' ? 'dataDir' : 'config'] = value;
  }
  return found;
}
