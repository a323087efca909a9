import { STAT_FIELDS } from '../../feeds/statistics-fields.js';
import type { List, One } from '../openapi/json-schema.js';
import type {
  Escalacao,
  EstatisticasPartida,
  EventoPartida,
  JogadorEscalado,
  LadoEscalacao,
  PartidaAoVivo,
  RegistroEstatisticas,
} from '../openapi/schemas.js';
import type { Built, ServedSnapshot } from '../snapshot/served-snapshot.js';
import type { EstatisticasLado, MatchDetails } from '../snapshot/match-details.js';
import type { Partition, StoredMatch } from '../snapshot/partition.js';
import type { LiveMatch } from '../../warehouse/live-list.js';
import type { EscalacaoJogadorRow, PartidaRow } from '../snapshot/tables.js';
import { MAX_AGE, maxAgeFor } from './cache-policy.js';
import { notFound } from './not-found.js';

/** Endpoints 14–17: live matches and the per-match resources. */

/**
 * The live matches of a snapshot (its global part) or of the live list ahead of it (warehouse/live-list.ts): built
 * alike from both, so the snapshot, once current, sends the bytes and ETag the list sent before it.
 */
export function listAoVivo(matches: readonly LiveMatch<StoredMatch>[]): Built<List<PartidaAoVivo, { total: number }>> {
  const data = matches.map(({ campeonato: c, recurso }): PartidaAoVivo => {
    // Decision (docs/decisions.md): `penalti` is always an object; nulls when there was no shoot-out.
    const penalti = recurso.penalti ?? { placar_mandante: null, placar_visitante: null };
    return { ...recurso, penalti, campeonato: c ? { id: c.id, nome: c.nome, temporada: c.temporada } : null };
  });
  return { payload: { data, meta: { total: data.length } }, maxAge: MAX_AGE.live };
}

const PARTIDA_NAO_ENCONTRADA = notFound('Partida não encontrada');

/** The championship of match `id` (its partition holds the match), or 404. */
export function campeonatoDaPartida(s: ServedSnapshot, id: number): number {
  const c = s.global.partidaCampeonato.get(id);
  if (c === undefined) throw PARTIDA_NAO_ENCONTRADA;
  return c;
}

export function findPartida(part: Partition, id: number): PartidaRow {
  const p = part.partida.get(id);
  if (!p) throw PARTIDA_NAO_ENCONTRADA;
  return p;
}

export function listEventos(
  s: ServedSnapshot,
  details: MatchDetails,
  p: PartidaRow,
): Built<List<EventoPartida, { partida_id: number; total: number }>> {
  const data = (details.eventosPorPartida.get(p.id) ?? []).map((e) => ({
    tipo: e.tipo,
    jogador: e.jogador,
    time_nome: s.global.teams.byId.get(e.time_id)?.nome ?? null,
    minuto: e.minuto,
  }));
  const maxAge = p.status === 'ao_vivo' ? MAX_AGE.live : MAX_AGE.changing;
  return { payload: { data, meta: { partida_id: p.id, total: data.length } }, maxAge };
}

/** Filled field by field from the lists the schema is made of (so typed as a whole: the keys are dynamic). */
function statRecord(side: EstatisticasLado | undefined): RegistroEstatisticas {
  const out: Record<string, number | null> = {};
  for (const [i, f] of STAT_FIELDS.entries()) out[f] = side?.valores[i] ?? null;
  return out as RegistroEstatisticas;
}

/** Always both sides; a side the source did not report is a record of nulls (null ≠ 0). */
export function getEstatisticas(
  s: ServedSnapshot,
  details: MatchDetails,
  p: PartidaRow,
): Built<One<EstatisticasPartida>> {
  const rows = details.estatisticasPorPartida.get(p.id) ?? [];
  const data: EstatisticasPartida = {
    partida_id: p.id,
    time_mandante: s.shapes.teamSummaryOf(p.time_mandante_id),
    time_visitante: s.shapes.teamSummaryOf(p.time_visitante_id),
    status: p.status,
    estatisticas: {
      mandante: statRecord(rows.find((r) => r.lado === 'mandante')),
      visitante: statRecord(rows.find((r) => r.lado === 'visitante')),
    },
  };
  return { payload: { data }, maxAge: maxAgeFor(p.status, 'encerrado') };
}

/** JSON the ingest writes (a lineup player's `substituido_por` and `estatisticas`): typed on trust. */
function parseJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

function lineupPlayer(r: EscalacaoJogadorRow): JogadorEscalado {
  return {
    nome: r.nome,
    apelido: r.apelido,
    numero: r.numero,
    posicao: r.posicao,
    posicao_sigla: r.posicao_sigla,
    foto_url: r.foto_url,
    substituido_por: parseJson<NonNullable<JogadorEscalado['substituido_por']>>(r.substituido_por),
    jogador_id: r.jogador_id,
    estatisticas: parseJson<NonNullable<JogadorEscalado['estatisticas']>>(r.estatisticas),
  };
}

/** 404 when the match does not exist or has no lineup; a side not yet published is null. */
export function getEscalacao(s: ServedSnapshot, details: MatchDetails, p: PartidaRow): Built<One<Escalacao>> {
  const sides = details.escalacoesPorPartida.get(p.id);
  if (!sides || sides.length === 0) throw notFound('Escalação não disponível para esta partida');
  const players = details.escaladosPorPartida.get(p.id) ?? [];
  const side = (lado: string): LadoEscalacao | null => {
    const e = sides.find((x) => x.lado === lado);
    if (!e) return null;
    const mine = players.filter((x) => x.lado === lado);
    return {
      formacao: e.formacao,
      tecnico: e.tecnico,
      confirmada: e.confirmada,
      titulares: mine.filter((x) => x.titular).map(lineupPlayer),
      reservas: mine.filter((x) => !x.titular).map(lineupPlayer),
    };
  };
  const data: Escalacao = {
    partida_id: p.id,
    time_mandante: s.shapes.teamSummaryOf(p.time_mandante_id),
    time_visitante: s.shapes.teamSummaryOf(p.time_visitante_id),
    status: p.status,
    escalacoes: { mandante: side('mandante'), visitante: side('visitante') },
  };
  return { payload: { data }, maxAge: maxAgeFor(p.status, 'encerrado') };
}
