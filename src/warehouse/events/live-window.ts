/**
 * The live window: `partida.*` events are recorded only for matches whose kick-off lies within it, and
 * `rodada.encerrada` / `fase.finalizada` only when their last match does. Loading history therefore sends
 * no webhooks, whatever the data dir holds (docs/webhooks.md "Live window").
 */
export interface LiveWindow {
  /** How far before the ingest's `now` a kick-off still counts as live (ms). */
  beforeMs: number;
  /** How far after `now` (ms): fixtures announced for the coming weeks. */
  afterMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const DEFAULT_LIVE_WINDOW: LiveWindow = { beforeMs: 3 * DAY_MS, afterMs: 30 * DAY_MS };

/** `3d`, `12h`, `90m`, `30s` → milliseconds; null when the text is not such a duration. */
export function parseDuration(text: string): number | null {
  const m = /^(\d{1,6})([dhms])$/.exec(text.trim());
  if (!m) return null;
  const unit = { d: DAY_MS, h: 3_600_000, m: 60_000, s: 1000 }[m[2] as 'd' | 'h' | 'm' | 's'];
  return Number(m[1]) * unit;
}

/** `2026-11-22 21:30:00`: the form of the stored `inicio_utc` (UTC TIMESTAMP). */
const utcTimestamp = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The TEMP macro `na_janela_ao_vivo(inicio_utc)` over literal bounds (so DuckDB can push it into scans).
 * Inclusive at both ends; a match with no kick-off (NULL) is outside: it cannot be placed at "now".
 */
export function liveWindowMacro(now: Date, window: LiveWindow): string {
  const desde = utcTimestamp(now.getTime() - window.beforeMs);
  const ate = utcTimestamp(now.getTime() + window.afterMs);
  return `CREATE OR REPLACE TEMP MACRO na_janela_ao_vivo(inicio) AS coalesce(inicio BETWEEN TIMESTAMP '${desde}' AND TIMESTAMP '${ate}', false);`;
}
