import { createHash } from 'node:crypto';
import { SnapshotIndex } from './indexes.js';
import type { SnapshotTables } from './tables.js';
import { Shapes, type JsonObject } from '../resources/shapes.js';

/** A response ready to send: body serialized once, its strong ETag, and its headers (`ETag`, `Cache-Control`). */
export interface CachedResponse {
  readonly body: Buffer;
  readonly etag: string;
  /** Its headers as name/value pairs: for a 200 (with type and length) and for a 304. */
  readonly headers: readonly string[];
  readonly notModifiedHeaders: readonly string[];
}

const JSON_TYPE = 'application/json; charset=utf-8';

export interface Built {
  payload: JsonObject;
  /** Seconds for `Cache-Control: max-age`. */
  maxAge: number;
}

/** Bound on memoised bodies per snapshot, so arbitrary filter combinations cannot grow memory without end. */
const MAX_CACHED = 5_000;

/**
 * One published snapshot as the API serves it: immutable data in memory plus memoised response bodies.
 * A request holds a reference from start to end, so it always sees one snapshot; after a swap the old
 * object is dropped when the last such request ends.
 */
export class ServedSnapshot {
  readonly ix: SnapshotIndex;
  readonly shapes: Shapes;
  private readonly cache = new Map<string, CachedResponse>();

  constructor(readonly id: string, tables: SnapshotTables, readonly loadedAt = new Date()) {
    this.ix = new SnapshotIndex(tables);
    this.shapes = new Shapes(this.ix);
  }

  /** When the snapshot was created (from its metadata), or null when it does not say. */
  get criadoEm(): string | null {
    return this.ix.meta.get('criado_em') ?? null;
  }

  /** The memoised response for `key`, building it on first use. */
  respond(key: string, build: () => Built): CachedResponse {
    const hit = this.cache.get(key);
    if (hit) return hit;
    const { payload, maxAge } = build();
    const body = Buffer.from(JSON.stringify(payload));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const cacheControl = `private, max-age=${maxAge}`;
    const notModifiedHeaders = ['ETag', etag, 'Cache-Control', cacheControl];
    const headers = [...notModifiedHeaders, 'Content-Type', JSON_TYPE, 'Content-Length', String(body.length)];
    const entry = { body, etag, headers, notModifiedHeaders };
    if (this.cache.size >= MAX_CACHED) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(key, entry);
    return entry;
  }
}
