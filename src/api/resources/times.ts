import type { Built, ServedSnapshot } from '../snapshot/served-snapshot.js';
import type { JogadorRow } from '../snapshot/tables.js';
import type { List, One } from '../openapi/json-schema.js';
import type { Jogador, Time } from '../openapi/schemas.js';
import { foldText } from '../text.js';
import { MAX_AGE } from './cache-policy.js';
import { notFound } from './not-found.js';
import { POSICAO_ORDEM, time } from './shapes.js';

/** Endpoints 18–21: teams and players. */

export const SEARCH_LIMIT = 20;

type Total = { total: number };

/** Matches whose folded text starts with the term rank first, then the rest, each alphabetically. */
function search<T extends { busca: string }>(rows: Iterable<T>, q: string, keep: (r: T) => boolean): T[] {
  const term = foldText(q);
  const starts: T[] = [];
  const rest: T[] = [];
  // A term of punctuation alone folds to nothing, which would match everything.
  if (term === '') return [];
  for (const r of rows) {
    if (!keep(r) || !r.busca.includes(term)) continue;
    (r.busca.startsWith(term) || r.busca.includes(`\n${term}`) ? starts : rest).push(r);
  }
  return [...starts, ...rest].slice(0, SEARCH_LIMIT);
}

export function searchTimes(s: ServedSnapshot, q: string, tipo: string | undefined): Built<List<Time, Total>> {
  const data = search(s.global.teams.list, q, (t) => tipo === undefined || t.tipo === tipo).map(time);
  return { payload: { data, meta: { total: data.length } }, maxAge: MAX_AGE.changing };
}

function byPositionThenName(a: JogadorRow, b: JogadorRow): number {
  const pa = a.posicao === null ? POSICAO_ORDEM.length : POSICAO_ORDEM.indexOf(a.posicao);
  const pb = b.posicao === null ? POSICAO_ORDEM.length : POSICAO_ORDEM.indexOf(b.posicao);
  return pa - pb || a.nome.localeCompare(b.nome, 'pt-BR') || a.id - b.id;
}

export function listJogadoresDoTime(s: ServedSnapshot, timeId: number): Built<List<Jogador, Total>> {
  if (!s.global.teams.byId.has(timeId)) throw notFound('Time não encontrado');
  const data = s.global.players
    .squad(timeId)
    .sort(byPositionThenName)
    .map((j) => s.shapes.player(j));
  return { payload: { data, meta: { total: data.length } }, maxAge: MAX_AGE.changing };
}

export function searchJogadores(
  s: ServedSnapshot,
  q: string,
  timeId: number | undefined,
  posicao: string | undefined,
): Built<List<Jogador, Total>> {
  const data = search(
    s.global.players.list(),
    q,
    (j) => (timeId === undefined || j.clubes.includes(timeId)) && (posicao === undefined || j.posicao === posicao),
  ).map((j) => s.shapes.player(j));
  return { payload: { data, meta: { total: data.length } }, maxAge: MAX_AGE.changing };
}

export function getJogador(s: ServedSnapshot, id: number): Built<One<Jogador>> {
  const j = s.global.players.get(id);
  if (!j) throw notFound('Jogador não encontrado');
  return { payload: { data: s.shapes.player(j) }, maxAge: MAX_AGE.changing };
}
