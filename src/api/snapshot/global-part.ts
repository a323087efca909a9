import { INTEGER, LIST, listValue } from '@duckdb/node-api';
import type { Alteracoes } from '../../warehouse/touched.js';
import { foldText } from '../text.js';
import type { SnapshotDb } from './snapshot-db.js';
import type { StoredMatch } from './partition.js';
import { Players, type Searchable } from './players.js';
import { liveMatches, type LiveMatch } from '../../warehouse/live-list.js';
import { sql, type CampeonatoRow, type CoberturaRow, type JogadorRow, type TimeRow } from './tables.js';

/** The teams of one snapshot: by id and in name order with their search text. */
export interface Teams {
  readonly byId: ReadonlyMap<number, TimeRow>;
  readonly list: readonly Searchable<TimeRow>[];
}

/**
 * The part of a snapshot served from memory at all times, small at any history size: metadata,
 * championships and their coverage, teams, players, live matches, and which championship each match is in
 * (what a per-match request needs to find its partition). Everything else is in the championship
 * partitions (partition.ts), read on demand.
 */
export class GlobalPart {
  readonly meta: ReadonlyMap<string, string>;
  readonly campeonatos: readonly CampeonatoRow[];
  readonly campeonato: ReadonlyMap<number, CampeonatoRow>;
  readonly cobertura: ReadonlyMap<number, CoberturaRow>;
  /** Live matches: their Match resources as the shared views write them (see Partition.recursoPartida), on trust. */
  readonly aoVivo: readonly LiveMatch<StoredMatch>[];

  private constructor(
    meta: readonly { chave: string; valor: string }[],
    campeonatos: readonly CampeonatoRow[],
    cobertura: readonly CoberturaRow[],
    aoVivo: readonly LiveMatch<StoredMatch>[],
    readonly teams: Teams,
    readonly players: Players,
    readonly partidaCampeonato: ReadonlyMap<number, number>,
  ) {
    this.meta = new Map(meta.map((r) => [r.chave, r.valor]));
    this.campeonatos = campeonatos;
    this.campeonato = new Map(campeonatos.map((c) => [c.id, c]));
    this.cobertura = new Map(cobertura.map((c) => [c.campeonato_id, c]));
    this.aoVivo = aoVivo;
  }

  /**
   * Reads the global part of `db`'s snapshot. With `previous` and the changes since it (`alteracoes`, not
   * complete), teams, players and the match map are carried over and patched instead of read again:
   * the cost of a swap follows the change.
   */
  static async load(db: SnapshotDb, previous?: GlobalPart, alteracoes?: Alteracoes): Promise<GlobalPart> {
    const carry = previous !== undefined && alteracoes !== undefined && !alteracoes.completo;
    const [meta, campeonatos, cobertura, aoVivo] = await Promise.all([
      db.query<{ chave: string; valor: string }>(sql('snapshot_meta')),
      db.query<CampeonatoRow>(sql('campeonatos')),
      db.query<CoberturaRow>(sql('cobertura')),
      liveMatches<StoredMatch>((text, values, types) => db.query(text, values, types)),
    ]);
    const teams =
      carry && alteracoes.times.length === 0 ? previous.teams : teamsOf(await db.query<TimeRow>(sql('times')));
    const players = carry
      ? await patchPlayers(db, previous.players, alteracoes.jogadores)
      : Players.of(await db.query<JogadorRow>(sql('jogadores')));
    const matches = carry
      ? await patchMatchMap(db, previous.partidaCampeonato, alteracoes.partidas)
      : new Map(
          (await db.query<{ id: number; campeonato_id: number }>(sql('partida_campeonato'))).map((r) => [
            r.id,
            r.campeonato_id,
          ]),
        );
    return new GlobalPart(meta, campeonatos, cobertura, aoVivo, teams, players, matches);
  }
}

function idsParam(ids: readonly number[]) {
  return { values: [listValue([...ids])], types: [LIST(INTEGER)] };
}

function teamsOf(rows: readonly TimeRow[]): Teams {
  const busca = (t: TimeRow): string => [t.nome, t.sigla, ...t.apelidos.split('\n')].map(foldText).join('\n');
  return { byId: new Map(rows.map((t) => [t.id, t])), list: rows.map((t) => ({ ...t, busca: busca(t) })) };
}

/** The previous players with the changed rows read again. */
async function patchPlayers(db: SnapshotDb, previous: Players, ids: readonly number[]): Promise<Players> {
  if (ids.length === 0) return previous;
  const { values, types } = idsParam(ids);
  return previous.with(ids, await db.query<JogadorRow>(sql('jogadores_ids'), values, types));
}

/** The match → championship map, copied only when a touched match is new, moved or gone. */
async function patchMatchMap(
  db: SnapshotDb,
  previous: ReadonlyMap<number, number>,
  ids: readonly number[],
): Promise<ReadonlyMap<number, number>> {
  if (ids.length === 0) return previous;
  const { values, types } = idsParam(ids);
  const rows = await db.query<{ id: number; campeonato_id: number }>(sql('partida_campeonato_ids'), values, types);
  const found = new Map(rows.map((r) => [r.id, r.campeonato_id]));
  if (ids.every((id) => previous.get(id) === found.get(id))) return previous;
  const next = new Map(previous);
  for (const id of ids) {
    const c = found.get(id);
    if (c === undefined) next.delete(id);
    else next.set(id, c);
  }
  return next;
}
