/**
 * Brasília time (`America/Sao_Paulo`) from the tz database Node's Intl carries: the Brazilian sources give
 * local dates and times without a zone, and Brasília had summer time (UTC−2) in most years until 2019.
 */
const ZONE = 'America/Sao_Paulo';
// Made on first use: the first formatter with a time zone loads ICU's zone data (30–65 ms on a busy machine),
// which a fresh `svc ingest` of a canonical feed (no local times to convert) would pay at start-up for nothing.
let offsetName: Intl.DateTimeFormat | undefined;
/** Year → the days its offset changes (`YYYY-MM-DD`, from January 1st) with the offset from then on. */
const years = new Map<number, [string, string][]>();

/**
 * The UTC offset of Brasília time on a local date, read at local noon: Brazil's summer time began and ended
 * at local midnight, so noon carries the day's offset (a kick-off in the first hour of a changeover day
 * would be an hour off; none is played then).
 */
export function offsetOn(date: string): string {
  // Noon at UTC−3 is 15:00 UTC; an hour's summer-time difference cannot move it to another local day.
  const name =
    (offsetName ??= new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'longOffset' }))
      .formatToParts(new Date(`${date}T15:00:00Z`))
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  return /^GMT[+-]\d{2}:\d{2}$/.test(name) ? name.slice(3) : '-03:00';
}

const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * A year's changes: the offset on the 1st of each month (and of the next January), and the exact day by
 * bisection where it moved. About 20 Intl calls a year instead of one per date.
 */
function changesOf(year: number): [string, string][] {
  const firsts = Array.from({ length: 13 }, (_, m) => Date.UTC(year, m, 1));
  const changes: [string, string][] = [[day(firsts[0] as number), offsetOn(day(firsts[0] as number))]];
  for (let m = 1; m < firsts.length; m++) {
    const offset = offsetOn(day(firsts[m] as number));
    if (offset === changes[changes.length - 1]?.[1]) continue;
    // The first day with the new offset lies in (previous month's 1st, this 1st].
    let lo = firsts[m - 1] as number;
    let hi = firsts[m] as number;
    while (hi - lo > 86_400_000) {
      const mid = lo + Math.floor((hi - lo) / 172_800_000) * 86_400_000;
      if (offsetOn(day(mid)) === offset) hi = mid;
      else lo = mid;
    }
    changes.push([day(hi), offset]);
  }
  return changes;
}

/** The UTC offset of Brasília time on a local date `YYYY-MM-DD` (`-02:00` in summer time, else `-03:00`). */
export function brasiliaOffset(date: string): string {
  const year = Number(date.slice(0, 4));
  let changes = years.get(year);
  if (changes === undefined) years.set(year, (changes = changesOf(year)));
  let offset = changes[0]?.[1] ?? '-03:00';
  for (const [from, o] of changes) if (from <= date) offset = o;
  return offset;
}

/** `2019-01-20` + `16:00` → `2019-01-20T16:00:00-02:00` (summer time); null when the time is unknown. */
export function brasiliaKickoff(date: string, time: string | null): string | null {
  return time === null ? null : `${date}T${time}:00${brasiliaOffset(date)}`;
}

let localDate: Intl.DateTimeFormat | undefined;

/** The calendar day (`YYYY-MM-DD`) an instant falls on in Brasília. */
export function brasiliaDay(ms: number): string {
  localDate ??= new Intl.DateTimeFormat('en-CA', { timeZone: ZONE });
  return localDate.format(new Date(ms));
}
