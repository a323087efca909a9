import { readFileSync } from 'node:fs';
import { INTEGER, LIST, listValue, type DuckDBConnection } from '@duckdb/node-api';
import { idSetMacro, queryRows } from '../duckdb-util.js';
import type { EventName } from '../../domain/events.js';
import { installResourceViews, type ResourceName } from '../sql/resources/views.js';
import { DEFAULT_LIVE_WINDOW, liveWindowMacro, type LiveWindow } from './live-window.js';

export interface DetectedEvent {
  evento: EventName;
  campeonato_id: number;
  partida_id: number | null;
  /** The webhook payload's `dados`, exactly as the spec. */
  dados: unknown;
}

const sql = (file: string): string => readFileSync(new URL(file, import.meta.url), 'utf8');
const CAPTURE_SQL = sql('./capture.sql');
const CHANGES_SQL = sql('./changes.sql');
const OUTSIDE_WINDOW_SQL = sql('./outside-window.sql');
const PARTIDAS_SQL = sql('./payloads-partidas.sql');
const GOLS_SQL = sql('./gols-partidas.sql');
/** Round and phase payloads: the API's own resources, built by the resource macros. */
const RESOURCE_PAYLOADS = [
  { recurso: 'rodada', sql: sql('./payloads-rodadas.sql') },
  { recurso: 'fase', sql: sql('./payloads-fases.sql') },
] as const satisfies readonly { recurso: ResourceName; sql: string }[];

/**
 * Copies what diffing needs into TEMP tables; call before the feed's rows are written. `partidaIds`: the
 * only matches the load can change (the loader knows them: staged matches, and the matches of staged
 * events and lineups), so capture, comparison and payloads look at those alone; omitted = every match.
 * The scope is the macro detect_no_escopo over literal ids (idSetMacro).
 */
export async function captureState(conn: DuckDBConnection, partidaIds?: readonly number[]): Promise<void> {
  await conn.run(`${idSetMacro('detect_no_escopo', partidaIds)}\n${CAPTURE_SQL}`);
}

interface Ocorrencia {
  recurso: 'partida' | ResourceName;
  id: number;
  ordem: number | null;
  evento: EventName;
  gol_id: number | null;
}

interface PartidaRow {
  id: number;
  campeonato_id: number;
  rodada_numero: number | null;
  mata_mata: boolean;
  fase_id: number | null;
  fase_nome: string | null;
  fase_slug: string | null;
  status: string;
  placar_mandante: number | null;
  placar_visitante: number | null;
  penalti_mandante: number | null;
  penalti_visitante: number | null;
  data_hora: string | null;
  mandante_id: number;
  mandante_nome: string;
  mandante_sigla: string;
  visitante_id: number;
  visitante_nome: string;
  visitante_sigla: string;
  estadio: string | null;
}

interface GolRow {
  partida_id: number;
  id: number;
  tipo: string;
  jogador: string | null;
  time_nome: string;
  minuto: number;
}

/**
 * Compares the loaded and derived state with what captureState saw, within the live window around `now`
 * (live-window.ts); deterministic order: the partida.* events by championship, match, kind (criada,
 * escalacao_publicada, ao_vivo, placar_atualizado, gol by minute, encerrada), then rodada.encerrada and
 * fase.finalizada. The caller stamps `gerado_em` when it wraps each body.
 */
export async function detectEvents(
  conn: DuckDBConnection,
  now: Date,
  window: LiveWindow = DEFAULT_LIVE_WINDOW,
): Promise<DetectedEvent[]> {
  const ocorrencias = await queryRows<Ocorrencia>(conn, `${liveWindowMacro(now, window)}\n${CHANGES_SQL}`);
  if (ocorrencias.length === 0) return [];
  const eventos = await partidaEvents(
    conn,
    ocorrencias.filter((o) => o.recurso === 'partida'),
  );
  for (const { recurso, sql: payloadSql } of RESOURCE_PAYLOADS) {
    const ids = ocorrencias.filter((o) => o.recurso === recurso).map((o) => o.id);
    if (ids.length === 0) continue;
    await installResourceViews(conn, [recurso]);
    for (const row of await queryRows<{ evento: EventName; campeonato_id: number; dados: string }>(
      conn,
      payloadSql,
      [listValue(ids)],
      [LIST(INTEGER)],
    )) {
      eventos.push({
        evento: row.evento,
        campeonato_id: row.campeonato_id,
        partida_id: null,
        dados: JSON.parse(row.dados) as unknown,
      });
    }
  }
  return eventos;
}

/** Changed matches that got no event because their kick-off is outside the live window (UTC instants). */
export interface OutsideWindow {
  partidas: number;
  /** Earliest and latest kick-off among them (`YYYY-MM-DDTHH:MM:SSZ`; null when a match has none). */
  inicio_min: string | null;
  inicio_max: string | null;
  /** The window itself, around the ingest's instant. */
  janela: { desde: string; ate: string };
}

/** After detectEvents (whose window macro it reads): the changed matches it left out, or null when none. */
export async function changesOutsideWindow(
  conn: DuckDBConnection,
  now: Date,
  window: LiveWindow = DEFAULT_LIVE_WINDOW,
): Promise<OutsideWindow | null> {
  const [row] = await queryRows<Omit<OutsideWindow, 'janela'>>(conn, OUTSIDE_WINDOW_SQL);
  if (!row || row.partidas === 0) return null;
  const at = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;
  return { ...row, janela: { desde: at(now.getTime() - window.beforeMs), ate: at(now.getTime() + window.afterMs) } };
}

/**
 * The partida.* events of these occurrences, with `dados` as the spec's payload envelope: the match (two
 * flat queries, assembled here: for a handful of matches, the struct-building query they replace cost
 * ~20 ms to plan and run) with its `gols`, plus `gol` on partida.gol.
 */
async function partidaEvents(conn: DuckDBConnection, ocorrencias: readonly Ocorrencia[]): Promise<DetectedEvent[]> {
  if (ocorrencias.length === 0) return [];
  // Only the matches with events: the detection scope can hold every match the load touched.
  const payloadScope = idSetMacro('detect_payload', new Set(ocorrencias.map((o) => o.id)));
  const gols = new Map<number, GolRow[]>();
  const golOrdem = new Map<number, number>();
  for (const g of await queryRows<GolRow>(conn, `${payloadScope}\n${GOLS_SQL}`)) {
    const list = gols.get(g.partida_id) ?? [];
    if (list.length === 0) gols.set(g.partida_id, list);
    golOrdem.set(g.id, list.length);
    list.push(g);
  }
  const gol = (g: GolRow) => ({ tipo: g.tipo, jogador: g.jogador, time_nome: g.time_nome, minuto: g.minuto });
  const dados = new Map<number, Record<string, unknown>>();
  for (const p of await queryRows<PartidaRow>(conn, PARTIDAS_SQL)) {
    dados.set(p.id, {
      id: p.id,
      campeonato_id: p.campeonato_id,
      rodada_numero: p.rodada_numero,
      fase: p.mata_mata ? { id: p.fase_id, nome: p.fase_nome, slug: p.fase_slug } : null,
      status: p.status,
      placar_mandante: p.placar_mandante,
      placar_visitante: p.placar_visitante,
      disputa_penalti: p.penalti_mandante !== null,
      penalti: { placar_mandante: p.penalti_mandante, placar_visitante: p.penalti_visitante },
      data_hora_realizacao: p.data_hora,
      time_mandante: { id: p.mandante_id, nome: p.mandante_nome, sigla: p.mandante_sigla },
      time_visitante: { id: p.visitante_id, nome: p.visitante_nome, sigla: p.visitante_sigla },
      estadio: p.estadio,
      gols: (gols.get(p.id) ?? []).map(gol),
    });
  }
  const campeonato = (o: Ocorrencia): number => (dados.get(o.id)?.campeonato_id as number | undefined) ?? 0;
  const ordem = (o: Ocorrencia): number => (o.gol_id === null ? -1 : (golOrdem.get(o.gol_id) ?? -1));
  const sorted = [...ocorrencias].sort(
    (a, b) => campeonato(a) - campeonato(b) || a.id - b.id || (a.ordem ?? 0) - (b.ordem ?? 0) || ordem(a) - ordem(b),
  );
  return sorted.map((o) => {
    const d = dados.get(o.id);
    if (!d) throw new Error(`event detection: match ${o.id} has no payload row`);
    const golRow = o.gol_id === null ? undefined : gols.get(o.id)?.[golOrdem.get(o.gol_id) ?? -1];
    return {
      evento: o.evento,
      campeonato_id: d.campeonato_id as number,
      partida_id: o.id,
      dados: golRow ? { ...d, gol: gol(golRow) } : d,
    };
  });
}
