// The test files of `npm test`, longest first, for `node --test` to start in that order.
//
// node --test starts files in the order given, two at a time: a long file started last runs alone at the end
// while the other core idles. Starting the longest first leaves the short ones to fill in at the end. The
// seconds each file took alone are in test/file-seconds.json; a file not listed there (a new one) goes first, as
// it may be long. `node scripts/test-files.mjs` prints the list; `--measure` runs each file alone and rewrites
// the seconds (a quiet machine gives the truest order, but any load keeps the long files long).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const secondsFile = path.join(root, 'test/file-seconds.json');

/** Every test/**\/*.test.ts(x) but the benches', as paths relative to the root, sorted by name. */
function byName() {
  return readdirSync(path.join(root, 'test'), { recursive: true })
    .map((f) => path.posix.join('test', f.split(path.sep).join('/')))
    .filter((f) => /\.test\.tsx?$/.test(f) && !f.startsWith('test/bench/'))
    .sort();
}

/** The test files, longest first; stable, so equal times keep the order by name on every machine. */
export function testFiles() {
  const seconds = JSON.parse(readFileSync(secondsFile, 'utf8'));
  const known = (f) => seconds[f] ?? Number.POSITIVE_INFINITY;
  return byName().sort((a, b) => known(b) - known(a));
}

function measure() {
  const seconds = {};
  for (const file of byName()) {
    const start = process.hrtime.bigint();
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=dot', file], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    seconds[file] = Math.round(Number(process.hrtime.bigint() - start) / 1e8) / 10;
    process.stderr.write(`${file} ${seconds[file]} s${run.status === 0 ? '' : ` (exit ${run.status})`}\n`);
  }
  writeFileSync(secondsFile, `${JSON.stringify(seconds, null, 2)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--measure')) measure();
  else process.stdout.write(`${testFiles().join('\n')}\n`);
}
