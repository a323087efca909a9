/** What the API needs from a kick-off `2019-04-27T16:00:00-03:00`, computed once at ingest. */
export interface Kickoff {
  /** `2019-04-27 19:00:00` (UTC, for ordering); null when the time is unknown. */
  inicio_utc: string | null;
  /** `2019-04-27`: the date where the match is played (the feed's offset), or the feed's `data` alone. */
  data_local: string | null;
  /** `16:00`; null when the time is unknown. */
  hora_local: string | null;
}

/** `data`: the local date a feed gives for a match whose kick-off time it does not know (`dataHora` null). */
export function kickoff(dataHora: string | null, data: string | null = null): Kickoff {
  if (dataHora === null) return { inicio_utc: null, data_local: data, hora_local: null };
  const utc = new Date(dataHora);
  // The schema guarantees an RFC 3339 date-time with offset, so the local parts are literally in the text.
  return {
    inicio_utc: utc.toISOString().slice(0, 19).replace('T', ' '),
    data_local: dataHora.slice(0, 10),
    hora_local: dataHora.slice(11, 16),
  };
}

/** Whole years between a birth date and `now` (UTC). */
export function ageOn(birth: string, now: Date): number {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}
