/**
 * The abbreviations Brazilian fans know (CAM Atlético Mineiro, CAP Athletico Paranaense, COR Corinthians,
 * CFC Coritiba…), for teams whose source gives no `sigla`: src/feeds/team-siglas.json, club name → sigla,
 * looked up by the club's resolution key, so every spelling and alias of a club finds it. No sigla repeats
 * in the table; clubs outside it get one from the rule in src/warehouse/siglas.ts.
 */
import { readFileSync } from 'node:fs';
import { normalizeTeamName } from './team-names.js';

const TABLE = new URL('./team-siglas.json', import.meta.url);

function load(): { byKey: Map<string, string>; siglas: Set<string> } {
  const doc = JSON.parse(readFileSync(TABLE, 'utf8')) as Record<string, string>;
  const byKey = new Map<string, string>();
  const owner = new Map<string, string>();
  for (const [nome, sigla] of Object.entries(doc)) {
    // The table ships with the code: a slip in it is a bug, caught by the first test that loads it.
    if (!/^[A-Z]{3}$/.test(sigla)) throw new Error(`team-siglas.json: sigla inválida "${sigla}" (${nome})`);
    const other = owner.get(sigla);
    if (other !== undefined) throw new Error(`team-siglas.json: sigla ${sigla} repetida (${other}, ${nome})`);
    const key = normalizeTeamName(nome);
    if (byKey.has(key)) throw new Error(`team-siglas.json: "${nome}" é o mesmo clube que outra entrada`);
    owner.set(sigla, nome);
    byKey.set(key, sigla);
  }
  return { byKey, siglas: new Set(owner.keys()) };
}

const { byKey, siglas } = load();

/** Every sigla of the table: the rule never hands one out, so a club of the table can always have its own. */
export const CURATED_SIGLAS: ReadonlySet<string> = siglas;

/** The table's sigla for a team name (any spelling the name resolution knows), or undefined. */
export function curatedSigla(nome: string): string | undefined {
  return byKey.get(normalizeTeamName(nome));
}
