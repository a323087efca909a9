/**
 * Canonical feed records → snapshot rows (sql/schema.sql columns), with the defaults the feed format
 * documents and the values computed once at ingest (slugs, kick-off parts, age, name keys).
 */
import type {
  FeedCampeonato,
  FeedChave,
  FeedEscalacao,
  FeedEstatisticas,
  FeedEvento,
  FeedFase,
  FeedJogador,
  FeedJogadorEscalado,
  FeedPartida,
  FeedRodada,
  FeedTime,
  FeedEstatisticasJogador,
} from '../../feeds/canonical.js';
import { GOALKEEPER_STAT_FIELDS, PLAYER_STAT_FIELDS, STAT_FIELDS } from '../../feeds/statistics-fields.js';
import { personNameKey } from '../../feeds/player-names.js';
import { curatedSigla } from '../../feeds/team-siglas.js';
import { normalizeTeamName } from '../../feeds/team-names.js';
import type { Row } from '../duckdb-util.js';
import { ageOn, kickoff } from '../kickoff.js';
import { slugify } from '../../slug.js';
import { defaultSigla } from '../slug.js';

export function campeonatoRow(id: number, c: FeedCampeonato, fonte: string): Row {
  return {
    id,
    nome: c.nome,
    nome_popular: c.nome_popular ?? c.nome,
    slug: campeonatoSlug(c),
    temporada: c.temporada,
    tipo: c.tipo,
    regiao: c.regiao ?? 'nacional',
    logo_url: c.logo_url ?? null,
    status_fonte: c.status ?? null,
    fonte,
  };
}

export function campeonatoSlug(c: FeedCampeonato): string {
  return c.slug ?? slugify(c.nome);
}

/** `sigla` is final when the source or the curated table gives it; otherwise siglas.ts assigns it after the load. */
export function timeRow(id: number, t: FeedTime, fonte: string): Row {
  const siglaFonte = t.sigla ?? curatedSigla(t.nome) ?? null;
  return {
    id,
    nome: t.nome,
    sigla: siglaFonte ?? defaultSigla(t.nome),
    tipo: t.tipo ?? 'clube',
    escudo_url: t.escudo_url ?? null,
    estado: t.estado ?? null,
    nome_normalizado: normalizeTeamName(t.nome),
    fonte,
    sigla_fonte: siglaFonte,
  };
}

/** The names a team record uses (`nome` and `apelidos`), each a `times_apelidos` row. */
export function apelidoRows(timeId: number, t: FeedTime, fonte: string): Row[] {
  return [...new Set([t.nome, ...(t.apelidos ?? [])].map((a) => a.trim()))].map((apelido) => ({
    time_id: timeId,
    apelido,
    fonte,
  }));
}

export function jogadorRow(
  id: number,
  timeId: number | null,
  j: Pick<FeedJogador, 'nome'> & Partial<FeedJogador>,
  fonte: string,
  now: Date,
): Row {
  const nascimento = j.data_nascimento ?? null;
  return {
    id,
    time_id: timeId,
    nome: j.nome,
    nome_popular: j.nome_popular ?? j.nome,
    posicao: j.posicao ?? null,
    numero_camisa: j.numero_camisa ?? null,
    data_nascimento: nascimento,
    idade: nascimento ? ageOn(nascimento, now) : (j.idade ?? null),
    fonte,
    gols: 0,
    chave_pessoa: personNameKey(j.nome),
    pessoa_id: null,
  };
}

export function faseRow(id: number, campeonatoId: number, f: FeedFase, fonte: string): Row {
  return {
    id,
    campeonato_id: campeonatoId,
    nome: f.nome,
    slug: f.slug ?? slugify(f.nome),
    ordem: f.ordem,
    tipo: f.tipo,
    ida_e_volta: f.ida_e_volta,
    decisivo: f.decisivo ?? false,
    eliminatorio: f.eliminatorio ?? f.tipo === 'mata-mata',
    fonte,
  };
}

export function chaveRow(id: number, faseId: number, c: FeedChave, index: number, fonte: string): Row {
  return { id, fase_id: faseId, nome: c.nome, slug: c.slug ?? slugify(c.nome), ordem: c.ordem ?? index + 1, fonte };
}

export function rodadaRow(id: number, campeonatoId: number, faseId: number | null, r: FeedRodada, fonte: string): Row {
  const nome = r.nome ?? `${r.numero}ª Rodada`;
  return { id, campeonato_id: campeonatoId, fase_id: faseId, numero: r.numero, nome, slug: slugify(nome), fonte };
}

export interface PartidaRefs {
  campeonato_id: number;
  rodada_id: number | null;
  fase_id: number | null;
  chave_id: number | null;
  time_mandante_id: number;
  time_visitante_id: number;
}

/** `slugs`: the two teams' names through slugify (the loader computes each team's once). */
export function partidaRow(
  id: number,
  refs: PartidaRefs,
  p: FeedPartida,
  slugs: { mandante: string; visitante: string },
  fonte: string,
): Row {
  const k = kickoff(p.data_hora, p.data ?? null);
  const data = k.data_local ? `-${k.data_local.split('-').reverse().join('-')}` : '';
  return {
    id,
    ...refs,
    jogo: p.jogo ?? null,
    placar_mandante: p.placar_mandante,
    placar_visitante: p.placar_visitante,
    prorrogacao: p.prorrogacao ?? false,
    penalti_mandante: p.penalti?.placar_mandante ?? null,
    penalti_visitante: p.penalti?.placar_visitante ?? null,
    status: p.status,
    data_hora: p.data_hora,
    ...k,
    estadio: p.estadio ?? null,
    slug: `${slugs.mandante}-${slugs.visitante}${data}`,
    fonte,
  };
}

/**
 * The same match from two sources: what the incoming one lacks (null) is kept from the other, the
 * kick-off as a whole (with the slug that carries its date; a date without a time never replaces a
 * kick-off). Mirrors the `partidas` section of
 * upsert.sql, which does the same against the stored row (docs/decisions.md, "Merging a match two sources know").
 */
export function mergedPartidaRow(kept: Row, incoming: Row): Row {
  const row: Row = { ...incoming };
  // A final score is changed only by the source that wrote it (load/conflicts.ts), which stays the row's source.
  if (kept.status === 'encerrado' && incoming.status === 'encerrado') {
    for (const c of ['placar_mandante', 'placar_visitante', 'fonte']) row[c] = kept[c];
  }
  for (const c of ['rodada_id', 'fase_id', 'chave_id', 'jogo', 'penalti_mandante', 'penalti_visitante', 'estadio'])
    row[c] ??= kept[c];
  // A date alone never replaces a kick-off; a date replaces nothing.
  const keepKickoff = incoming.data_hora === null && (kept.data_hora !== null || incoming.data_local === null);
  if (keepKickoff) for (const c of ['data_hora', 'inicio_utc', 'data_local', 'hora_local', 'slug']) row[c] = kept[c];
  return row;
}

export interface EventoRefs {
  partida_id: number;
  time_id: number;
  jogador_id: number | null;
  jogador_entra_id: number | null;
}

export function eventoRow(id: number, refs: EventoRefs, e: FeedEvento, fonte: string): Row {
  return {
    id,
    ...refs,
    tipo: e.tipo,
    minuto: e.minuto,
    acrescimo: e.acrescimo ?? null,
    jogador: e.jogador ?? null,
    jogador_entra: e.jogador_entra ?? null,
    fonte,
  };
}

export function escalacaoRow(partidaId: number, timeId: number, e: FeedEscalacao, fonte: string): Row {
  return {
    partida_id: partidaId,
    lado: e.lado,
    time_id: timeId,
    formacao: e.formacao ?? null,
    tecnico: e.tecnico ?? null,
    confirmada: e.confirmada,
    fonte,
  };
}

export function escaladoRow(
  partidaId: number,
  lado: string,
  titular: boolean,
  ordem: number,
  j: FeedJogadorEscalado,
  ids: { jogador_id: number | null; substituto_id: number | null },
): Row {
  const sub = j.substituido_por;
  return {
    partida_id: partidaId,
    lado,
    titular,
    ordem,
    jogador_id: ids.jogador_id,
    nome: j.nome,
    apelido: j.apelido ?? j.nome,
    numero: j.numero ?? null,
    posicao: j.posicao ?? null,
    posicao_sigla: j.posicao_sigla ?? null,
    foto_url: j.foto_url ?? null,
    substituido_por: sub
      ? JSON.stringify({ jogador_id: ids.substituto_id, nome: sub.nome, minuto: sub.minuto ?? null })
      : null,
    estatisticas: j.estatisticas ? JSON.stringify(playerStats(j.estatisticas)) : null,
  };
}

/**
 * A player's detailed statistics with every field of the spec, in its order, `null` where the source did not
 * report it (spec general rule 2: an unused substitute's record names every key). `goleiro` is always the
 * object, its fields null for a player the source gave none for.
 */
function playerStats(e: FeedEstatisticasJogador): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of PLAYER_STAT_FIELDS) out[f] = e[f] ?? null;
  const goleiro: Record<string, unknown> = {};
  for (const f of GOALKEEPER_STAT_FIELDS) goleiro[f] = e.goleiro?.[f] ?? null;
  out.goleiro = goleiro;
  return out;
}

/**
 * An `estatisticas` row, every column named in the code: generated (like the staging's cell writer) so that
 * each field is a property read through an inline cache and the row is one object literal in fast mode;
 * copying ~55 fields in a loop over their names was a generic keyed lookup each, most of the time of
 * staging the CSV family's 17,570 statistics rows.
 */
const buildEstatisticasRow = new Function(
  'partida_id',
  'time_id',
  's',
  'fonte',
  `return {
  partida_id, lado: s.lado, time_id, origem: s.origem, fonte,
  ${STAT_FIELDS.map((f) => `${JSON.stringify(f)}: s[${JSON.stringify(f)}] ?? null`).join(',\n  ')}
};`,
) as (partidaId: number, timeId: number, s: FeedEstatisticas, fonte: string) => Row;

export function estatisticasRow(partidaId: number, timeId: number, s: FeedEstatisticas, fonte: string): Row {
  return buildEstatisticasRow(partidaId, timeId, s, fonte);
}
