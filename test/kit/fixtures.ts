/** Where the test data is: the repository's bundled fixtures, the machine's real data, the fixtures' moment. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_GERADO_EM } from '../../fixtures/generator/moment.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The demo's feeds (a Sunday of the Série A and friends). */
export const DEMO_FIXTURES = path.join(REPO_ROOT, 'fixtures/demo');
/** One live match day, step by step (`01-pre-jogo.json` … `08-fim.json`). */
export const LIVE_DAY = path.join(REPO_ROOT, 'fixtures/live-day');
/** A step of the live day by its name (`liveDayStep('03-gol')`). */
export const liveDayStep = (name: string): string => path.join(LIVE_DAY, `${name.replace(/\.json$/, '')}.json`);
/** Real public data (read-only, never copied into the repo); absent on a user's clone. */
export const SHARED_DATA = path.resolve(REPO_ROOT, '../shared/data');

/**
 * The skip reason for tests that need `dir` of the shared data (false when it is there). Where the data must be
 * there (`SVC_REQUIRE_SHARED_DATA=1`, set by .ci/run) its absence throws instead: a CI run that silently skipped
 * every real-data test would pass without testing them.
 */
export function sharedDataSkip(dir: string = SHARED_DATA): string | false {
  if (existsSync(dir)) return false;
  if (process.env.SVC_REQUIRE_SHARED_DATA === '1')
    throw new Error(`dados reais ausentes em ${dir} (SVC_REQUIRE_SHARED_DATA=1)`);
  return `dados reais ausentes em ${dir}; testes com dados reais pulados`;
}

/**
 * The instant the bundled fixtures describe (the demo's Sunday, 17:10 in Brasília). Every `svc ingest` a test
 * runs is centred on it unless the test passes its own `--now`: the live window then never depends on the day
 * the suite runs (CI also runs the dated tests under faketime to prove it).
 */
export const FIXTURES_NOW = DEMO_GERADO_EM;
