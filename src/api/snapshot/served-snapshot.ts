import { nowDate } from '../../clock.js';
import { createHash } from 'node:crypto';
import { Shapes } from '../resources/shapes.js';
import { ByteLru } from './byte-lru.js';
import type { GlobalPart } from './global-part.js';
import { MatchDetails } from './match-details.js';
import { Partition } from './partition.js';
import type { SnapshotDb } from './snapshot-db.js';

/** A response ready to send: body serialized once, its strong ETag, and its headers (`ETag`, `Cache-Control`). */
export interface CachedResponse {
  readonly body: Buffer;
  readonly etag: string;
  /** Its headers as name/value pairs: for a 200 (with type and length) and for a 304. */
  readonly headers: readonly string[];
  readonly notModifiedHeaders: readonly string[];
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** Bytes a cached response costs beyond its body (headers, key, entry). */
const RESPONSE_OVERHEAD = 512;

/** A response body to memoise: `T`, the type its route's response schema describes (routes/respond.ts). */
export interface Built<T = unknown> {
  payload: T;
  /** Seconds for `Cache-Control: max-age`. */
  maxAge: number;
}

/**
 * The cache every served snapshot shares, bounded by bytes: championship partitions and memoised
 * responses, keyed by the generation of the data they were built from (see Generations), so a snapshot
 * finds what an earlier one built from the same data.
 */
export class ServeCache {
  readonly lru: ByteLru<CachedResponse | Partition | MatchDetails>;
  /** Partition and match-details loads in flight, by cache key: concurrent requests share one load. */
  readonly loading = new Map<string, Promise<Partition | MatchDetails>>();
  /** Responses sent from the cache, and built (for `/v1/status`'s hit rate). */
  readonly responses = { hits: 0, misses: 0 };

  constructor(limitBytes: number) {
    this.lru = new ByteLru(limitBytes);
  }
}

/**
 * Which snapshot's data each part of the cache belongs to. A championship not named in `campeonatos` has
 * the data of snapshot `base`; `global` names the snapshot whose global part built the global responses.
 * A swap whose changes are known copies these, naming the new snapshot only for what changed.
 */
export interface Generations {
  base: string;
  campeonatos: ReadonlyMap<number, string>;
  global: string;
}

/**
 * One published snapshot as the API serves it: the global part in memory, championship partitions read
 * from its own DuckDB file on demand, responses memoised in the shared cache. A request holds it from
 * start to end, so it always sees one snapshot; a lazy read during the request uses this snapshot's
 * file, never a newer one.
 */
export class ServedSnapshot {
  readonly shapes: Shapes;
  /** Scope strings by championship: built once, read on every request (the hot path). */
  private readonly scopes = new Map<number, string>();

  constructor(
    readonly id: string,
    readonly global: GlobalPart,
    readonly generations: Generations,
    private readonly db: SnapshotDb,
    private readonly cache: ServeCache,
    readonly loadedAt = nowDate(),
  ) {
    this.shapes = new Shapes(global);
  }

  /** When the snapshot was created (from its metadata), or null when it does not say. */
  get criadoEm(): string | null {
    return this.global.meta.get('criado_em') ?? null;
  }

  /** Cache-key prefix of responses built from the global part only. */
  get globalScope(): string {
    return `g@${this.generations.global}`;
  }

  /** Cache-key prefix of what is built from championship `id`'s data. */
  championshipScope(id: number): string {
    let scope = this.scopes.get(id);
    if (scope === undefined) {
      scope = `c${id}@${this.generations.campeonatos.get(id) ?? this.generations.base}`;
      this.scopes.set(id, scope);
    }
    return scope;
  }

  /** Cache key of championship `id`'s partition. */
  partitionKey(id: number): string {
    return `${this.championshipScope(id)}|partição`;
  }

  /** The memoised response, if there is one. */
  lookup(scope: string, key: string): CachedResponse | undefined {
    const hit = this.cache.lru.get(`${scope}|${key}`) as CachedResponse | undefined;
    if (hit) this.cache.responses.hits++;
    return hit;
  }

  /** The memoised response for `key`, building it from data in memory on first use. */
  respond(scope: string, key: string, build: () => Built): CachedResponse {
    const hit = this.lookup(scope, key);
    if (hit) return hit;
    this.cache.responses.misses++;
    const entry = prepare(build());
    this.cache.lru.set(`${scope}|${key}`, entry, entry.body.length + RESPONSE_OVERHEAD + key.length);
    return entry;
  }

  /**
   * As `respond`, for a response built from championship `campeonatoId`'s partition (and its match details when
   * `withDetails`), read first if not cached. The snapshot's file stays open until the read is done, even across
   * a swap.
   */
  async respondFrom(
    campeonatoId: number,
    scope: string,
    key: string,
    build: (shapes: Shapes, part: Partition, details: MatchDetails | undefined) => Built,
    withDetails = false,
  ): Promise<CachedResponse> {
    const hit = this.lookup(scope, key);
    if (hit) return hit;
    this.db.retain();
    try {
      const part = await this.partition(campeonatoId);
      const details = withDetails ? await this.details(campeonatoId) : undefined;
      return this.respond(scope, key, () => build(new Shapes(this.global, part), part, details));
    } finally {
      this.db.release();
    }
  }

  /** Championship `campeonatoId`'s partition: cached, being read, or read now from this snapshot's file. */
  partition(campeonatoId: number): Promise<Partition> {
    return this.cached(this.partitionKey(campeonatoId), () => Partition.load(this.db, campeonatoId));
  }

  /** The events, lineups and statistics of championship `campeonatoId`'s matches, as `partition`. */
  details(campeonatoId: number): Promise<MatchDetails> {
    return this.cached(`${this.championshipScope(campeonatoId)}|detalhes`, () =>
      MatchDetails.load(this.db, campeonatoId),
    );
  }

  private cached<T extends Partition | MatchDetails>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.cache.lru.get(key);
    if (hit) return Promise.resolve(hit as T);
    let loading = this.cache.loading.get(key) as Promise<T> | undefined;
    if (!loading) {
      this.db.retain();
      loading = load()
        .then((value) => {
          this.cache.lru.set(key, value, value.bytes);
          return value;
        })
        .finally(() => {
          this.cache.loading.delete(key);
          this.db.release();
        });
      this.cache.loading.set(key, loading);
    }
    return loading;
  }

  /** A newer snapshot is current: close the file once no request reads it. */
  retire(): void {
    this.db.retire();
  }
}

function prepare({ payload, maxAge }: Built): CachedResponse {
  const body = Buffer.from(JSON.stringify(payload));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const cacheControl = `private, max-age=${maxAge}`;
  const notModifiedHeaders = ['ETag', etag, 'Cache-Control', cacheControl];
  const headers = [...notModifiedHeaders, 'Content-Type', JSON_TYPE, 'Content-Length', String(body.length)];
  return { body, etag, headers, notModifiedHeaders };
}
