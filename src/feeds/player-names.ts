/**
 * The name that groups player records into people (`jogadores.chave_pessoa`): case, accents and punctuation
 * folded, then the player alias table (src/feeds/player-aliases.json, plus the `jogadores` of user alias
 * files) maps a spelling to the person's usual name. Whether two records with the same key are one person is
 * decided from their careers (src/warehouse/people.ts); a spelling differs only through this table.
 */
import { readFileSync } from 'node:fs';
import { FeedRejectedError } from './errors.js';

const aliases = new Map<string, string>();

function fold(nome: string): string {
  return nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function personNameKey(nome: string): string {
  const folded = fold(nome);
  return aliases.get(folded) ?? folded;
}

/**
 * Adds `{"jogadores": {"Usual name": ["spelling", …]}}`. A spelling already bound to another name is an
 * error: moving it silently would merge two people.
 */
export function addPlayerAliases(jogadores: unknown, file: string): void {
  const fail = (pointer: string, reason: string): FeedRejectedError =>
    new FeedRejectedError([{ file, position: { pointer }, reason }]);
  if (typeof jogadores !== 'object' || jogadores === null || Array.isArray(jogadores))
    throw fail('/jogadores', 'esperado um objeto {"Nome usual": ["grafia", …]}');
  for (const [nome, variants] of Object.entries(jogadores)) {
    const pointer = `/jogadores/${nome.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (!Array.isArray(variants) || !variants.every((v) => typeof v === 'string'))
      throw fail(pointer, 'esperada uma lista de grafias do nome');
    const key = aliases.get(fold(nome)) ?? fold(nome);
    for (const name of [nome, ...(variants as string[])]) {
      const bound = aliases.get(fold(name));
      if (bound !== undefined && bound !== key) throw fail(pointer, `"${name}" já é grafia de "${bound}"`);
      aliases.set(fold(name), key);
    }
  }
}

const BUILT_IN = new URL('./player-aliases.json', import.meta.url);
addPlayerAliases((JSON.parse(readFileSync(BUILT_IN, 'utf8')) as { jogadores: unknown }).jogadores, BUILT_IN.pathname);
