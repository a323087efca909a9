/**
 * What the two openfootball formats (football.json and football.txt) share once parsed: a title such as
 * "Brasileiro Série A 2019" and a list of matches with round names and scores. This module turns them into
 * one canonical feed: championship, rounds (`Matchday N`), knockout phases (any other round name) with their
 * two-legged ties paired into bracket `chaves`, teams and matches.
 *
 * Source ids are built from content (the format has none): `<slug>/<temporada>` for the championship; for a
 * match, the championship (league) or phase (knockout) plus the two teams' name keys, so the json and the txt
 * file of one season name the same matches even where they spell a club differently, and re-ingesting a file
 * updates them in place.
 */
import type {
  Feed,
  FeedCampeonato,
  FeedChave,
  FeedFase,
  FeedPartida,
  FeedRodada,
  FeedTime,
  StatusPartida,
  TipoCampeonato,
} from '../canonical.js';
import { FEED_FORMAT } from '../canonical.js';
import type { FeedPosition } from '../errors.js';
import { FeedRejectedError } from '../errors.js';
import { normalizeTeamName, resolveTeamName } from '../team-names.js';
import { slugify } from '../../slug.js';
import { brasiliaKickoff } from './brasilia-time.js';
import type { AdapterOptions } from './types.js';

export const OPENFOOTBALL_SOURCE = 'openfootball';

export type ScorePair = readonly [number, number];

export interface OpenfootballScore {
  ft?: ScorePair;
  ht?: ScorePair;
  /** After extra time. */
  et?: ScorePair;
  /** Penalty shoot-out. */
  p?: ScorePair;
}

export interface OpenfootballMatch {
  /** Where the match is in its file, for error messages. */
  position: FeedPosition;
  round: string;
  /** `YYYY-MM-DD`, local date. */
  date: string;
  /** `HH:MM` local time, or null when the file does not give it. */
  time: string | null;
  team1: string;
  team2: string;
  score: OpenfootballScore;
  /** `[postponed]` and the like: the match has not been played. */
  adiado?: boolean;
}

export interface OpenfootballDocument {
  file: string;
  title: string;
  titlePosition: FeedPosition;
  matches: readonly OpenfootballMatch[];
}

/** Competitions whose openfootball title differs from the name the other sources use. */
const KNOWN_COMPETITIONS: readonly {
  title: RegExp;
  nome: (m: RegExpExecArray) => string;
  popular?: (m: RegExpExecArray) => string;
}[] = [
  {
    title: /^Brasileiro Série ([A-D])$/i,
    nome: (m) => `Campeonato Brasileiro Série ${m[1]}`,
    popular: (m) => `Brasileirão Série ${m[1]}`,
  },
];

/** Knockout round names in Portuguese; other names are kept as the file writes them. */
const PHASE_NAMES: readonly [RegExp, (m: RegExpExecArray) => string][] = [
  [/^Round (\d+)$/i, (m) => `${m[1]}ª Fase`],
  [/^Round of 16$/i, () => 'Oitavas de Final'],
  [/^Quarter-?finals?$/i, () => 'Quartas de Final'],
  [/^Semi-?finals?$/i, () => 'Semifinal'],
  [/^Finals?$/i, () => 'Final'],
];

const MATCHDAY = /^Matchday (\d+)$/i;

export function openfootballFeed(doc: OpenfootballDocument, options: AdapterOptions): Feed {
  const campeonato = championship(doc, options);
  const campeonatoId = String(campeonato.id);
  const times = new Map<string, FeedTime>();
  const rodadas = new Map<number, FeedRodada>();
  const fases = new Map<string, { fase: FeedFase; ties: Tie[] }>();
  const partidas: FeedPartida[] = [];
  const byId = new Map<string, number>();

  for (const m of doc.matches) {
    for (const name of [m.team1, m.team2]) if (!times.has(name)) times.set(name, team(name));
    const matchday = MATCHDAY.exec(m.round);
    let partida: FeedPartida;
    let ties: Tie[] | undefined;
    if (matchday) {
      const numero = Number(matchday[1]);
      const rodada = rodadas.get(numero) ?? {
        id: `${campeonatoId}/rodada-${numero}`,
        campeonato: campeonatoId,
        numero,
      };
      rodadas.set(numero, rodada);
      partida = match(m, `${campeonatoId}/${teamsKey(m)}`, campeonatoId, { rodada: String(rodada.id) });
    } else {
      const entry = fases.get(m.round) ?? newPhase(campeonatoId, m.round, fases.size + 1);
      fases.set(m.round, entry);
      partida = match(m, `${String(entry.fase.id)}/${teamsKey(m)}`, campeonatoId, { fase: String(entry.fase.id) });
      ties = entry.ties;
    }
    const id = String(partida.id);
    const earlier = byId.get(id);
    if (earlier === undefined) {
      byId.set(id, partidas.length);
      partidas.push(partida);
      if (ties) pairLeg(ties, partida);
      continue;
    }
    // A postponed match is listed again where it was finally played: the later line is the match.
    const previous = partidas[earlier];
    if (previous?.status !== 'adiado') {
      throw new FeedRejectedError([
        { file: doc.file, position: m.position, reason: `partida repetida: ${m.team1} x ${m.team2} em "${m.round}"` },
      ]);
    }
    partidas[earlier] = partida;
    for (const tie of ties ?? []) tie.legs = tie.legs.map((leg) => (leg === previous ? partida : leg));
  }

  const fasesOut = [...fases.values()].map(({ fase, ties }) => finishPhase(fase, ties));
  const tipo = options.campeonato?.tipo ?? (rodadas.size === 0 && fases.size > 0 ? 'mata-mata' : 'pontos-corridos');
  return {
    formato: FEED_FORMAT,
    fonte: OPENFOOTBALL_SOURCE,
    campeonatos: [{ ...campeonato, tipo }],
    ...(fasesOut.length > 0 ? { fases: fasesOut } : {}),
    ...(rodadas.size > 0 ? { rodadas: [...rodadas.values()].sort((a, b) => a.numero - b.numero) } : {}),
    times: [...times.values()],
    partidas,
  };
}

function championship(doc: OpenfootballDocument, options: AdapterOptions): FeedCampeonato {
  const o = options.campeonato ?? {};
  const season = /^(.*?)\s+(\d{4}(?:[/-]\d{2,4})?)$/.exec(doc.title.trim());
  const temporada = o.temporada ?? season?.[2];
  if (!temporada) {
    throw new FeedRejectedError([
      {
        file: doc.file,
        position: doc.titlePosition,
        reason: `o título "${doc.title}" não diz a temporada; informe-a nas opções (temporada)`,
      },
    ]);
  }
  const title = season?.[1] ?? doc.title.trim();
  const known = KNOWN_COMPETITIONS.map((k) => ({ k, m: k.title.exec(title) })).find((x) => x.m);
  const nome = o.nome ?? (known?.m ? known.k.nome(known.m) : title);
  const popular = o.nome_popular ?? (known?.m && known.k.popular ? known.k.popular(known.m) : undefined);
  const slug = o.slug ?? slugify(nome);
  return {
    id: `${slug}/${temporada}`,
    nome,
    ...(popular ? { nome_popular: popular } : {}),
    slug,
    temporada,
    tipo: 'pontos-corridos' satisfies TipoCampeonato,
    regiao: o.regiao ?? 'nacional',
  };
}

function teamsKey(m: OpenfootballMatch): string {
  return `${normalizeTeamName(m.team1)}/${normalizeTeamName(m.team2)}`;
}

/** No `estado`: a trailing `SC` is Santa Catarina in `Avaí SC` but Sporting Club in `Ceará SC`. */
function team(name: string): FeedTime {
  const { nome } = resolveTeamName(name);
  return { id: name, nome, ...(nome === name ? {} : { apelidos: [name] }) };
}

function match(
  m: OpenfootballMatch,
  id: string,
  campeonato: string,
  where: { rodada?: string; fase?: string },
): FeedPartida {
  const result = finalResult(m.score);
  const status: StatusPartida = m.adiado ? 'adiado' : result ? 'encerrado' : 'aguardando';
  return {
    id,
    campeonato,
    ...where,
    mandante: m.team1,
    visitante: m.team2,
    status,
    placar_mandante: m.adiado ? null : (result?.score[0] ?? null),
    placar_visitante: m.adiado ? null : (result?.score[1] ?? null),
    prorrogacao: !m.adiado && (result?.extraTime ?? false),
    penalti: !m.adiado && m.score.p ? { placar_mandante: m.score.p[0], placar_visitante: m.score.p[1] } : null,
    data_hora: brasiliaKickoff(m.date, m.time),
    ...(m.time === null ? { data: m.date } : {}),
  };
}

/**
 * The final score (extra time included, shoot-out never). A shoot-out only follows a draw, so an
 * "after extra time" score that is not a draw next to a shoot-out is a slip of the file (Copa do Brasil
 * 2025 writes `1-4 pen. 1-4 a.e.t. (1-1, 0-0)`: the shoot-out repeated as the a.e.t. score); the
 * full-time score is kept and the match is not counted as having gone to extra time.
 */
function finalResult(score: OpenfootballScore): { score: ScorePair; extraTime: boolean } | null {
  const et = score.et && (!score.p || score.et[0] === score.et[1]) ? score.et : undefined;
  if (et) return { score: et, extraTime: true };
  return score.ft ? { score: score.ft, extraTime: false } : null;
}

interface Tie {
  legs: FeedPartida[];
}

function newPhase(campeonato: string, round: string, ordem: number): { fase: FeedFase; ties: Tie[] } {
  const named = PHASE_NAMES.map(([re, name]) => ({ m: re.exec(round), name })).find((x) => x.m);
  const nome = named?.m ? named.name(named.m) : round;
  const slug = slugify(nome);
  const fase: FeedFase = {
    id: `${campeonato}/${slug}`,
    campeonato,
    nome,
    slug,
    ordem,
    tipo: 'mata-mata',
    ida_e_volta: false,
    eliminatorio: true,
  };
  return { fase, ties: [] };
}

/** A match whose teams meet the other way round in an open tie of the same phase is that tie's second leg. */
function pairLeg(ties: Tie[], partida: FeedPartida): void {
  const first = ties.find(
    (t) =>
      t.legs.length === 1 && t.legs[0]?.mandante === partida.visitante && t.legs[0]?.visitante === partida.mandante,
  );
  if (first) first.legs.push(partida);
  else ties.push({ legs: [partida] });
}

function finishPhase(fase: FeedFase, ties: readonly Tie[]): FeedFase {
  const chaves: FeedChave[] = ties.map((tie, k) => {
    const id = `${fase.id}/chave-${k + 1}`;
    const twoLegs = tie.legs.length === 2;
    tie.legs.forEach((leg, j) => {
      leg.chave = id;
      leg.jogo = twoLegs ? ((j + 1) as 1 | 2) : null;
    });
    return { id, nome: `Chave ${k + 1}`, ordem: k + 1 };
  });
  return { ...fase, ida_e_volta: ties.some((t) => t.legs.length === 2), chaves };
}
