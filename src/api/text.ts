/**
 * Case-, accent- and punctuation-insensitive form used by the searches (`São` and `sao`, `Atlético-MG` and
 * `atletico mg`, `S.E.R.` and `ser` match): dots and apostrophes vanish, other runs of punctuation and
 * spaces become one space.
 */
export function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
