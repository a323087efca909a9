/**
 * Siglas of the teams whose source gives none and that the curated table (src/feeds/team-siglas.json) does
 * not know. Rule, deterministic: in id order (ids are stable), each such team takes the first of its
 * candidates (siglaCandidates) that no other team holds (a source's or the table's sigla, every sigla of the
 * table, a sigla given earlier by this rule). A sigla is then unique across all teams, so within every
 * championship; a sigla the source gives is kept as given. Recomputed after every load that writes teams
 * (a few hundred rows), before derive and event detection read them.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { CURATED_SIGLAS } from '../feeds/team-siglas.js';
import { slugify } from '../slug.js';
import { queryRows } from './duckdb-util.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Three-letter candidates for a name, most natural first: its first three letters (`Altos` ALT); for a name of
 * several words, the initials of the first three, then the first letter with the second word's initial and
 * each later letter of it (`Nova Iguaçu` NIG); then the first letter with every later pair of letters in
 * order; then the first letter with any two letters.
 */
export function* siglaCandidates(nome: string): Generator<string> {
  const words = slugify(nome)
    .split('-')
    .map((w) => w.replace(/[^a-z]/g, ''))
    .filter((w) => w !== '');
  const letters = words.join('').toUpperCase();
  const first = letters[0] ?? 'X';
  if (letters.length >= 3) yield letters.slice(0, 3);
  if (words.length >= 2) {
    const initials = words.map((w) => (w[0] ?? '').toUpperCase()).join('');
    if (initials.length >= 3) yield initials.slice(0, 3);
    const second = (words[1] ?? '').toUpperCase();
    for (let i = 1; i < second.length; i++) yield `${first}${second[0]}${second[i]}`;
  }
  for (const pair of laterPairs(letters)) yield `${first}${pair}`;
  for (const a of ALPHABET) for (const b of ALPHABET) yield `${first}${a}${b}`;
}

/**
 * The distinct pairs of letters `letters[i]`, `letters[j]` (1 ≤ i < j), in the order a loop over every i and
 * then every j first reaches them, in linear time: that loop was quadratic in the name's length (two 64 KiB
 * names took minutes). A pair first appears at its first letter's first position, with the later letters in
 * the order they are first seen after it; at most 26 positions, each scanned once.
 */
function* laterPairs(letters: string): Generator<string> {
  const firsts = new Set<string>();
  for (let i = 1; i < letters.length && firsts.size < ALPHABET.length; i++) {
    const a = letters[i] as string;
    if (firsts.has(a)) continue;
    firsts.add(a);
    const seconds = new Set<string>();
    for (let j = i + 1; j < letters.length && seconds.size < ALPHABET.length; j++) {
      const b = letters[j] as string;
      if (seconds.has(b)) continue;
      seconds.add(b);
      yield `${a}${b}`;
    }
  }
}

/** Applies the rule to the stored teams; updates only the siglas that change, and returns their team ids. */
export async function assignSiglas(conn: DuckDBConnection): Promise<number[]> {
  const teams = await queryRows<{ id: number; nome: string; sigla: string; sigla_fonte: string | null }>(
    conn,
    'SELECT id, nome, sigla, sigla_fonte FROM times ORDER BY id',
  );
  const taken = new Set<string>(CURATED_SIGLAS);
  for (const t of teams) if (t.sigla_fonte !== null) taken.add(t.sigla_fonte);
  const changes: [number, string][] = [];
  for (const t of teams) {
    if (t.sigla_fonte !== null) continue;
    let sigla = '';
    for (const candidate of siglaCandidates(t.nome)) {
      if (!taken.has(candidate)) {
        sigla = candidate;
        break;
      }
    }
    taken.add(sigla);
    if (sigla !== t.sigla) changes.push([t.id, sigla]);
  }
  if (changes.length === 0) return [];
  const values = changes.map(([id, sigla]) => `(${id}, '${sigla}')`).join(', ');
  await conn.run(`UPDATE times SET sigla = v.sigla FROM (VALUES ${values}) AS v(id, sigla) WHERE times.id = v.id`);
  return changes.map(([id]) => id);
}
