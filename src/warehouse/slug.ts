import { slugify } from '../slug.js';

/** Default team abbreviation: the first three letters of the name, upper case, without accents. */
export function defaultSigla(nome: string): string {
  return (
    slugify(nome)
      .replace(/[^a-z]/g, '')
      .slice(0, 3)
      .toUpperCase() || nome.slice(0, 3).toUpperCase()
  );
}

/** Player names compare without case, accents or punctuation. */
export function normalizePlayerName(nome: string): string {
  return slugify(nome).replace(/-/g, ' ');
}
