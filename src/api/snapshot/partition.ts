import { INTEGER, LIST, listValue } from '@duckdb/node-api';
import type { Fase, Partida, Rodada } from '../openapi/schemas.js';
import type { SnapshotDb } from './snapshot-db.js';
import {
  sql,
  type ArtilhariaRow,
  type ChaveRow,
  type ClassificacaoRow,
  type FaseRow,
  type PartidaRow,
  type RecursoRow,
  type RodadaRow,
} from './tables.js';

/**
 * What every championship route serves beyond the global part: its phases, ties, rounds, matches, standings and
 * scorers, and the Match, Round and Phase resources of the shared views (the matches' events, lineups and
 * statistics are MatchDetails, read only by the per-match routes: ~60 % of the bytes, which a table or a match list
 * never shows). Read on first request, kept in the serve cache, shared by every snapshot in which the
 * championship did not change.
 */
export class Partition {
  readonly fase = new Map<number, FaseRow>();
  readonly fases: readonly FaseRow[];
  readonly chavesPorFase = new Map<number, ChaveRow[]>();
  readonly rodadas: readonly RodadaRow[];
  readonly rodadasPorFase = new Map<number, RodadaRow[]>();
  readonly partida = new Map<number, PartidaRow>();
  readonly partidas: readonly PartidaRow[];
  readonly partidasPorRodada = new Map<number, PartidaRow[]>();
  /** Key: the phase id, or '' for the championship's own table. */
  readonly classificacao = new Map<number | '', ClassificacaoRow[]>();
  readonly artilharia: readonly ArtilhariaRow[];
  readonly recursoPartida: ReadonlyMap<number, Partida>;
  /** Without `partidas`: a round's matches are its Match resources (Shapes.round). */
  readonly recursoRodada: ReadonlyMap<number, Omit<Rodada, 'partidas'>>;
  readonly recursoFase: ReadonlyMap<number, Fase>;
  /** Estimated heap it takes, for the cache's byte bound (see estimateBytes). */
  readonly bytes: number;

  private constructor(t: PartitionTables) {
    this.fases = t.fases;
    for (const f of t.fases) this.fase.set(f.id, f);
    for (const c of t.chaves) group(this.chavesPorFase, c.fase_id, c);
    this.rodadas = t.rodadas;
    for (const r of t.rodadas) if (r.fase_id !== null) group(this.rodadasPorFase, r.fase_id, r);
    this.partidas = t.partidas;
    for (const p of t.partidas) {
      this.partida.set(p.id, p);
      if (p.rodada_id !== null) group(this.partidasPorRodada, p.rodada_id, p);
    }
    for (const r of t.classificacao) group(this.classificacao, r.fase_id ?? '', r);
    this.artilharia = t.artilharia;
    // Decision (docs/decisions.md): `penalti` is always an object; nulls when there was no shoot-out.
    this.recursoPartida = parse(
      t.recurso_partida,
      (m: StoredMatch): Partida => ({
        ...m,
        penalti: m.penalti ?? { placar_mandante: null, placar_visitante: null },
      }),
    );
    this.recursoRodada = parse(t.recurso_rodada, asIs<Omit<Rodada, 'partidas'>>);
    this.recursoFase = parse(t.recurso_fase, asIs<Fase>);
    this.bytes = estimateBytes(t);
  }

  /** Reads championship `campeonatoId` from `db`. */
  static async load(db: SnapshotDb, campeonatoId: number): Promise<Partition> {
    const q = <T>(name: string) => db.query<T>(sql(name), [campeonatoId], [INTEGER]);
    const rodadas = await q<RodadaRow>('rodadas');
    const t: PartitionTables = {
      fases: await q('fases'),
      chaves: await q('chaves'),
      rodadas,
      partidas: await q('partidas'),
      classificacao: await q('classificacao'),
      artilharia: await q('artilharia'),
      recurso_partida: await q('recurso_partida'),
      recurso_rodada: await db.query(sql('recurso_rodada'), [listValue(rodadas.map((r) => r.id))], [LIST(INTEGER)]),
      recurso_fase: await q('recurso_fase'),
    };
    return new Partition(t);
  }
}

interface PartitionTables {
  fases: FaseRow[];
  chaves: ChaveRow[];
  rodadas: RodadaRow[];
  partidas: PartidaRow[];
  classificacao: ClassificacaoRow[];
  artilharia: ArtilhariaRow[];
  recurso_partida: RecursoRow[];
  recurso_rodada: RecursoRow[];
  recurso_fase: RecursoRow[];
}

const ROW_OVERHEAD = 64;
/** Measured: 20 partitions of the 10× data set took 1.3 × this count of heap (63.5 MB for 48.5). */
export const HEAP_FACTOR = 1.3;

function estimateBytes(t: PartitionTables): number {
  let bytes = rowBytes(t);
  // The parsed resources hold their text again as objects.
  for (const rows of [t.recurso_partida, t.recurso_rodada, t.recurso_fase])
    for (const r of rows) bytes += 2 * r.json.length;
  return Math.round(bytes * HEAP_FACTOR);
}

/** Estimated heap of rows as read (see HEAP_FACTOR), for the cache's byte bound. */
export function rowBytes(tables: object): number {
  let bytes = 0;
  for (const rows of Object.values(tables) as Record<string, unknown>[][]) {
    for (const row of rows) {
      bytes += ROW_OVERHEAD;
      for (const v of Object.values(row)) bytes += typeof v === 'string' ? 2 * v.length + 16 : 16;
    }
  }
  return bytes;
}

/** The Match resource as the shared views write it: `penalti` null without a shoot-out. */
export type StoredMatch = Omit<Partida, 'penalti'> & { penalti: Partida['penalti'] | null };

const asIs = <T>(r: T): T => r;

/**
 * Resources the shared SQL views serialise (src/warehouse/sql/resources/), after `fix`. SQL builds them, so their
 * type is taken on trust here, where their JSON is read; the schema tests check what the routes send of them.
 */
function parse<S, T>(rows: readonly RecursoRow[], fix: (r: S) => T): Map<number, T> {
  return new Map(rows.map((r) => [r.id, fix(JSON.parse(r.json) as S)]));
}

export function group<K, T>(map: Map<K, T[]>, key: K, row: T): void {
  const list = map.get(key);
  if (list) list.push(row);
  else map.set(key, [row]);
}
