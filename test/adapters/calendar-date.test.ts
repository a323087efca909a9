import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isCalendarDate } from '../../src/feeds/adapters/text.js';

test('isCalendarDate: real days only, with Gregorian leap years', () => {
  for (const day of ['2024-02-29', '2000-02-29', '2019-12-31', '2021-01-01', '2016-04-30']) assert.equal(isCalendarDate(day), true, day);
  for (const day of ['2019-02-29', '1900-02-29', '2100-02-29', '2021-04-31', '2021-13-01', '2021-00-10', '2021-01-00', '2021-1-01', '21-01-01', '2021-01-01T00:00', '0099-01-01']) {
    assert.equal(isCalendarDate(day), false, day);
  }
});
