/**
 * Fresh child processes for the ingest benchmarks, so svc and its baseline run alike: `timedAfterLoad`
 * starts every child the same way (node + tsx's loader) and times only the work after its imports;
 * `svcProcess` runs the real `bin/svc` as a user does and times the whole process.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../kit/fixtures.js';
import { SVC_BIN } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';

export interface ChildTiming {
  /** Wall time of the work after the child's imports. */
  ms: number;
  /** Peak RSS of the child. */
  rssMb: number;
}

/** A source file's URL, for a child script's imports. */
export const srcModule = (file: string): string => JSON.stringify(path.join(REPO_ROOT, 'src', file));

/** The child's import of the tests' `ingestSqlite` (test/kit/ingest.ts). */
export const INGEST_SQLITE_IMPORT = `import { ingestSqlite } from ${JSON.stringify(path.join(REPO_ROOT, 'test/kit/ingest.ts'))};`;

/**
 * Runs `imports` (static import lines), then times `work` (module-level await allowed, `args` in scope as the
 * given strings) in a fresh `node --import tsx` process.
 */
export function timedAfterLoad(imports: string, work: string, args: readonly string[] = []): ChildTiming {
  const script = `${imports}
const args = ${JSON.stringify(args)};
const t0 = performance.now();
${work}
process.stdout.write(JSON.stringify({ ms: performance.now() - t0, rssMb: process.resourceUsage().maxRSS / 1024 }));`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`child exited ${String(r.status)}: ${r.stderr}`);
  return JSON.parse(r.stdout) as ChildTiming;
}

/** Loaded into an svc child with --import: writes its peak RSS (kB) to a file when it exits. */
const RSS_PROBE = `data:text/javascript,${encodeURIComponent(
  "import{writeFileSync}from'node:fs';process.on('exit',()=>writeFileSync(process.env.RSS_FILE,String(process.resourceUsage().maxRSS)));",
)}`;

let warmed = false;

/**
 * `svc ARGS` as a user runs it, timed from spawn to exit (start-up and module loading included). The first call
 * runs `svc --version` untimed first: after a source change bin/svc rebuilds its bundle once, which a user's
 * cron pays once per upgrade, not per run.
 */
export function svcProcess(args: readonly string[]): ChildTiming {
  if (!warmed) {
    spawnSync(process.execPath, [SVC_BIN, '--version'], { cwd: REPO_ROOT });
    warmed = true;
  }
  const { dir, cleanup } = tempDir('svc-bench-rss-');
  try {
    const rssFile = path.join(dir, 'rss');
    const started = performance.now();
    const r = spawnSync(process.execPath, [`--import=${RSS_PROBE}`, SVC_BIN, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, RSS_FILE: rssFile },
      encoding: 'utf8',
    });
    const ms = performance.now() - started;
    if (r.status !== 0) throw new Error(`svc ${args.join(' ')} exited ${String(r.status)}: ${r.stderr}`);
    return { ms, rssMb: Number(readFileSync(rssFile, 'utf8')) / 1024 };
  } finally {
    cleanup();
  }
}
