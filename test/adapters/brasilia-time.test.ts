import assert from 'node:assert/strict';
import { test } from 'node:test';
import { brasiliaKickoff, brasiliaOffset, offsetOn } from '../../src/feeds/adapters/brasilia-time.js';

test('Brasília time from the tz database: summer time (UTC−2) in the years it ran, never after 2019', () => {
  const cases: [string, string][] = [
    ['2018-11-03', '-03:00'], // the day before summer time began in 2018 (Sunday 4 November, 00:00)
    ['2018-11-04', '-02:00'],
    ['2019-02-16', '-02:00'], // its last day (ended Sunday 17 February, 00:00)
    ['2019-02-17', '-03:00'],
    ['2010-06-13', '-03:00'],
    ['2003-12-14', '-02:00'],
    ['2019-12-01', '-03:00'], // abolished in 2019
    ['2026-01-18', '-03:00'],
  ];
  for (const [date, offset] of cases) assert.equal(brasiliaOffset(date), offset, date);
  assert.equal(brasiliaKickoff('2019-01-20', '16:00'), '2019-01-20T16:00:00-02:00');
  assert.equal(brasiliaKickoff('2019-04-27', '16:00'), '2019-04-27T16:00:00-03:00');
  assert.equal(brasiliaKickoff('2019-04-27', null), null);
});

test("the offset of every day 2003–2027, found per year by bisection, is the tz database's own for that day", () => {
  for (let ms = Date.UTC(2003, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 86_400_000) {
    const date = new Date(ms).toISOString().slice(0, 10);
    assert.equal(brasiliaOffset(date), offsetOn(date), date);
  }
});
