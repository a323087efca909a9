import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FeedRejectedError } from '../../src/feeds/errors.js';
import { isCalendarDate, scanCsv } from '../../src/feeds/adapters/text.js';

test('isCalendarDate: real days only, with Gregorian leap years', () => {
  for (const day of ['2024-02-29', '2000-02-29', '2019-12-31', '2021-01-01', '2016-04-30'])
    assert.equal(isCalendarDate(day), true, day);
  for (const day of [
    '2019-02-29',
    '1900-02-29',
    '2100-02-29',
    '2021-04-31',
    '2021-13-01',
    '2021-00-10',
    '2021-01-00',
    '2021-1-01',
    '21-01-01',
    '2021-01-01T00:00',
    '0099-01-01',
  ]) {
    assert.equal(isCalendarDate(day), false, day);
  }
});

/** Rows as scanCsv streams them, each with its line. */
function scan(text: string): { header: string[]; rows: [string[], number][] } {
  let header: string[] = [];
  const rows: [string[], number][] = [];
  scanCsv(text, 'x.csv', (h) => {
    header = h;
    return (row, line) => rows.push([row, line]);
  });
  return { header, rows };
}

test('scanCsv: header first, then each row with the line it starts on; quoted fields over several lines', () => {
  const { header, rows } = scan('a,b\r\n1,"x,""y"""\n\n2,"linha\nquebrada"\n3,\n');
  assert.deepEqual(header, ['a', 'b']);
  assert.deepEqual(rows, [
    [['1', 'x,"y"'], 2],
    [['2', 'linha\nquebrada'], 4],
    [['3', ''], 6],
  ]);
});

test('scanCsv: an empty file, a row with another cell count, an unclosed quote are rejected with the line', () => {
  const reason = (text: string) => {
    try {
      scan(text);
    } catch (err) {
      assert.ok(err instanceof FeedRejectedError);
      return err.message;
    }
    return 'aceito';
  };
  assert.match(reason(''), /x\.csv \(linha 1\): arquivo vazio/);
  assert.match(reason('a,b\n1,2\n3\n'), /x\.csv \(linha 3\): esperadas 2 colunas, encontradas 1/);
  assert.match(reason('a,b\n1,"2\n'), /x\.csv \(linha 2\): aspas sem fechamento/);
});
