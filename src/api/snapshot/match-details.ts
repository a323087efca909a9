import { INTEGER } from '@duckdb/node-api';
import { group, HEAP_FACTOR, rowBytes } from './partition.js';
import type { SnapshotDb } from './snapshot-db.js';
import { sql, type EscalacaoJogadorRow, type EscalacaoRow, type EstatisticaRow, type EventoRow } from './tables.js';

/**
 * The events, lineups and statistics of one championship's matches: what only the per-match routes read, cached
 * apart from its Partition (same generation scope) so that a table or a match list neither reads nor holds them.
 */
export class MatchDetails {
  readonly eventosPorPartida = new Map<number, EventoRow[]>();
  readonly escalacoesPorPartida = new Map<number, EscalacaoRow[]>();
  readonly escaladosPorPartida = new Map<number, EscalacaoJogadorRow[]>();
  readonly estatisticasPorPartida = new Map<number, EstatisticaRow[]>();
  /** Estimated heap it takes, for the cache's byte bound. */
  readonly bytes: number;

  private constructor(t: DetailTables) {
    for (const r of t.eventos) group(this.eventosPorPartida, r.partida_id, r);
    for (const r of t.escalacoes) group(this.escalacoesPorPartida, r.partida_id, r);
    for (const r of t.escalacao_jogadores) group(this.escaladosPorPartida, r.partida_id, r);
    for (const r of t.estatisticas) group(this.estatisticasPorPartida, r.partida_id, r);
    this.bytes = Math.round(rowBytes(t) * HEAP_FACTOR);
  }

  /** Reads the match details of championship `campeonatoId` from `db`. */
  static async load(db: SnapshotDb, campeonatoId: number): Promise<MatchDetails> {
    const q = <T>(name: string) => db.query<T>(sql(name), [campeonatoId], [INTEGER]);
    return new MatchDetails({
      eventos: await q('eventos'),
      escalacoes: await q('escalacoes'),
      escalacao_jogadores: await q('escalacao_jogadores'),
      estatisticas: await q('estatisticas'),
    });
  }
}

interface DetailTables {
  eventos: EventoRow[];
  escalacoes: EscalacaoRow[];
  escalacao_jogadores: EscalacaoJogadorRow[];
  estatisticas: EstatisticaRow[];
}
