const DAY_MS = 86_400_000;

let secondStart = Number.NaN;
let secondPrefix = '';

/**
 * An instant as ISO 8601 with an explicit UTC offset (`2026-11-22T15:00:00.000+00:00`): the spec asks for
 * timestamps "with offset", and `+00:00` says so to the letter where `Z` leaves naive parsers guessing.
 * The date-and-second prefix is formatted once per second: the API stamps every request with it.
 */
export function isoWithOffset(instant: Date | number): string {
  const ms = Math.trunc(typeof instant === 'number' ? instant : instant.getTime());
  const second = Math.floor(ms / 1000) * 1000;
  if (second !== secondStart) {
    secondStart = second;
    secondPrefix = new Date(second).toISOString().slice(0, 20);
  }
  const millis = ms - second;
  return `${secondPrefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}+00:00`;
}

/** A UTC day: `YYYY-MM-DD` and the instants it starts and ends (the next UTC midnight). */
export interface UtcDay {
  readonly dia: string;
  readonly start: number;
  readonly end: number;
}

let lastDay: UtcDay = { dia: '', start: 0, end: 0 };

/** The UTC day an instant falls in; the last one is remembered, as callers ask many times a day. */
export function utcDayOf(ms: number): UtcDay {
  if (ms >= lastDay.start && ms < lastDay.end) return lastDay;
  const start = Math.floor(ms / DAY_MS) * DAY_MS;
  lastDay = { dia: new Date(start).toISOString().slice(0, 10), start, end: start + DAY_MS };
  return lastDay;
}

/** The next UTC midnight after an instant (quota resets, the end of a temporary webhook deactivation). */
export function nextUtcMidnight(ms: number): number {
  return utcDayOf(ms).end;
}
