import type { AuthContext } from '../auth-context.js';
import { assertChampionship, canRead } from '../middleware/plan-access.js';
import type { Built, ServedSnapshot } from '../snapshot/served-snapshot.js';
import type { Partition } from '../snapshot/partition.js';
import type { CampeonatoRow, PartidaRow } from '../snapshot/tables.js';
import { MAX_AGE, maxAgeFor } from './cache-policy.js';
import { CAMPEONATO_NAO_ENCONTRADO, notFound } from './not-found.js';
import type { List, One } from '../openapi/json-schema.js';
import type {
  Campeonato,
  ChaveCampeonato,
  Cobertura,
  Fase,
  Jogador,
  LinhaClassificacao,
  Partida,
  Rodada,
  RodadaAvulsa,
  Tabela,
  TabelaFase,
  Time,
} from '../openapi/schemas.js';
import { campeonato, type Shapes } from './shapes.js';

/** Endpoints 1–13: championships and everything inside one. */

/** The `meta` of a page (matches, deliveries). */
interface PaginaMeta {
  total: number;
  por_pagina: number;
  pagina_atual: number;
  ultima_pagina: number;
}
type CampTotal = { campeonato_id: number; total: number };

export interface CampeonatoFiltro {
  temporada?: string;
  status?: string;
  tipo?: string;
}

/** The championship, after the 404 and access-list (403) checks. */
export function findCampeonato(s: ServedSnapshot, auth: AuthContext, id: number): CampeonatoRow {
  const c = s.global.campeonato.get(id);
  if (!c) throw CAMPEONATO_NAO_ENCONTRADO;
  assertChampionship(auth, id);
  return c;
}

function championshipAge(c: CampeonatoRow): number {
  return maxAgeFor(c.status, 'encerrado');
}

export function listCampeonatos(
  s: ServedSnapshot,
  auth: AuthContext,
  f: CampeonatoFiltro,
): Built<List<Campeonato, { total: number }>> {
  const data = s.global.campeonatos
    .filter(
      (c) =>
        canRead(auth, c.id) &&
        (f.temporada === undefined || c.temporada === f.temporada) &&
        (f.status === undefined || c.status === f.status) &&
        (f.tipo === undefined || c.tipo === f.tipo),
    )
    .map(campeonato);
  return { payload: { data, meta: { total: data.length } }, maxAge: MAX_AGE.changing };
}

export function getCampeonato(c: CampeonatoRow): Built<One<Campeonato>> {
  return { payload: { data: campeonato(c) }, maxAge: championshipAge(c) };
}

export interface PartidaFiltro {
  rodada?: number;
  status?: string;
  time?: number;
  data_inicio?: string;
  data_fim?: string;
  pagina: number;
  por_pagina: number;
}

/** `rodadaId`: undefined = no round filter; null = the asked round does not exist (nothing matches). */
function matchesFilter(p: PartidaRow, f: PartidaFiltro, rodadaId: number | null | undefined): boolean {
  return (
    (rodadaId === undefined || (rodadaId !== null && p.rodada_id === rodadaId)) &&
    (f.status === undefined || p.status === f.status) &&
    (f.time === undefined || p.time_mandante_id === f.time || p.time_visitante_id === f.time) &&
    (f.data_inicio === undefined || (p.data_local !== null && p.data_local >= f.data_inicio)) &&
    (f.data_fim === undefined || (p.data_local !== null && p.data_local <= f.data_fim))
  );
}

/** Matches ordered by kick-off; a page past the last one is an empty page, not an error. */
export function listPartidas(
  sh: Shapes,
  part: Partition,
  c: CampeonatoRow,
  f: PartidaFiltro,
): Built<List<Partida, PaginaMeta & { campeonato_id: number }>> {
  const rodadaId = f.rodada === undefined ? undefined : (part.rodadas.find((r) => r.numero === f.rodada)?.id ?? null);
  const all = part.partidas.filter((p) => matchesFilter(p, f, rodadaId));
  const start = (f.pagina - 1) * f.por_pagina;
  const data = all.slice(start, start + f.por_pagina).map((p) => sh.match(p));
  const meta = {
    total: all.length,
    por_pagina: f.por_pagina,
    pagina_atual: f.pagina,
    ultima_pagina: Math.max(1, Math.ceil(all.length / f.por_pagina)),
    campeonato_id: c.id,
  };
  return { payload: { data, meta }, maxAge: championshipAge(c) };
}

export function listRodadas(sh: Shapes, part: Partition, c: CampeonatoRow): Built<List<Rodada, CampTotal>> {
  const data = part.rodadas.map((r) => sh.round(r));
  return { payload: { data, meta: { campeonato_id: c.id, total: data.length } }, maxAge: championshipAge(c) };
}

export function getRodada(sh: Shapes, part: Partition, _c: CampeonatoRow, numero: number): Built<One<RodadaAvulsa>> {
  const r = part.rodadas.find((x) => x.numero === numero);
  if (!r) throw notFound('Rodada não encontrada');
  return { payload: { data: sh.round(r, true) }, maxAge: maxAgeFor(r.status, 'encerrada') };
}

function knockoutFases(part: Partition) {
  return part.fases.filter((f) => f.tipo === 'mata-mata');
}

export function getChave(sh: Shapes, part: Partition, c: CampeonatoRow): Built<One<ChaveCampeonato>> {
  const fases = knockoutFases(part);
  if (fases.length === 0) throw notFound('Campeonato sem chaveamento (não tem fases de mata-mata)');
  const data: ChaveCampeonato = {
    campeonato_id: c.id,
    campeonato_nome: c.nome,
    temporada: c.temporada,
    fases: fases.map((f) => ({ id: f.id, nome: f.nome, slug: f.slug, tipo: f.tipo, chaves: sh.chaves(f.id) })),
  };
  return { payload: { data }, maxAge: championshipAge(c) };
}

export function listFases(sh: Shapes, part: Partition, c: CampeonatoRow): Built<List<Fase, CampTotal>> {
  const data = part.fases.map((f) => sh.phase(f, false));
  return { payload: { data, meta: { campeonato_id: c.id, total: data.length } }, maxAge: championshipAge(c) };
}

function findFase(part: Partition, faseId: number) {
  const f = part.fase.get(faseId);
  if (!f) throw notFound('Fase não encontrada neste campeonato');
  return f;
}

export function getFase(sh: Shapes, part: Partition, faseId: number): Built<One<Fase>> {
  const f = findFase(part, faseId);
  return { payload: { data: sh.phase(f, true) }, maxAge: maxAgeFor(f.status, 'finalizada') };
}

function standings(sh: Shapes, part: Partition, faseId: number | null): LinhaClassificacao[] {
  return (part.classificacao.get(faseId ?? '') ?? []).map((r) => ({
    posicao: r.posicao,
    // A standings row's team is always in the snapshot (the ingest derives the table from its matches).
    time: sh.teamOf(r.time_id) as Time,
    pontos: r.pontos,
    jogos: r.jogos,
    vitorias: r.vitorias,
    empates: r.empates,
    derrotas: r.derrotas,
    gols_pro: r.gols_pro,
    gols_contra: r.gols_contra,
    saldo: r.saldo,
    // An extension (docs/api.md): the adjustments `pontos` includes, as the public record states them.
    // JSON the ingest writes (sql/derive/05-classificacao.sql): typed on trust.
    ajustes: r.ajustes === null ? [] : (JSON.parse(r.ajustes) as LinhaClassificacao['ajustes']),
  }));
}

export function getTabelaFase(sh: Shapes, part: Partition, c: CampeonatoRow, faseId: number): Built<One<TabelaFase>> {
  const f = findFase(part, faseId);
  const data: TabelaFase = {
    campeonato_id: c.id,
    campeonato_nome: c.nome,
    fase_id: f.id,
    fase_nome: f.nome,
    temporada: c.temporada,
    classificacao: standings(sh, part, f.id),
  };
  return { payload: { data }, maxAge: maxAgeFor(f.status, 'finalizada') };
}

export function getTabela(sh: Shapes, part: Partition, c: CampeonatoRow): Built<One<Tabela>> {
  const data: Tabela = {
    campeonato_id: c.id,
    campeonato_nome: c.nome,
    temporada: c.temporada,
    classificacao: standings(sh, part, null),
  };
  return { payload: { data }, maxAge: championshipAge(c) };
}

export function getArtilharia(
  s: ServedSnapshot,
  sh: Shapes,
  part: Partition,
  c: CampeonatoRow,
): Built<List<Jogador, { campeonato_id: number; campeonato_nome: string; total: number }>> {
  const data: Jogador[] = [];
  for (const a of part.artilharia) {
    const j = s.global.players.get(a.jogador_id);
    if (j) data.push(sh.player(j, a.gols, a.time_id ?? j.time_id));
  }
  return {
    payload: { data, meta: { campeonato_id: c.id, campeonato_nome: c.nome, total: data.length } },
    maxAge: championshipAge(c),
  };
}

/**
 * A match is overdue when it kicked off more than this long ago and is still `aguardando` or `ao_vivo`: a
 * match with extra time and penalties is over within 3 hours, so its feed has stopped (docs/api.md).
 */
export const OVERDUE_AFTER_MS = 3 * 3_600_000;

/** How many of the ascending kick-offs `pendentes` are overdue at `now`. */
function overdue(pendentes: readonly number[], now: number): number {
  let lo = 0;
  let hi = pendentes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((pendentes[mid] as number) < now - OVERDUE_AFTER_MS) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function coverage(s: ServedSnapshot, c: CampeonatoRow, now: number): Cobertura {
  const cov = s.global.cobertura.get(c.id);
  return {
    campeonato_id: c.id,
    slug: c.slug,
    nome: c.nome,
    temporada: c.temporada,
    tipo: c.tipo,
    regiao: c.regiao,
    logo_url: c.logo_url,
    cobertura: {
      classificacao: cov?.classificacao ?? 'nao_coberto',
      rodadas: cov?.rodadas ?? 'nao_coberto',
      partidas: cov?.partidas ?? 'nao_coberto',
      ao_vivo: cov?.ao_vivo ?? 'nao_coberto',
      escalacoes: cov?.escalacoes ?? 'nao_coberto',
      estatisticas: cov?.estatisticas ?? 'nao_coberto',
    },
    // Extensions (docs/api.md): when the data last moved, and how many matches it should have finished.
    atualizado_em: cov?.atualizado_em ?? null,
    partidas_atrasadas: overdue(cov?.pendentes ?? [], now),
  };
}

export function getCobertura(s: ServedSnapshot, c: CampeonatoRow, now: number): Built<One<Cobertura>> {
  return { payload: { data: coverage(s, c, now) }, maxAge: Math.min(championshipAge(c), MAX_AGE.changing) };
}

/** Spec endpoint 13, "every championship of the season": the latest season stored unless `temporada` names one. */
export function listCobertura(
  s: ServedSnapshot,
  auth: AuthContext,
  temporada: string | undefined,
  now: number,
): Built<List<Cobertura, { total: number }>> {
  const season = temporada ?? latestSeason(s);
  const data = s.global.campeonatos
    .filter((c) => canRead(auth, c.id) && c.temporada === season)
    .map((c) => coverage(s, c, now));
  return { payload: { data, meta: { total: data.length } }, maxAge: MAX_AGE.changing };
}

/** The current season: the latest one any stored championship belongs to (seasons are years, `2026`). */
function latestSeason(s: ServedSnapshot): string | undefined {
  let latest: string | undefined;
  for (const c of s.global.campeonatos) if (latest === undefined || c.temporada > latest) latest = c.temporada;
  return latest;
}
