/** Pieces the text-format adapters share: decoding, rejections with a line, calendar dates, CSV. */
import { FeedRejectedError } from '../errors.js';
import type { InputFile } from './types.js';

export function rejectAt(file: string, line: number | undefined, reason: string): FeedRejectedError {
  return new FeedRejectedError([{ file, position: line === undefined ? {} : { line }, reason }]);
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The file as text (UTF-8, BOM dropped); a file in another encoding is rejected, never read garbled. */
export function decodeText(file: InputFile): string {
  try {
    return utf8.decode(file.content);
  } catch {
    throw rejectAt(file.name, undefined, 'o arquivo não está em UTF-8');
  }
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether `yyyy-mm-dd` is a real calendar day (years 100–9999, Gregorian leap years). Plain arithmetic:
 * it runs once per match of a large file, where a Date round trip each was ~1.5 µs.
 */
export function isCalendarDate(date: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 100 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] as number));
}

/**
 * RFC 4180 CSV (quoted fields may hold commas, quotes doubled, and line breaks), streamed: `onHeader` gets
 * the header and returns what each row then goes to, with the line where the row starts (1-based; the
 * header is line 1). Rows are not kept, so their cells die young instead of being copied by every scavenge
 * until the whole file is read (~15 % of a CSV family ingest was garbage collection). A row with another
 * number of cells than the header is rejected. A hand-written scanner rather than csv-parse: the
 * Brasileirão family is ~70k rows and csv-parse took ~0.5 s of the ingest budget on it, ten times this loop.
 */
export function scanCsv(
  text: string,
  file: string,
  onHeader: (header: string[]) => (row: string[], line: number) => void,
): void {
  let onRow: ((row: string[], line: number) => void) | undefined;
  let columns = 0;
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const startLine = line;
    const record: string[] = [];
    for (;;) {
      let value: string;
      if (text.charCodeAt(i) === 34) {
        let end = text.indexOf('"', i + 1);
        let chunk = '';
        let from = i + 1;
        while (end !== -1 && text.charCodeAt(end + 1) === 34) {
          chunk += text.slice(from, end + 1);
          from = end + 2;
          end = text.indexOf('"', from);
        }
        if (end === -1) throw rejectAt(file, startLine, 'aspas sem fechamento');
        value = chunk + text.slice(from, end);
        for (let k = value.indexOf('\n'); k !== -1; k = value.indexOf('\n', k + 1)) line++;
        i = end + 1;
      } else {
        let j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === 44 || c === 10 || c === 13) break;
          j++;
        }
        value = text.slice(i, j);
        i = j;
      }
      record.push(value);
      const c = text.charCodeAt(i);
      if (c === 44) {
        i++;
        continue;
      }
      if (c === 13) i++;
      if (i < n && text.charCodeAt(i) !== 10) throw rejectAt(file, line, 'caractere depois de um campo entre aspas');
      i++;
      line++;
      break;
    }
    if (record.length === 1 && record[0] === '') continue;
    if (onRow === undefined) {
      columns = record.length;
      onRow = onHeader(record);
    } else if (record.length !== columns) {
      throw rejectAt(file, startLine, `esperadas ${columns} colunas, encontradas ${record.length}`);
    } else {
      onRow(record, startLine);
    }
  }
  if (onRow === undefined) throw rejectAt(file, 1, 'arquivo vazio');
}
