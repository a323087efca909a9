/**
 * URL slugs as the spec shows them: lower case ASCII words joined by `-` (`1ª Rodada` → `1a-rodada`; NFKD
 * also unfolds the ordinal indicators ª/º). Shared by the adapters (source keys) and the loader (slugs).
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
