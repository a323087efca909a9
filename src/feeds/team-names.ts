/**
 * Team name resolution key: the same club gets the same key whichever source named it
 * (`Flamengo`, `Flamengo RJ`, `CR Flamengo` → `flamengo`). Rules, in order:
 * 1. fold case, accents and punctuation;
 * 2. a name listed in the alias table (src/feeds/team-aliases.json, plus user files) maps to its club;
 * 3. otherwise drop a trailing state code (` RJ`) and club affixes (`CR`, `SC`, `EC`, `FC`, `CA`, `SE`…)
 *    and look the rest up again. For a name that several clubs share (`Botafogo`, `América`, `Atlético`…)
 *    the state stays in the key, so `Botafogo PB` never becomes the Rio club.
 * Names reached through rule 3 without an alias entry are "unknown": new teams the ingest reports.
 */
import { readFileSync } from 'node:fs';
import { FeedRejectedError } from './errors.js';
import { addPlayerAliases } from './player-names.js';

export interface TeamName {
  /** The resolution key (`times.nome_normalizado`). */
  chave: string;
  /** The club's name from the alias table, or the name as given when the table does not know it. */
  nome: string;
  /** Whether the alias table knows the club. */
  conhecido: boolean;
}

const STATES = new Set('ac al ap am ba ce df es go ma mt ms mg pa pb pr pe pi rj rn rs ro rr sc sp se to'.split(' '));
/** Legal-form initials that sources put before or after a club's name. */
const CLUB_AFFIXES = new Set(['aa', 'ac', 'ad', 'af', 'afc', 'ca', 'cr', 'ec', 'fbc', 'fbpa', 'fc', 'sc', 'se', 'ser']);

interface AliasEntry {
  chave: string;
  nome: string;
}

const aliases = new Map<string, AliasEntry>();
const ambiguous = new Set<string>();

/** Case, accents and punctuation folded; dots vanish so `S.E.R.` reads as one word. */
function fold(nome: string): string {
  return nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function resolveTeamName(nome: string): TeamName {
  const folded = fold(nome);
  const direct = aliases.get(folded);
  if (direct) return { ...direct, conhecido: true };
  const words = folded.split(' ');
  const last = words[words.length - 1];
  const state = words.length > 1 && last !== undefined && STATES.has(last) ? words.pop() : undefined;
  while (words.length > 1 && CLUB_AFFIXES.has(words[0] ?? '')) words.shift();
  while (words.length > 1 && CLUB_AFFIXES.has(words[words.length - 1] ?? '')) words.pop();
  const core = words.join(' ');
  const candidates = state ? [`${core} ${state}`, ...(ambiguous.has(core) ? [] : [core])] : [core];
  for (const candidate of candidates) {
    const entry = aliases.get(candidate);
    if (entry) return { ...entry, conhecido: true };
  }
  return { chave: state && ambiguous.has(core) ? `${core} ${state}` : core, nome: nome.trim(), conhecido: false };
}

export function normalizeTeamName(nome: string): string {
  return resolveTeamName(nome).chave;
}

/**
 * Adds an alias document `{"clubes": {"Club name": ["variant", …]}, "ambiguos"?: ["core", …]}` (the shape of
 * team-aliases.json). A variant already bound to another club is an error: silently moving it would merge two
 * clubs.
 */
export function addAliases(document: unknown, file: string): void {
  const doc = asRecord(document);
  const clubes = asRecord(doc?.clubes);
  if (!doc || !clubes) throw aliasError(file, '', 'esperado um objeto {"clubes": {"Nome do clube": ["variante", …]}}');
  const extra = doc.ambiguos;
  if (extra !== undefined && !isStringArray(extra)) throw aliasError(file, '/ambiguos', 'esperada uma lista de nomes');
  for (const core of extra ?? []) ambiguous.add(fold(core));
  for (const [nome, variants] of Object.entries(clubes)) {
    const pointer = `/clubes/${nome.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (!isStringArray(variants)) throw aliasError(file, pointer, 'esperada uma lista de variantes do nome');
    const entry = aliases.get(fold(nome)) ?? { chave: fold(nome), nome };
    for (const name of [nome, ...variants]) {
      const key = fold(name);
      const bound = aliases.get(key);
      if (bound && bound.chave !== entry.chave) {
        throw aliasError(file, pointer, `"${name}" já é apelido de "${bound.nome}"`);
      }
      aliases.set(key, entry);
    }
  }
}

/**
 * Reads a user's alias file into the tables for this process: `clubes` (and `ambiguos`) as in
 * team-aliases.json, `jogadores` as in player-aliases.json; either may be absent, not both.
 */
export function loadAliases(file: string): void {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw aliasError(file, undefined, 'arquivo de apelidos não encontrado');
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw aliasError(file, undefined, 'arquivo de apelidos não é JSON válido');
  }
  const doc = asRecord(document);
  if (doc?.jogadores !== undefined) addPlayerAliases(doc.jogadores, file);
  if (doc?.jogadores === undefined || doc.clubes !== undefined) addAliases(document, file);
}

function aliasError(file: string, pointer: string | undefined, reason: string): FeedRejectedError {
  return new FeedRejectedError([{ file, position: pointer === undefined ? {} : { pointer }, reason }]);
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

const BUILT_IN = new URL('./team-aliases.json', import.meta.url);
addAliases(JSON.parse(readFileSync(BUILT_IN, 'utf8')) as unknown, BUILT_IN.pathname);
