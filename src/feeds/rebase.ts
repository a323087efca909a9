/**
 * Moves every calendar date of a JSON document by whole days: `2026-11-22` and the date part of
 * `2026-11-22T18:30:00-03:00` alike, the time of day and the offset kept. The demo uses it to tell the
 * same story on the day it is started (Brasília has had one offset all year since 2019, so a local time
 * moved by whole days stays the same local time).
 */
const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?=$|T)/;
const DAY_MS = 86_400_000;

export function shiftDates<T>(value: T, days: number): T {
  return shift(value, days) as T;
}

function shift(value: unknown, days: number): unknown {
  if (typeof value === 'string') return shiftDate(value, days);
  if (Array.isArray(value)) return value.map((v) => shift(v, days));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shift(v, days)]));
  return value;
}

function shiftDate(text: string, days: number): string {
  const m = DATE_PREFIX.exec(text);
  if (!m || days === 0) return text;
  const moved = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + days * DAY_MS);
  return moved.toISOString().slice(0, 10) + text.slice(10);
}

/** Whole days from one `YYYY-MM-DD` to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
