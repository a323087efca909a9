/** URL slugs as the spec shows them: lower case ASCII words joined by `-` (`1ª Rodada` → `1a-rodada`). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Default team abbreviation: the first three letters of the name, upper case, without accents. */
export function defaultSigla(nome: string): string {
  return slugify(nome).replace(/[^a-z]/g, '').slice(0, 3).toUpperCase() || nome.slice(0, 3).toUpperCase();
}

/** Player names compare without case, accents or punctuation. */
export function normalizePlayerName(nome: string): string {
  return slugify(nome).replace(/-/g, ' ');
}
