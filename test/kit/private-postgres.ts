import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A PostgreSQL server of its own (initdb in a temp folder, `dir`; trust auth, 127.0.0.1 on a free port), so the soak can restart
 * a real server (`pg_ctl restart -m fast`: sessions end with "terminating connection due to administrator
 * command", connections are refused until it is back) without touching the machine's server that other work
 * shares. Run as root, the server runs as the `postgres` user (PostgreSQL refuses root).
 */
export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  /** Its folder (data in `pgdata`, log in `postgres.log`): the caller removes it once stopped. */
  dir: string;
  /** Resolves once the server accepts connections again; the caller's event loop keeps running meanwhile. */
  restart(): Promise<void>;
  stop(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin/pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0] === undefined) throw new Error(`no PostgreSQL server binaries under ${root}`);
  return path.join(root, versions[0], 'bin');
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-postgres-'));
  const data = path.join(dir, 'pgdata');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const quote = (a: string) => `'${a.replaceAll("'", "'\\''")}'`;
  const command = (tool: string, args: string[]): [string, string[]] => {
    const argv = [path.join(bin, tool), ...args];
    return asRoot ? ['su', ['postgres', '-s', '/bin/sh', '-c', argv.map(quote).join(' ')]] : [argv[0]!, argv.slice(1)];
  };
  const run = (tool: string, ...args: string[]) => execFileSync(...command(tool, args), { stdio: 'pipe' });
  const options = ['-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-l', path.join(dir, 'postgres.log')];
  run('initdb', '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync');
  run('pg_ctl', '-D', data, ...options, '-w', 'start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    restart: async () => {
      await promisify(execFile)(...command('pg_ctl', ['-D', data, ...options, '-m', 'fast', '-w', 'restart']));
    },
    stop: () => {
      run('pg_ctl', '-D', data, '-m', 'fast', '-w', 'stop');
    },
  };
}
