import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isoWithOffset, nextUtcMidnight, utcDayOf } from '../../src/time.js';

const reference = (ms: number) => `${new Date(ms).toISOString().slice(0, -1)}+00:00`;

test('isoWithOffset matches toISOString with +00:00 across second, day and epoch boundaries (cached prefix)', () => {
  const base = Date.UTC(2026, 10, 22, 23, 59, 59, 998);
  // Consecutive instants reuse the cached second; each boundary must refresh it.
  for (const ms of [
    base,
    base + 1,
    base + 2,
    base + 3,
    base + 1_000,
    base - 86_400_000,
    0,
    7,
    70,
    -1,
    -1_001,
    base + 0.9,
  ]) {
    assert.equal(isoWithOffset(ms), reference(Math.trunc(ms)), String(ms));
  }
  assert.equal(isoWithOffset(new Date(base)), '2026-11-22T23:59:59.998+00:00');
});

test('utcDayOf and nextUtcMidnight: the UTC day and the instant the next one starts', () => {
  const lateNight = Date.UTC(2026, 10, 22, 23, 59, 59, 999);
  assert.deepEqual(utcDayOf(lateNight), {
    dia: '2026-11-22',
    start: Date.UTC(2026, 10, 22),
    end: Date.UTC(2026, 10, 23),
  });
  assert.equal(utcDayOf(lateNight + 1).dia, '2026-11-23');
  assert.equal(utcDayOf(lateNight).dia, '2026-11-22', 'going back a day is not served from the cache');
  assert.equal(nextUtcMidnight(Date.UTC(2026, 11, 31, 12)), Date.UTC(2027, 0, 1));
  assert.equal(utcDayOf(-1).dia, '1969-12-31');
});
