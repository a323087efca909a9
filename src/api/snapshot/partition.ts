import { INTEGER, LIST, listValue } from '@duckdb/node-api';
import type { Fase, Partida, Rodada } from '../openapi/schemas.js';
import { heapBytes, StringPool } from './heap-bytes.js';
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
  /** The heap it takes, for the cache's byte bound (heap-bytes.ts). */
  readonly bytes: number;

  private constructor(t: PartitionTables) {
    // Equal strings and teams share one instance: rows and resources repeat them, which heapBytes counts once.
    const pool = new StringPool();
    for (const rows of [t.fases, t.chaves, t.rodadas, t.partidas, t.classificacao, t.artilharia])
      for (const r of rows) pool.deep(r);
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
    const teams = new Map<number, Partida['time_mandante']>();
    const team = (x: Partida['time_mandante']) => teams.get(x.id) ?? (teams.set(x.id, x), x);
    // Decision (docs/decisions.md): `penalti` is always an object; nulls when there was no shoot-out.
    this.recursoPartida = parse(
      t.recurso_partida,
      pool,
      (m: StoredMatch): Partida => ({
        ...m,
        time_mandante: team(m.time_mandante),
        time_visitante: team(m.time_visitante),
        penalti: m.penalti ?? { placar_mandante: null, placar_visitante: null },
      }),
    );
    this.recursoRodada = parse(t.recurso_rodada, pool, asIs<Omit<Rodada, 'partidas'>>);
    this.recursoFase = parse(t.recurso_fase, pool, asIs<Fase>);
    this.bytes = heapBytes(this);
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

/** The Match resource as the shared views write it: `penalti` null without a shoot-out. */
export type StoredMatch = Omit<Partida, 'penalti'> & { penalti: Partida['penalti'] | null };

const asIs = <T>(r: T): T => r;

/**
 * Resources the shared SQL views serialise (src/warehouse/sql/resources/), after `fix`. SQL builds them, so their
 * type is taken on trust here, where their JSON is read; the schema tests check what the routes send of them.
 */
function parse<S, T>(rows: readonly RecursoRow[], pool: StringPool, fix: (r: S) => T): Map<number, T> {
  return new Map(rows.map((r) => [r.id, fix(pool.deep(JSON.parse(r.json) as S))]));
}

export function group<K, T>(map: Map<K, T[]>, key: K, row: T): void {
  const list = map.get(key);
  if (list) list.push(row);
  else map.set(key, [row]);
}
