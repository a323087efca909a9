/**
 * Brasília time (`America/Sao_Paulo`) from the tz database Node's Intl carries: the Brazilian sources give
 * local dates and times without a zone, and Brasília had summer time (UTC−2) in most years until 2019.
 */
const ZONE = 'America/Sao_Paulo';
const offsetName = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'longOffset' });
/** Local date → its UTC offset (`-02:00`): a few thousand dates recur across a large file. */
const offsets = new Map<string, string>();

/**
 * The UTC offset of Brasília time on a local date `YYYY-MM-DD`, read at local noon: Brazil's summer time
 * began and ended at local midnight, so noon carries the day's offset (a kick-off in the first hour of a
 * changeover day would be an hour off; none is played then).
 */
export function brasiliaOffset(date: string): string {
  let offset = offsets.get(date);
  if (offset === undefined) {
    // Noon at UTC−3 is 15:00 UTC; an hour's summer-time difference cannot move it to another local day.
    const name = offsetName.formatToParts(new Date(`${date}T15:00:00Z`)).find((p) => p.type === 'timeZoneName')?.value ?? '';
    offset = /^GMT[+-]\d{2}:\d{2}$/.test(name) ? name.slice(3) : '-03:00';
    offsets.set(date, offset);
  }
  return offset;
}

/** `2019-01-20` + `16:00` → `2019-01-20T16:00:00-02:00` (summer time); null when the time is unknown. */
export function brasiliaKickoff(date: string, time: string | null): string | null {
  return time === null ? null : `${date}T${time}:00${brasiliaOffset(date)}`;
}
