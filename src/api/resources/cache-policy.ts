/** `Cache-Control: max-age` (seconds) per kind of data; see docs/api.md "Caching". */
export const MAX_AGE = {
  /** Live list and events of a live match: the spec's 15-second refresh. */
  live: 15,
  /** Events of matches not in progress (spec), and data that changes with the next ingest. */
  changing: 60,
  /** Data of a finished match or championship: changes only on a correction. */
  finished: 3600,
} as const;

export function maxAgeFor(status: string | null, finishedStatus: string): number {
  return status === finishedStatus ? MAX_AGE.finished : MAX_AGE.changing;
}
