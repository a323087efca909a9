/**
 * An instant as ISO 8601 with an explicit UTC offset (`2026-11-22T15:00:00.000+00:00`): the spec asks for
 * timestamps "with offset", and `+00:00` says so to the letter where `Z` leaves naive parsers guessing.
 */
export function isoWithOffset(instant: Date | number): string {
  return `${new Date(instant).toISOString().slice(0, -1)}+00:00`;
}
