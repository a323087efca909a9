/** Case- and accent-insensitive form used by the searches (`São` and `sao` match). */
export function foldText(s: string): string {
  return s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}
