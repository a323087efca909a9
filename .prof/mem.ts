// Memory experiment: build the 10× data dir once (/tmp/mem10x), then serve with NODE_OPTIONS from argv and sweep.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURES_NOW } from '../test/kit/fixtures.js';
import { createKey } from '../test/kit/keys.js';
import { runSvc, startServeProcess } from '../test/kit/svc.js';
import { readCsvFamily, writeCopies } from '../test/bench/live-scale-data.js';

const base = '/tmp/mem10x';
const dataDir = path.join(base, 'data');
if (!existsSync(path.join(base, 'key'))) {
  const inputs = writeCopies(readCsvFamily(), base, 1, 10);
  const r = await runSvc(['ingest', ...inputs, '--backfill', '--now', FIXTURES_NOW, '--data-dir', dataDir], { timeoutMs: 1_800_000 });
  if (r.code !== 0) throw new Error(r.stderr);
  const key = await createKey(dataDir, 'bench', 'enterprise');
  (await import('node:fs')).writeFileSync(path.join(base, 'key'), key);
}
const key = readFileSync(path.join(base, 'key'), 'utf8');
const nodeOptions = process.argv[2] ?? '';
const env: Record<string, string> = nodeOptions ? { NODE_OPTIONS: nodeOptions } : {};
if (process.argv[3]) env.MALLOC_ARENA_MAX = process.argv[3];
const { server, url } = await startServeProcess(dataDir, ['--cache-mb', '128'], env);
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1]) / 1024;
const get = async (p: string) => {
  const res = await fetch(`${url}${p}`, { headers: { authorization: `Bearer ${key}` } });
  const b = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${p} ${res.status}`);
  return b;
};
const ids = (JSON.parse(Buffer.from(await get('/v1/campeonatos?por_pagina=100000')).toString()).data as { id: number }[]).map((c) => c.id);
console.log(`opts=${nodeOptions} arena=${process.argv[3] ?? ''} championships=${ids.length} rest ${rss().toFixed(0)} MB`);
for (let s = 0; s < 3; s++) {
  const t = performance.now();
  for (const id of ids) {
    await get(`/v1/campeonatos/${id}/tabela`);
    await get(`/v1/campeonatos/${id}/partidas?por_pagina=100`);
  }
  console.log(`sweep ${s + 1}: ${(performance.now() - t).toFixed(0)} ms RSS ${rss().toFixed(0)} MB`);
}
server.kill("SIGTERM"); await server.exited;
