import assert from 'node:assert/strict';
import { test } from 'node:test';
import { median, percentile } from '../bench/stats.js';

test('median: the middle value, or the mean of the two middle ones; NaN for none', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.ok(Number.isNaN(median([])));
});

test('percentile: nearest rank over sorted values', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
  assert.equal(percentile(hundred, 99), 99);
  assert.equal(percentile(hundred, 50), 50);
  assert.equal(percentile(hundred, 100), 100);
  assert.equal(percentile([7], 0), 7);
  assert.equal(
    percentile(
      Array.from({ length: 1000 }, (_, i) => i + 1),
      99.9,
    ),
    999,
  );
  assert.ok(Number.isNaN(percentile([], 99)));
});
