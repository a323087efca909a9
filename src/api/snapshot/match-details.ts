import { INTEGER } from '@duckdb/node-api';
import { STAT_FIELDS } from '../../feeds/statistics-fields.js';
import { heapBytes, StringPool } from './heap-bytes.js';
import { group } from './partition.js';
import type { SnapshotDb } from './snapshot-db.js';
import { sql, type EscalacaoJogadorRow, type EscalacaoRow, type EstatisticaRow, type EventoRow } from './tables.js';

/** One side's statistics of a match: its values in STAT_FIELDS order (null: not reported). */
export interface EstatisticasLado {
  lado: string;
  valores: readonly (number | null)[];
}

/**
 * The events, lineups and statistics of one championship's matches: what only the per-match routes read, cached
 * apart from its Partition (same generation scope) so that a table or a match list neither reads nor holds them.
 */
export class MatchDetails {
  readonly eventosPorPartida = new Map<number, EventoRow[]>();
  readonly escalacoesPorPartida = new Map<number, EscalacaoRow[]>();
  readonly escaladosPorPartida = new Map<number, EscalacaoJogadorRow[]>();
  /**
   * Arrays, not the rows as read: a row of ~60 columns is an object V8 keeps as a hash table, 2.8 kB where its
   * values take 0.5 (heap-bytes.ts).
   */
  readonly estatisticasPorPartida = new Map<number, EstatisticasLado[]>();
  /** The heap it takes, for the cache's byte bound (heap-bytes.ts). */
  readonly bytes: number;

  private constructor(t: DetailTables) {
    // Equal strings share one instance (names, positions, sides repeat), as heapBytes counts them.
    const pool = new StringPool();
    for (const rows of [t.eventos, t.escalacoes, t.escalacao_jogadores]) for (const r of rows) pool.deep(r);
    for (const r of t.eventos) group(this.eventosPorPartida, r.partida_id, r);
    for (const r of t.escalacoes) group(this.escalacoesPorPartida, r.partida_id, r);
    for (const r of t.escalacao_jogadores) group(this.escaladosPorPartida, r.partida_id, r);
    for (const r of t.estatisticas)
      group(this.estatisticasPorPartida, r.partida_id, {
        lado: pool.share(r.lado),
        valores: STAT_FIELDS.map((f) => (r[f] as number | null | undefined) ?? null),
      });
    this.bytes = heapBytes(this);
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
