/**
 * Compression on a real `svc serve` (a child process) over the Brasileirão CSV family: the size of `/rodadas` of
 * a 38-round season in each coding, and the requests per second of the compressed responses against the plain
 * ones (the baseline), same server, same load generator, same run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { REPO_ROOT, SHARED_DATA } from '../kit/fixtures.js';
import { SVC_BIN, runSvc } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';
import { createKey } from '../kit/keys.js';
import { stopProcess } from '../tui/serve.js';
import { loadGenerator } from './load-generator.js';
import type { BenchFigure } from './run.js';

export const title = 'compression: /rodadas of a 38-round season, compressed throughput against plain';

const SECONDS = Number(process.env.SVC_BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

function bytes(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      let n = 0;
      res.on('data', (c: Buffer) => (n += c.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(n) : reject(new Error(`${url}: ${res.statusCode}`))));
    })
      .on('error', reject)
      .end();
  });
}

export async function run(): Promise<BenchFigure[]> {
  if (!existsSync(SHARED_DATA)) {
    console.log(`  (pulado: dados reais ausentes em ${SHARED_DATA})`);
    return [];
  }
  const { dir, cleanup } = tempDir('svc-bench-compression-');
  let child: ChildProcess | null = null;
  try {
    const loaded = await runSvc(['ingest', path.join(SHARED_DATA, 'brasileirao-dataset'), '--data-dir', dir]);
    if (loaded.code !== 0) throw new Error(loaded.stderr);
    const plans = path.join(dir, 'plans.json');
    writeFileSync(plans, JSON.stringify({ enterprise: { requisicoes: 100_000_000, por_segundo: 1_000_000 } }));
    const key = await createKey(dir, 'bench', 'enterprise');
    child = spawn(
      process.execPath,
      [SVC_BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--json', '--plans', plans, '--data-dir', dir],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const base = await new Promise<string>((resolve, reject) => {
      let out = '';
      child!.stdout!.setEncoding('utf8').on('data', (d: string) => {
        out += d;
        const m = /"event":"ouvindo","url":"(http:\/\/[^"]+)"/.exec(out);
        if (m) resolve(m[1]!.replace('localhost', '127.0.0.1'));
      });
      child!.on('exit', (code) => reject(new Error(`svc serve exited ${code}`)));
    });
    const auth = { authorization: `Bearer ${key}` };
    const list = (await (await fetch(`${base}/v1/campeonatos`, { headers: auth })).json()) as {
      data: { id: number; temporada: string }[];
    };
    let url = '';
    for (const c of list.data.sort((a, b) => b.temporada.localeCompare(a.temporada))) {
      const r = (await (await fetch(`${base}/v1/campeonatos/${c.id}/rodadas`, { headers: auth })).json()) as {
        meta: { total: number };
      };
      if (r.meta.total === 38) {
        url = `${base}/v1/campeonatos/${c.id}/rodadas`;
        break;
      }
    }
    if (!url) throw new Error('no 38-round season in the data');
    const plain = await bytes(url, auth);
    const gzip = await bytes(url, { ...auth, 'accept-encoding': 'gzip' });
    const br = await bytes(url, { ...auth, 'accept-encoding': 'br' });

    const gen = loadGenerator();
    const measure = (headers: Record<string, string>) =>
      gen.measure({ url, connections: CONNECTIONS, seconds: SECONDS, headers: { ...auth, ...headers } });
    const plainRps = (await measure({})).requestsPerSecond;
    const gzipRps = (await measure({ 'accept-encoding': 'gzip' })).requestsPerSecond;
    const brRps = (await measure({ 'accept-encoding': 'br' })).requestsPerSecond;
    const plainBase = { name: 'plain body', value: plain };
    const plainRpsBase = { name: `plain, ${gen.name}`, value: plainRps };
    return [
      {
        name: `${new URL(url).pathname} brotli`,
        value: br,
        unit: 'bytes',
        baseline: plainBase,
        target: '≤ 10 % of plain',
        met: br <= plain * 0.1,
      },
      {
        name: `${new URL(url).pathname} gzip`,
        value: gzip,
        unit: 'bytes',
        baseline: plainBase,
        target: '≤ 10 % of plain',
        met: gzip <= plain * 0.1,
      },
      {
        name: 'requests/s with Accept-Encoding: br',
        value: brRps,
        unit: 'req/s',
        baseline: plainRpsBase,
        target: '≥ 0.8 × plain',
        met: brRps >= 0.8 * plainRps,
      },
      {
        name: 'requests/s with Accept-Encoding: gzip',
        value: gzipRps,
        unit: 'req/s',
        baseline: plainRpsBase,
        target: '≥ 0.8 × plain',
        met: gzipRps >= 0.8 * plainRps,
      },
    ];
  } finally {
    if (child) await stopProcess(child);
    cleanup();
  }
}
