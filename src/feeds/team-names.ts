/**
 * Team name resolution key: the same club gets the same key whichever source named it.
 * Normalises case, accents and punctuation; the curated alias table and club-prefix / state-suffix
 * rules live here too (see docs/internals.md "Name resolution").
 */
export function normalizeTeamName(nome: string): string {
  return nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
