import { readdirSync } from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { DataDir } from '../data-dir.js';
import type { Counters } from '../control/counters.js';
import { EVENT_SEQ_COUNTER } from '../control/outbox-cursor.js';
import type { Entidade } from '../feeds/source-keys.js';
import { queryRows, readSql } from './duckdb-util.js';
import type { IdAllocator } from './load/id-resolver.js';
import { listSnapshots, type SnapshotManifest } from './snapshot-store.js';

const MAX_IDS_SQL = readSql(new URL('./sql/max-ids.sql', import.meta.url));
/** Internal-id counters are named `id_<entidade>`. */
const ID_COUNTER = 'id_';

/** Moves a counter past `used` by handing out (and dropping) the values in between. */
async function advancePast(counters: Counters, name: string, used: number): Promise<void> {
  const behind = used - (await counters.lastValue(name));
  if (behind > 0) await counters.reserve(name, behind);
}

/**
 * The counters live in the control plane, the data they number in the snapshots. If the control plane is
 * lost or restored from an older backup, the counters would hand out numbers already used: a snapshot id
 * whose file exists (publishing would replace it), event seqs the dispatcher has seen, internal ids of
 * stored records. Move the file-level counters past what the data dir holds.
 */
export async function guardSnapshotCounters(dataDir: DataDir, counters: Counters): Promise<void> {
  let maxSnapshot = 0;
  try {
    for (const f of readdirSync(dataDir.snapshotsDir)) {
      const m = /^(\d{8})\.duckdb$/.exec(f);
      if (m) maxSnapshot = Math.max(maxSnapshot, Number(m[1]));
    }
  } catch {
    return;
  }
  const maxSeq = Math.max(0, ...listSnapshots(dataDir, { orphans: true }).map((m) => m.eventos.seq_fim ?? 0));
  await advancePast(counters, 'snapshot_id', maxSnapshot);
  await advancePast(counters, EVENT_SEQ_COUNTER, maxSeq);
}

/**
 * The internal ids of one publish. The loader allocates inside its loops, synchronously, so the ids come
 * from memory: the `id_<entidade>` counters are read once, under the ingest lock (cluster-wide: only an
 * ingest hands out ids, one at a time), and `commit` advances them in the control plane past every id
 * handed out, before the snapshot holding those ids becomes current. A crash before the commit consumes
 * nothing (the ids were never published); one after it leaves a gap, never a reuse.
 */
export class IdCounters {
  /** Last id handed out per entity: the counters as read, moved past the guard's bounds and this load. */
  private readonly last: Map<string, number>;

  private constructor(
    private readonly counters: Counters,
    private readonly read: Readonly<Record<string, number>>,
    bounds: Readonly<Record<string, number>>,
  ) {
    this.last = new Map(Object.entries(read));
    for (const [entidade, maxId] of Object.entries(bounds))
      this.last.set(entidade, Math.max(this.last.get(entidade) ?? 0, maxId));
  }

  /** Reads the counters, moved past `bounds` (storedIdBounds: the ids the parent snapshot holds). */
  static async open(counters: Counters, bounds: Readonly<Record<string, number>>): Promise<IdCounters> {
    return new IdCounters(counters, await counters.lastValues(ID_COUNTER), bounds);
  }

  readonly allocate: IdAllocator = (entidade: Entidade, count: number): number => {
    const first = (this.last.get(entidade) ?? 0) + 1;
    this.last.set(entidade, first + count - 1);
    return first;
  };

  /**
   * Advances each counter in the control plane to the last id handed out, and returns them all: an upper
   * bound of every internal id the snapshot holds, per entity, for its manifest (`ids_maximos`). Throws
   * when a counter moved since it was read, i.e. ids were handed out outside the ingest lock: this load's
   * ids may collide with those, so it must not be published.
   */
  async commit(): Promise<Record<string, number>> {
    await Promise.all(
      [...this.last].map(async ([entidade, last]) => {
        const read = this.read[entidade] ?? 0;
        if (last <= read) return;
        const first = await this.counters.reserve(`${ID_COUNTER}${entidade}`, last - read);
        if (first !== read + 1)
          throw new Error(
            `o contador ${ID_COUNTER}${entidade} avançou durante o ingest (${read} → ${first - 1}): ids reservados fora da trava de ingest; nada foi publicado`,
          );
      }),
    );
    return Object.fromEntries(this.last);
  }
}

/**
 * What the id counters must be past, as guardSnapshotCounters does for the file-level ones: the ids the
 * snapshot being built (a copy of the current one) holds. The bounds its manifest recorded (`ids_maximos`),
 * or, for a manifest written before it recorded them, the highest ids read from the copy (one more statement).
 */
export async function storedIdBounds(
  conn: DuckDBConnection,
  parent: SnapshotManifest | null,
): Promise<Record<string, number>> {
  return (
    parent?.ids_maximos ??
    Object.fromEntries(
      (await queryRows<{ entidade: string; max_id: number }>(conn, MAX_IDS_SQL)).map((r) => [r.entidade, r.max_id]),
    )
  );
}
