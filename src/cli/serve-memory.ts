import v8 from 'node:v8';
import { prepareServeEnv } from '../config.js';

/**
 * What keeps `svc serve`'s memory near what it holds (docs/decisions/api.md, "Serve memory beyond the cache").
 * Measured at 10× the CSV family, three sweeps of every championship with `--cache-mb 128`: RSS grew ~200 MB over
 * rest, of which the cache held ~35 MB of heap; the rest was garbage nobody had collected yet — V8's old space let
 * grow to ~2.5× what a full GC found alive, and DuckDB's allocator (jemalloc) keeping the pages each partition read
 * freed, in each arena the libuv threads running its queries used. Both policies are this process's own settings,
 * set at run time: no node flag, re-exec or worker, so `svc serve` keeps its pid, signals and stdout.
 */

/**
 * V8 grows the old space to 1.1× what the last full GC found alive. V8 reads it at each GC, so it acts at run time.
 * 10 rather than 20: with the cache full the live heap is ~170 MB (125 of them the cache), so each 10 % is ~17 MB of
 * RSS beyond the cache (measured: −12 to −17 MB after two evicting sweeps, for ~5 % more CPU on cold reads).
 */
export const HEAP_GROWING_PERCENT = 10;

/**
 * One jemalloc arena for all of DuckDB's threads: each arena keeps the pages freed in it for reuse, and the libuv
 * threads that run the serve engine's queries, one at a time, were spread over several. `muzzy_decay_ms:0`: DuckDB's
 * jemalloc defaults to 1000, so pages it stops using go lazily (MADV_FREE), which the kernel leaves in our RSS until
 * it runs short; at 0 they go at once (MADV_DONTNEED) when their dirty decay (DuckDB's 1000 ms) ends. Not
 * `dirty_decay_ms:0`: that frees every page at once, +10–15 % CPU over the sweeps, and RSS at rest falls by as
 * much as the full cache's does.
 */
export const DUCKDB_MALLOC_CONF = 'narenas:1,muzzy_decay_ms:0';

/**
 * Applies both to this process. Must run before DuckDB's library loads: jemalloc reads `DUCKDB_JE_MALLOC_CONF` once,
 * when it loads. An operator's own value comes after ours, so its options win.
 */
export function boundServeMemory(): void {
  prepareServeEnv(DUCKDB_MALLOC_CONF);
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
