/**
 * `svc serve`'s memory policies (src/cli/serve-memory.ts) are in force in the real process: what DuckDB's allocator
 * and V8 report themselves, asked to (jemalloc's `confirm_conf`, V8's `--trace-gc-verbose`).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { DUCKDB_MALLOC_CONF, HEAP_GROWING_PERCENT } from '../../src/cli/serve-memory.js';
import { tempDir } from '../kit/dirs.js';
import { copyDemoDataDir } from '../kit/ingest.js';
import { SVC_BIN, SvcProcess } from '../kit/svc.js';

let dataDir: string;
let cleanup: () => void;

before(async () => {
  ({ dir: dataDir, cleanup } = tempDir('svc-serve-memory-'));
  dataDir = path.join(dataDir, 'data');
  await copyDemoDataDir(dataDir);
});
after(() => cleanup());

/** Runs `svc serve` on the demo data until it listens; returns what it printed. */
async function serveOnce(env: Record<string, string>, nodeArgs: readonly string[] = []): Promise<string> {
  const args = ['serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir];
  const server = new SvcProcess(args, env, SVC_BIN, nodeArgs);
  try {
    await server.waitForOutput(/ouvindo em http/);
  } finally {
    server.kill('SIGTERM');
    await server.exited;
  }
  return server.stdout + server.stderr;
}

it("DuckDB's allocator runs with one arena; an operator's own options come after, so they win", async () => {
  const out = await serveOnce({ DUCKDB_JE_MALLOC_CONF: 'confirm_conf:true' });
  // jemalloc echoes the options it read from the environment, then each one it set.
  assert.match(out, new RegExp(`environment variable MALLOC_CONF\\): "${DUCKDB_MALLOC_CONF},confirm_conf:true"`));
  for (const option of DUCKDB_MALLOC_CONF.split(',')) assert.match(out, new RegExp(`Set conf value: ${option}\\n`));
  // DuckDB's own defaults come first (its built-in malloc_conf sets 1000); ours, read later, is the one in force.
  const muzzy = [...out.matchAll(/Set conf value: muzzy_decay_ms:(\d+)/g)].map((m) => m[1]);
  assert.deepEqual(muzzy, ['1000', '0'], out);

  const overridden = await serveOnce({ DUCKDB_JE_MALLOC_CONF: 'confirm_conf:true,narenas:3' });
  const arenas = [...overridden.matchAll(/Set conf value: narenas:(\d+)/g)].map((m) => m[1]);
  assert.equal(arenas.at(-1), '3', overridden);
});

it('V8 grows the old space by HEAP_GROWING_PERCENT over what a full GC found alive', async () => {
  // --gc-global makes every GC a full one, so each prints the limit it set and the factor it used.
  const out = await serveOnce({}, ['--trace-gc-verbose', '--gc-global']);
  // Node 20's V8 prints the factor after the limit, "Limit: … (1.2)"; Node 24's on a line of its own, "factor 1.2 based on".
  const factors = [...out.matchAll(/\[HeapController\] (?:Limit: .+ \((\d+\.\d)\)$|factor (\d+\.\d) based on)/gm)].map(
    (m) => m[1] ?? m[2],
  );
  assert.ok(factors.length > 0, out.slice(0, 2000));
  // The first GCs of node's own start-up come before svc sets the flag; from then on, every one uses it.
  assert.equal(factors.at(-1), (1 + HEAP_GROWING_PERCENT / 100).toFixed(1));
});
