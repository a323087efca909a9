/**
 * Limits of `svc-feed/1` (docs/feed-format.md, "Limits"): what the warehouse can hold and a server can load
 * within its DuckDB memory budget, so no string or list may be arbitrarily large, no number out of its column's
 * range. The schema declares them (feed-schema.ts); `limitIssues` checks them on every feed (the CSV family has
 * the schema check only some collections), with what the schema cannot say (well-formed text).
 */
import type { Feed } from './canonical.js';
import type { FeedIssue } from './errors.js';

/** Ids and references (strings), `fonte`, slugs, seasons. */
export const MAX_ID_CHARS = 100;
/** Names: of championships, phases, teams, players, stadiums, coaches; nicknames and positions. */
export const MAX_NAME_CHARS = 200;
/** Any other text: URLs, dates. */
export const MAX_TEXT_CHARS = 2_000;
/** Records of one collection in one feed: a larger load goes in several feeds. */
export const MAX_RECORDS = 200_000;
/** Players in a lineup's `titulares` or `reservas`. */
export const MAX_LINEUP_PLAYERS = 60;
/** Ties (`chaves`) of one phase. */
export const MAX_TIES = 256;
/** Aliases (`apelidos`) of one team. */
export const MAX_ALIASES = 50;
/** Integers other than ids (scores, counts, orders) and decimals: the warehouse stores them as INTEGER/DOUBLE. */
export const MAX_NUMBER = 2_147_483_647;
/** Integer ids: beyond this a JSON number is no longer the integer written. */
export const MAX_INTEGER_ID = Number.MAX_SAFE_INTEGER;
/** URL fields (`logo_url`, `escudo_url`, `foto_url`): http(s) only. */
export const URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$';
/**
 * RFC 3339 allows a leap second (`23:59:60`), which no JavaScript Date reads: the loader would fail on it. A
 * pattern, not a custom format, so that the validators the build generates (ajv standalone) keep the rule.
 */
export const NO_LEAP_SECOND = '^(?!\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:60)';
/** Nesting of a feed's values: the deepest the format has is 6 (a lineup player's goalkeeper statistics). */
export const MAX_DEPTH = 8;

const ID_FIELDS = new Set([
  'id',
  'fonte',
  'slug',
  'temporada',
  'campeonato',
  'fase',
  'rodada',
  'chave',
  'partida',
  'mandante',
  'visitante',
  'time',
  'jogador_id',
  'jogador_entra_id',
]);
const NAME_FIELDS = new Set([
  'nome',
  'nome_popular',
  'regiao',
  'estado',
  'apelidos',
  'estadio',
  'jogador',
  'jogador_entra',
  'formacao',
  'tecnico',
  'apelido',
  'posicao',
  'posicao_sigla',
]);
const LIST_LIMITS: Record<string, number> = {
  titulares: MAX_LINEUP_PLAYERS,
  reservas: MAX_LINEUP_PLAYERS,
  chaves: MAX_TIES,
  apelidos: MAX_ALIASES,
};

/** The most characters a string under `field` may have (an array's items take the array's field). */
function maxChars(field: string): number {
  return ID_FIELDS.has(field) ? MAX_ID_CHARS : NAME_FIELDS.has(field) ? MAX_NAME_CHARS : MAX_TEXT_CHARS;
}

/** The most items a list under `field` may have: a collection's records, or a list inside a record. */
function maxItems(field: string, depth: number): number {
  return depth === 1 ? MAX_RECORDS : (LIST_LIMITS[field] ?? MAX_RECORDS);
}

export const tooLong = (limit: number): string => `no máximo ${limit} caracteres`;
export const tooMany = (limit: number): string => `no máximo ${limit} itens`;
export const tooDeep = `aninhamento além de ${MAX_DEPTH} níveis`;
export const notWebAddress = 'URL inválida: use um endereço http:// ou https://';
export const above = (limit: number): string => `deve ser ≤ ${limit}`;
export const below = (limit: number): string => `deve ser ≥ ${limit}`;
const loneSurrogate = 'texto inválido: tem um caractere UTF-16 incompleto (surrogate isolado)';
const controlCharacter = 'texto inválido: tem um caractere de controle (U+0000 a U+001F)';

/** A UTF-16 surrogate without its pair: JSON escapes allow it, UTF-8 (DuckDB, the API) cannot hold it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Control characters: no name or URL has one, and DuckDB ends a string at U+0000. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL = /[\u0000-\u001f]/;

/**
 * Every value of `feed` the warehouse cannot hold as given, each with its JSON pointer (at most `max`): a
 * string or list over its limit, text that is not well-formed UTF-16 or has control characters, a number out of range, nesting deeper
 * than the format has.
 */
export function limitIssues(file: string, feed: Feed, max: number): FeedIssue[] {
  const issues: FeedIssue[] = [];
  // The path is kept as a stack and joined only for an issue: most values have none.
  const path: string[] = [];
  const report = (reason: string): void => {
    issues.push({
      file,
      position: { pointer: path.map((p) => `/${p.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('') },
      reason,
    });
  };
  const visit = (value: unknown, field: string): void => {
    if (issues.length >= max) return;
    if (typeof value === 'string') {
      const limit = maxChars(field);
      if (value.length > limit) report(tooLong(limit));
      else if (LONE_SURROGATE.test(value)) report(loneSurrogate);
      else if (CONTROL.test(value)) report(controlCharacter);
      return;
    }
    if (typeof value === 'number') {
      const limit = ID_FIELDS.has(field) ? MAX_INTEGER_ID : MAX_NUMBER;
      if (value > limit) report(above(limit));
      else if (value < -limit) report(below(-limit));
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    if (path.length > MAX_DEPTH) {
      report(tooDeep);
      return;
    }
    if (Array.isArray(value)) {
      const limit = maxItems(field, path.length);
      if (value.length > limit) {
        report(tooMany(limit));
        return;
      }
      for (let i = 0; i < value.length; i++) {
        path.push(String(i));
        visit(value[i], field);
        path.pop();
      }
      return;
    }
    for (const key in value) {
      path.push(key);
      visit((value as Record<string, unknown>)[key], key);
      path.pop();
    }
  };
  visit(feed, '');
  return issues;
}
