import type { DuckDBConnection } from '@duckdb/node-api';

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

/** Copies what diffing needs into TEMP tables; call on the copied snapshot before loading the feed. */
export async function captureState(_conn: DuckDBConnection): Promise<void> {
  // Interface stub: lands with the events work.
}

/** Compares the loaded and derived state with what captureState saw; deterministic order. */
export async function detectEvents(_conn: DuckDBConnection, _now: Date): Promise<DetectedEvent[]> {
  return [];
}
