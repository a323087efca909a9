/**
 * What a fresh `svc ingest` of a live step loads: only what that step uses. Its start-up is most of its cost (issue
 * #30: a cron step against node + DuckDB + one query), so the parts it never needs stay unloaded — checked by what the
 * process loads, not by timing it.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../kit/dirs.js';
import { DEMO_FIXTURES, liveDayStep } from '../kit/fixtures.js';
import { copyDemoDataDir } from '../kit/ingest.js';
import { runSvc, runSvcInProcess, SvcProcess } from '../kit/svc.js';

const { dir, cleanup } = tempDir('svc-ingest-startup-');
after(cleanup);

/**
 * An `--import` module that writes to `out`, one per line, every module the process loads (ES modules as their
 * loader hook sees them, CommonJS ones from require's cache at exit) and `zone:<name>` for each time-zone formatter
 * made (the first one loads ICU's zone data).
 */
function startupProbe(out: string): string {
  const hooks = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) { appendFileSync(${JSON.stringify(out)}, url + '\\n'); return next(url, context); }`;
  const probe = `import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});
const zones = [];
Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
  construct(target, args, newTarget) {
    if (args[1]?.timeZone) zones.push('zone:' + args[1].timeZone);
    return Reflect.construct(target, args, newTarget);
  },
});
process.on('exit', () => appendFileSync(${JSON.stringify(out)}, [...Object.keys(createRequire('/').cache), ...zones].join('\\n') + '\\n'));`;
  return `--import=data:text/javascript,${encodeURIComponent(probe)}`;
}

it('a fresh `svc ingest` of a live step loads neither the serving part, the logger, the fetcher, ajv nor time zones', async () => {
  const dataDir = path.join(dir, 'data');
  // The first build is checked as a server would load it; the live step rides on that check (publish.ts).
  const first = await runSvcInProcess(['ingest', DEMO_FIXTURES, '--data-dir', dataDir]);
  assert.equal(first.code, 0, first.stderr);
  const out = path.join(dir, 'loaded.txt');
  const r = await runSvc(['ingest', liveDayStep('03-gol'), '--data-dir', dataDir, '--json'], {
    nodeFlags: [startupProbe(out)],
  });
  assert.equal(r.code, 0, r.stderr);
  assert.equal((JSON.parse(r.stdout) as { eventos: { total: number } }).eventos.total > 0, true, 'a live step');
  const loaded = readFileSync(out, 'utf8').split('\n').filter(Boolean);
  const modules = loaded.map((m) => (m.startsWith('file:') ? fileURLToPath(m) : m));
  // The bundle's chunks name the sources they hold (`// src/…` above each one).
  const chunks = modules.filter((m) => m.includes(`${path.sep}dist${path.sep}`) && m.endsWith('.js'));
  assert.ok(
    chunks.length > 0 && modules.some((m) => m.includes(`${path.sep}node_modules${path.sep}@duckdb${path.sep}`)),
    'the probe sees what loads',
  );
  const serving = chunks.filter((c) => readFileSync(c, 'utf8').includes('// src/api/snapshot/global-part.ts'));
  assert.deepEqual(serving, [], 'the serving part: only for a candidate checked again (publish.ts checkedServable)');
  const packages = ['pino', 'p-retry', 'ajv', 'ajv-formats'].filter((p) =>
    modules.some((m) => m.includes(`${path.sep}node_modules${path.sep}${p}${path.sep}`)),
  );
  assert.deepEqual(
    packages,
    [],
    'the logger (no log is written), the URL fetcher (no URL is read), ajv (the validators come whole from the build)',
  );
  assert.deepEqual(
    loaded.filter((m) => m.startsWith('zone:')),
    [],
    'no local time to convert in a canonical feed',
  );
});

it('a step handed to a resident ingester loads neither DuckDB nor the CLI in its own process', async () => {
  const dataDir = path.join(dir, 'resident');
  await copyDemoDataDir(dataDir);
  const resident = new SvcProcess(['ingest', '--resident', '--data-dir', dataDir]);
  try {
    await resident.waitForOutput(/residente em /);
    const out = path.join(dir, 'handed.txt');
    const r = await runSvc(['ingest', liveDayStep('03-gol'), '--data-dir', dataDir, '--json'], {
      nodeFlags: [startupProbe(out)],
    });
    assert.equal(r.code, 0, r.stderr);
    await resident.waitForOutput(/passo do pid \d+ .*: saída 0 em/);
    const modules = readFileSync(out, 'utf8').split('\n').filter(Boolean);
    assert.ok(
      modules.some((m) => m.includes('/dist/')),
      'the probe sees what loads',
    );
    assert.deepEqual(
      modules.filter((m) => m.includes('/node_modules/@duckdb/')),
      [],
      'DuckDB: the step runs in the resident',
    );
    const cli = modules
      .filter((m) => m.startsWith('file:') && m.endsWith('.js') && m.includes('/dist/'))
      .filter((m) => readFileSync(fileURLToPath(m), 'utf8').includes('// src/cli/program.ts'));
    assert.deepEqual(cli, [], 'the CLI (Commander and the commands): loaded only when this process runs the step');
  } finally {
    resident.kill('SIGTERM');
    await resident.exited;
  }
});
