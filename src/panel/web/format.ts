/** Numbers and times as a Brazilian reader expects them. */
import { systemClock } from '../../clock.js';

const number = new Intl.NumberFormat('pt-BR');
const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const relative = new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' });

export const fmtNumber = (n: number): string => number.format(n);
/** Short axis labels: `20 mil`. */
export const fmtCompact = (n: number): string => new Intl.NumberFormat('pt-BR', { notation: 'compact' }).format(n);
export const fmtMs = (ms: number): string =>
  `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(ms)} ms`;
/** `2026-11-25` → `25/11`. */
export const fmtDay = (dia: string): string => `${dia.slice(8, 10)}/${dia.slice(5, 7)}`;

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** `em 3 horas`, `em 2 dias`: the largest whole unit of a time still ahead. */
function ahead(ms: number): string {
  for (const [unit, size] of UNITS) if (ms >= size) return relative.format(Math.round(ms / size), unit);
  return 'em instantes';
}

/**
 * An instant in the reader's time zone (`27/11/2026, 00:00`); one still ahead also says how far (`em 3 horas`),
 * which is what a reader wants of "reactivated at" or "valid until". `now` is the browser's clock.
 */
export function fmtDateTime(iso: string | null, now = systemClock.now()): string {
  if (iso === null) return '—';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const local = dateTime.format(at);
  return at > now + 30_000 ? `${local} (${ahead(at - now)})` : local;
}

/** ISO 8601 instants inside a text from the API (a deactivation reason, a message), as fmtDateTime writes them. */
const ISO_INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})/g;
export const humanDates = (text: string, now = systemClock.now()): string =>
  text.replace(ISO_INSTANT, (iso) => fmtDateTime(iso, now));
