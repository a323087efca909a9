import { watch, type FSWatcher } from 'node:fs';
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DataDir } from '../../data-dir.js';
import { systemClock, type Clock } from '../../clock.js';
import { errorText } from '../../log.js';
import { readLiveList, type LiveList } from '../../warehouse/live-list.js';
import { changesBetween } from '../../warehouse/snapshot-changes.js';
import { parseSnapshotId, readManifest } from '../../warehouse/snapshot-store.js';
import { isEmpty, type Alteracoes } from '../../warehouse/touched.js';
import { DEFAULT_CACHE_MB } from './cache-size.js';
import { INTEGER, LIST, listValue } from '@duckdb/node-api';
import { GlobalPart, type Teams } from './global-part.js';
import type { StoredMatch } from './partition.js';
import { ServeCache, ServedSnapshot, type Generations } from './served-snapshot.js';
import { SnapshotDb } from './snapshot-db.js';
import { sql } from './tables.js';

export type SnapshotLog = (event: string, fields: Record<string, unknown>) => void;
export type SwapListener = (next: ServedSnapshot, previous: ServedSnapshot | null) => void;

/**
 * Fallback poll: fs.watch misses events on some filesystems (containers) and never sees another host's writes
 * on a shared volume (NFS), where nodes of a cluster must still swap within a second of publication. Reading
 * a 9-byte file four times a second costs nothing.
 */
const POLL_MS = 250;

/**
 * How long a live list is listed after this server first read it, at most: its writer publishes its snapshot within a
 * second or two, or withdraws the list when the round fails; a writer killed in between leaves a list no snapshot will
 * publish, listed no longer than this (the next ingest removes it).
 */
export const LIVE_LIST_TTL_MS = 10_000;

/** Earlier snapshots kept loaded for `?snapshot=` reads (global part in memory, file attached), least recent out. */
const EARLIER_LOADED = 4;

/** `?snapshot=ID` names no retained snapshot. */
export class SnapshotNotRetainedError extends Error {
  constructor(readonly id: string) {
    super(`snapshot ${id} não está retido`);
    this.name = 'SnapshotNotRetainedError';
  }
}

export interface HolderOptions {
  /** Bound of the cache of championship partitions and memoised responses, in MiB. */
  cacheMb?: number;
  /** Time for the live list's TTL (default the system clock). */
  clock?: Clock;
}

/** The live list ahead of the served snapshot (`base`), to list in its place (see liveAhead). */
export interface LiveAhead {
  base: ServedSnapshot;
  list: LiveList<StoredMatch>;
}

/**
 * Keeps the snapshot named by `data/CURRENT` served and swaps to each new one. A new snapshot's global
 * part is loaded before it becomes current, so no request sees a half-loaded one; championships are read
 * on demand. When the manifests say what changed since the served snapshot, the new one keeps the cached
 * partitions and responses of every championship that did not change: a swap costs what changed.
 */
export class SnapshotHolder {
  private snapshot: ServedSnapshot | null = null;
  private watcher: FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private failed: { id: string; erro: string } | null = null;
  private readonly cache: ServeCache;
  private readonly clock: Clock;
  /** The data dir's live list as last read (by its file's identity), and when this server first read it. */
  private live: { list: LiveList<StoredMatch> | null; file: string; seenAt: number } | null = null;
  private readonly listeners = new Set<SwapListener>();
  /** Earlier snapshots being or already loaded for reads as of them, oldest use first. */
  private readonly earlier = new Map<string, Promise<ServedSnapshot>>();

  constructor(
    readonly dataDir: DataDir,
    private readonly log: SnapshotLog = () => {},
    options: HolderOptions = {},
  ) {
    this.cache = new ServeCache((options.cacheMb ?? DEFAULT_CACHE_MB) * 1024 * 1024);
    this.clock = options.clock ?? systemClock;
  }

  get current(): ServedSnapshot | null {
    return this.snapshot;
  }

  /** The snapshot CURRENT names when it could not be loaded (the previous one is still served), else null. */
  get loadFailure(): { id: string; erro: string } | null {
    return this.failed;
  }

  /**
   * The serve cache: the bytes it holds (heap-bytes.ts), its bound, how many entries it holds, and the responses
   * sent from it (`acertos`) and built (`faltas`) since start.
   */
  get cacheStats(): { bytes: number; limite_bytes: number; entradas: number; acertos: number; faltas: number } {
    return {
      bytes: this.cache.lru.bytes,
      limite_bytes: this.cache.lru.limitBytes,
      entradas: this.cache.lru.size,
      acertos: this.cache.responses.hits,
      faltas: this.cache.responses.misses,
    };
  }

  /** Calls `listener` after each swap (the first load included); returns the function that removes it. */
  onSwap(listener: (next: ServedSnapshot, previous: ServedSnapshot | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async start(): Promise<void> {
    await mkdir(this.dataDir.root, { recursive: true, mode: 0o700 });
    await this.refresh();
    await this.readLive();
    const currentName = path.basename(this.dataDir.currentFile);
    const liveName = path.basename(this.dataDir.liveFile);
    this.watcher = watch(this.dataDir.root, (_type, name) => {
      if (name === currentName) void this.refresh();
      else if (name === liveName) void this.readLive();
    });
    this.watcher.on('error', () => {});
    this.timer = setInterval(() => {
      void this.refresh();
      void this.readLive();
    }, POLL_MS);
    this.timer.unref();
  }

  stop(): void {
    this.watcher?.close();
    if (this.timer) clearInterval(this.timer);
    this.snapshot?.retire();
    for (const loading of this.earlier.values())
      void loading.then(
        (s) => s.retire(),
        () => undefined,
      );
    this.earlier.clear();
  }

  /**
   * The live list to serve instead of the current snapshot's live matches (`/v1/partidas/ao-vivo`): one a publishing
   * ingest wrote on the current snapshot, read within LIVE_LIST_TTL_MS; null otherwise. Once its snapshot is current
   * the list no longer applies (its base is not current), and that snapshot lists the same matches.
   */
  liveAhead(): LiveAhead | null {
    const base = this.snapshot;
    const live = this.live;
    if (!base || !live?.list || live.list.base !== base.id) return null;
    if (this.clock.now() - live.seenAt > LIVE_LIST_TTL_MS) return null;
    return { base, list: live.list };
  }

  /** Reads the live list again when its file changed (watched, and polled with CURRENT). Concurrent calls coalesce. */
  private readonly readLive = coalesced(async () => {
    const file = this.dataDir.liveFile;
    const identity = await stat(file).then(
      (st) => `${st.ino}:${st.size}:${st.mtimeMs}`,
      () => '',
    );
    if (identity === this.live?.file) return;
    const list = identity === '' ? null : readLiveList<StoredMatch>(file);
    this.live = { list, file: identity, seenAt: this.clock.now() };
  });

  /**
   * The snapshot `id` as served: the current one, or a retained earlier one loaded on first use (cold: its
   * own generations, so its responses never mix with another snapshot's unless built from the same data).
   */
  asOf(id: string): Promise<ServedSnapshot> {
    if (this.snapshot?.id === id) return Promise.resolve(this.snapshot);
    let loading = this.earlier.get(id);
    if (loading) this.earlier.delete(id);
    else {
      if (readManifest(this.dataDir, id) === null) return Promise.reject(new SnapshotNotRetainedError(id));
      loading = this.loadEarlier(id);
      loading.catch(() => this.earlier.delete(id));
    }
    this.earlier.set(id, loading);
    for (const [old, evicted] of this.earlier) {
      if (this.earlier.size <= EARLIER_LOADED) break;
      this.earlier.delete(old);
      void evicted.then(
        (s) => s.retire(),
        () => undefined,
      );
    }
    return loading;
  }

  /**
   * An earlier snapshot shares with the current one whatever did not change between them (changesBetween
   * reads the chain back from the current one), as a swap does forwards: at 10× history its first read costs
   * the changed championships instead of every player of the history (~0.5 s).
   */
  private async loadEarlier(id: string): Promise<ServedSnapshot> {
    const started = performance.now();
    const base = this.snapshot;
    const changes = base ? changesBetween(this.dataDir, id, base.id) : null;
    const { next, carry } = await this.assemble(id, base, changes);
    this.log('snapshot_anterior_carregado', {
      snapshot: id,
      base: base?.id ?? null,
      ms: Math.round((performance.now() - started) * 10) / 10,
      cold: !carry,
    });
    return next;
  }

  /**
   * Snapshot `id` read from its file; with `base` and the `changes` between the two (in either direction:
   * what differs), the global part is patched from the base's and the base's cached partitions and responses
   * of every championship that did not change are kept. A team added or removed is served only in the changed
   * matches' championships; a team served differently on both sides (a rename) in every championship it played.
   */
  private async assemble(
    id: string,
    base: ServedSnapshot | null,
    changes: Alteracoes | null,
  ): Promise<{ next: ServedSnapshot; carry: boolean; touched: number[] }> {
    const patch = base !== null && changes !== null && !changes.completo;
    const db = await SnapshotDb.open(this.dataDir, id);
    try {
      const global = await GlobalPart.load(db, patch ? base.global : undefined, patch ? changes : undefined);
      const carry = patch;
      const touched = carry
        ? [
            ...new Set([
              ...touchedChampionships(changes, base.global, global),
              ...(await championshipsOf(db, renamedTeams(changes.times, base.global.teams, global.teams))),
            ]),
          ]
        : [];
      const generations = carry
        ? carriedGenerations(base.generations, id, changes, touched)
        : { base: id, campeonatos: new Map(), global: id };
      return { next: new ServedSnapshot(id, global, generations, db, this.cache), carry, touched };
    } catch (err) {
      db.retire();
      throw err;
    }
  }

  /** Loads the snapshot CURRENT names if it differs from the one served. Concurrent calls coalesce. */
  readonly refresh = coalesced(() => this.swapIfChanged());

  private async swapIfChanged(): Promise<void> {
    const id = await this.readCurrentId();
    if (id === null || id === this.failed?.id) return;
    if (id === this.snapshot?.id) {
      // CURRENT names the served snapshot again (a rollback past the one that failed).
      this.failed = null;
      return;
    }
    try {
      const started = performance.now();
      const previous = this.snapshot;
      const changes = previous ? changesBetween(this.dataDir, previous.id, id) : null;
      const { next, carry, touched } = await this.assemble(id, previous, changes);
      // Partitions of touched championships that were in use: read again at once, so the next request finds them.
      const hot = carry && previous ? touched.filter((c) => this.hasPartition(previous, c)) : [];
      const reused = carry ? next.global.campeonatos.filter((c) => this.hasPartition(next, c.id)).length : 0;
      if (!carry) this.cache.lru.clear();
      this.snapshot = next;
      this.failed = null;
      previous?.retire();
      for (const c of hot) next.partition(c).catch(() => undefined);
      this.log('snapshot_carregado', {
        snapshot: id,
        previous: previous?.id ?? null,
        ms: Math.round((performance.now() - started) * 10) / 10,
        reused,
        reloaded: hot.length,
        cold: !carry,
      });
      for (const listener of this.listeners) listener(next, previous);
    } catch (err) {
      // Keep serving the snapshot we have; the next change of CURRENT tries again.
      this.failed = { id, erro: errorText(err) };
      this.log('snapshot_falhou', { snapshot: id, err: this.failed.erro });
    }
  }

  private hasPartition(s: ServedSnapshot, campeonatoId: number): boolean {
    return this.cache.lru.has(s.partitionKey(campeonatoId));
  }

  private async readCurrentId(): Promise<string | null> {
    try {
      return parseSnapshotId(await readFile(this.dataDir.currentFile, 'utf8'));
    } catch {
      return null;
    }
  }
}

/**
 * `run`, one call at a time: a call while it runs shares that run and makes it go once more at its end (what
 * changed meanwhile is read again), so a burst of watch events costs one or two reads.
 */
function coalesced(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await run();
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };
}

/** Championships whose data changed: those named, and those of the changed matches before and after. */
function touchedChampionships(changes: Alteracoes, before: GlobalPart, after: GlobalPart): number[] {
  const ids = new Set(changes.campeonatos);
  for (const p of changes.partidas) {
    for (const part of [before, after]) {
      const c = part.partidaCampeonato.get(p);
      if (c !== undefined) ids.add(c);
    }
  }
  return [...ids];
}

/** Teams on both sides whose served row differs (aliases are search-only, in the global part). */
function renamedTeams(ids: readonly number[], before: Teams, after: Teams): number[] {
  return ids.filter((id) => {
    const [a, b] = [before.byId.get(id), after.byId.get(id)];
    return (
      a !== undefined &&
      b !== undefined &&
      (a.nome !== b.nome || a.sigla !== b.sigla || a.tipo !== b.tipo || a.escudo_url !== b.escudo_url)
    );
  });
}

async function championshipsOf(db: SnapshotDb, teams: readonly number[]): Promise<number[]> {
  if (teams.length === 0) return [];
  const rows = await db.query<{ id: number }>(sql('campeonatos_dos_times'), [listValue([...teams])], [LIST(INTEGER)]);
  return rows.map((r) => r.id);
}

/** The previous generations, with the new snapshot's id for what changed. */
function carriedGenerations(
  previous: Generations,
  id: string,
  changes: Alteracoes,
  touched: readonly number[],
): Generations {
  const campeonatos = new Map(previous.campeonatos);
  for (const c of touched) campeonatos.set(c, id);
  return { base: previous.base, campeonatos, global: isEmpty(changes) ? previous.global : id };
}
