import { readFileSync } from 'node:fs';
import { INTEGER, LIST, listValue, type DuckDBConnection } from '@duckdb/node-api';
import { idList } from '../duckdb-util.js';
import { installResourceViews, type ResourceName } from '../sql/resources/views.js';

export type EventName =
  | 'partida.criada'
  | 'partida.ao_vivo'
  | 'partida.placar_atualizado'
  | 'partida.gol'
  | 'partida.encerrada'
  | 'partida.escalacao_publicada'
  | 'rodada.encerrada'
  | 'fase.finalizada';

export interface DetectedEvent {
  evento: EventName;
  campeonato_id: number;
  partida_id: number | null;
  /** The webhook payload's `dados`, exactly as the spec. */
  dados: unknown;
}

const CAPTURE_SQL = readFileSync(new URL('./capture.sql', import.meta.url), 'utf8');
const CHANGES_SQL = readFileSync(new URL('./changes.sql', import.meta.url), 'utf8');
const ID_LISTS = ['partidas', 'rodadas', 'fases'] as const;
/** The resource whose builders each id list's payloads use. */
const RESOURCE = { partidas: 'partida', rodadas: 'rodada', fases: 'fase' } as const satisfies Record<(typeof ID_LISTS)[number], ResourceName>;
/** Payload queries, one per id list, in the order their events are returned. */
const PAYLOADS_SQL = Object.fromEntries(ID_LISTS.map((k) => [k, readFileSync(new URL(`./payloads-${k}.sql`, import.meta.url), 'utf8')]));

/**
 * Copies what diffing needs into TEMP tables; call before the feed's rows are written. `partidaIds`: the
 * only matches the load can change (the loader knows them: staged matches, and the matches of staged
 * events and lineups), so capture and comparison look at those alone; omitted = every match.
 */
export async function captureState(conn: DuckDBConnection, partidaIds?: readonly number[]): Promise<void> {
  await conn.run(`SET VARIABLE detect_partidas = ${partidaIds === undefined ? 'NULL' : `[${idList(partidaIds)}]`}::INTEGER[]`);
  await conn.run(CAPTURE_SQL);
}

/**
 * Compares the loaded and derived state with what captureState saw; deterministic order. `now` is part of
 * the contract but unused here: the caller stamps `gerado_em` when it wraps each body.
 */
export async function detectEvents(conn: DuckDBConnection, _now: Date): Promise<DetectedEvent[]> {
  const [changed] = (await conn.runAndReadAll(CHANGES_SQL)).getRowObjectsJS();
  const ids = Object.fromEntries(ID_LISTS.map((k) => [k, ((changed?.[k] ?? []) as unknown[]).map(Number)]));
  if (ID_LISTS.every((k) => ids[k]?.length === 0)) return [];
  await installResourceViews(conn, ID_LISTS.filter((k) => (ids[k] ?? []).length > 0).map((k) => RESOURCE[k]));
  const eventos: DetectedEvent[] = [];
  // One query per kind, run only when it has ids: building round resources scans every match even for none.
  for (const k of ID_LISTS) {
    const list = ids[k] ?? [];
    if (list.length === 0) continue;
    const reader = await conn.runAndReadAll(PAYLOADS_SQL[k] as string, { ids: listValue(list) }, { ids: LIST(INTEGER) });
    for (const row of reader.getRowObjectsJS()) {
      eventos.push({
        evento: row.evento as EventName,
        campeonato_id: Number(row.campeonato_id),
        partida_id: row.partida_id === null ? null : Number(row.partida_id),
        dados: JSON.parse(String(row.dados)) as unknown,
      });
    }
  }
  return eventos;
}
