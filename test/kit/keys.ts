/** API keys for tests, made as an operator makes them (`svc keys create`); the API server's own: Harness.key(). */
import { runSvcInProcess } from './svc.js';

/** `svc keys create` options lifting the plan's quota and rate: benches measure the server, not its limits. */
export const UNLIMITED = ['--quota', '1000000000', '--rate', '1000000'] as const;

/** Creates an account with a key on `plan`, reading the given championships (`all` by default), and returns the key. */
export async function createKey(
  dataDir: string,
  account: string,
  plan: 'free' | 'pro' | 'enterprise',
  championships = 'all',
  extra: readonly string[] = [],
): Promise<string> {
  const args = [
    'keys',
    'create',
    '--account',
    account,
    '--plan',
    plan,
    '--championships',
    championships,
    ...extra,
    '--json',
  ];
  const created = await runSvcInProcess([...args, '--data-dir', dataDir]);
  if (created.code !== 0) throw new Error(`svc keys create failed (${created.code}): ${created.stderr}`);
  return findKey(JSON.parse(created.stdout) as unknown);
}

/** `svc keys create --json` prints the full key once, under `key`. */
function findKey(output: unknown): string {
  const key = (output as { key?: unknown }).key;
  if (typeof key !== 'string') throw new Error(`no key in svc keys create output: ${JSON.stringify(output)}`);
  return key;
}
