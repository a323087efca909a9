import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT, sharedDataSkip } from '../kit/fixtures.js';

const ABSENT = path.join(REPO_ROOT, 'no-such-shared-data');

test('a missing shared-data folder is a skip reason on a user clone and a failure where it is required', () => {
  const previous = process.env.SVC_REQUIRE_SHARED_DATA;
  try {
    delete process.env.SVC_REQUIRE_SHARED_DATA;
    assert.match(String(sharedDataSkip(ABSENT)), /dados reais ausentes em .*no-such-shared-data/);
    assert.equal(sharedDataSkip(REPO_ROOT), false);
    process.env.SVC_REQUIRE_SHARED_DATA = '1';
    assert.throws(() => sharedDataSkip(ABSENT), /dados reais ausentes em .*SVC_REQUIRE_SHARED_DATA=1/);
    assert.equal(sharedDataSkip(REPO_ROOT), false);
  } finally {
    if (previous === undefined) delete process.env.SVC_REQUIRE_SHARED_DATA;
    else process.env.SVC_REQUIRE_SHARED_DATA = previous;
  }
});

test('.ci/run requires the shared data', () => {
  // The line that turns the skip into a failure, run as bash runs it.
  const r = spawnSync('bash', ['-c', `grep -E '^export SVC_REQUIRE_SHARED_DATA=1$' .ci/run`], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, '.ci/run must export SVC_REQUIRE_SHARED_DATA=1 before npm test');
});
