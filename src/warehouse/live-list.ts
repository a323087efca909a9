import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { INTEGER, LIST, listValue, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import type { DataDir } from '../data-dir.js';
import type { DuckDBConnection } from '@duckdb/node-api';
import { queryRows, readSql } from './duckdb-util.js';
import { installResourceViews } from './sql/resources/views.js';

/**
 * The live list published ahead of its snapshot (docs/decisions/warehouse.md, "The live list ahead of its
 * snapshot"). A live step's visible change is `/v1/partidas/ao-vivo`; publishing the whole snapshot (derive, events,
 * commit, checkpoint, the server's swap) takes most of a round. So once the load has written the matches and their
 * events (conflicts, source priority and regressions decided; loader.ts afterMatches), the publishing ingest writes
 * the live matches as its candidate's transaction sees them to `AO_VIVO.json`, naming the snapshot it builds on
 * (`base`) and the one it will publish (`snapshot`). Servers list them while `base` is still current; the snapshot,
 * once current, lists the same matches with the same bytes (a test holds the two equal), so the list only arrives
 * sooner.
 */
export interface LiveList<R = unknown> {
  /** The snapshot current when the round started: the list applies only while it is still current. */
  base: string;
  /** The snapshot the round is publishing (its id reserved): `/ao-vivo` names it in `X-Snapshot`. */
  snapshot: string;
  partidas: LiveMatch<R>[];
}

/** A live match: its Match resource (`R`, as the shared resource views write it) and its championship. */
export interface LiveMatch<R = unknown> {
  campeonato: { id: number; nome: string; temporada: string } | null;
  recurso: R;
}

/** A query on a snapshot's connection, as the warehouse's `queryRows` and the server's SnapshotDb run them. */
export type LiveQuery = <T>(sql: string, values?: DuckDBValue[], types?: DuckDBType[]) => Promise<T[]>;

const LIVE_IDS_SQL = readSql(new URL('./sql/live-ids.sql', import.meta.url));
const LIVE_MATCHES_SQL = readSql(new URL('./sql/live-matches.sql', import.meta.url));

/**
 * The live matches of a snapshot or a candidate, in kick-off order; needs the `partida` resource views installed
 * (sql/resources/views.ts). Two steps: the resource macros take their ids as a bound list (a subquery there runs per row).
 */
export async function liveMatches<R = unknown>(query: LiveQuery): Promise<LiveMatch<R>[]> {
  const ids = (await query<{ id: number }>(LIVE_IDS_SQL)).map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await query<{ campeonato: LiveMatch['campeonato']; json: string }>(
    LIVE_MATCHES_SQL,
    [listValue(ids)],
    [LIST(INTEGER)],
  );
  return rows.map((r) => ({ campeonato: r.campeonato, recurso: JSON.parse(r.json) as R }));
}

/** Writes the live matches as `candidate`'s open transaction sees them, as the live list of snapshot `ids.snapshot`. */
export async function publishLiveList(
  dataDir: DataDir,
  candidate: DuckDBConnection,
  ids: { base: string; snapshot: string },
): Promise<void> {
  await installResourceViews(candidate, ['partida']);
  const partidas = await liveMatches((text, values, types) => queryRows(candidate, text, values, types));
  writeLiveList(dataDir, { ...ids, partidas });
}

/**
 * Replaces the data dir's live list (written aside, then renamed: a reader never sees half of it). Not fsynced: it
 * lives seconds, and a crash that loses it loses nothing the snapshot will not publish. A list that cannot be
 * written (a full disk) is only a head start lost: the round goes on and publishes, or fails on its own writes.
 */
export function writeLiveList(dataDir: DataDir, list: LiveList): void {
  // One name: one writer at a time (the ingest lock), and no leftovers to collect.
  const tmp = `${dataDir.liveFile}.tmp`;
  try {
    writeFileSync(tmp, JSON.stringify(list));
    renameSync(tmp, dataDir.liveFile);
  } catch {
    // Nothing to clean: a half-written temp file is overwritten by the next list, under the same name.
  }
}

/** The data dir's live list, or null when there is none or it is not one (a reader ignores it then). */
export function readLiveList<R = unknown>(file: string): LiveList<R> | null {
  let list: Partial<LiveList<R>>;
  try {
    list = JSON.parse(readFileSync(file, 'utf8')) as Partial<LiveList<R>>;
  } catch {
    return null;
  }
  const isId = (v: unknown) => typeof v === 'string' && /^\d{8}$/.test(v);
  const valid = isId(list.base) && isId(list.snapshot) && Array.isArray(list.partidas);
  return valid ? (list as LiveList<R>) : null;
}

/**
 * Removes the live list when `matches` says so (e.g. it names a snapshot that failed), or always without it: a round
 * that fails withdraws what it showed, a rollback shows the snapshot it returns to.
 */
export function withdrawLiveList(dataDir: DataDir, matches: (list: LiveList) => boolean = () => true): void {
  const list = readLiveList(dataDir.liveFile);
  if (list && matches(list)) rmSync(dataDir.liveFile, { force: true });
}
