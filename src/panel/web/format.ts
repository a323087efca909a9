/** Numbers and times as a Brazilian reader expects them. */

const number = new Intl.NumberFormat('pt-BR');
const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium' });

export const fmtNumber = (n: number): string => number.format(n);
/** Short axis labels: `20 mil`. */
export const fmtCompact = (n: number): string => new Intl.NumberFormat('pt-BR', { notation: 'compact' }).format(n);
export const fmtMs = (ms: number): string =>
  `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(ms)} ms`;
export const fmtDateTime = (iso: string | null): string => (iso === null ? '—' : dateTime.format(new Date(iso)));
/** `2026-11-25` → `25/11`. */
export const fmtDay = (dia: string): string => `${dia.slice(8, 10)}/${dia.slice(5, 7)}`;
