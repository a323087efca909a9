import { FeedRejectedError } from '../../feeds/errors.js';
import { SourceKeyMap } from '../../feeds/source-key-map.js';
import { keyString, type Entidade, type SourceKey } from '../../feeds/source-keys.js';

/** Hands out `count` new internal ids for an entity (control-plane counter `id_<entidade>`); returns the first. */
export type IdAllocator = (entidade: Entidade, count: number) => number;

/**
 * Source key → internal id for one load: what `id_fonte` already knows, what natural keys matched, and
 * new ids allocated in bulk. New mappings are written back to `id_fonte` by the loader.
 */
export class IdResolver {
  private readonly ids = new SourceKeyMap<number>();
  private readonly pending = new Map<Entidade, Map<string, SourceKey>>();
  readonly newMappings: (SourceKey & { id: number })[] = [];

  /** `stored`: the ids `id_fonte` already has for the run's keys (from validateFeeds, by keyString). */
  constructor(
    stored: ReadonlyMap<string, number>,
    private readonly allocate: IdAllocator,
  ) {
    for (const [k, id] of stored) {
      const first = k.indexOf('\u0000');
      const second = k.indexOf('\u0000', first + 1);
      this.ids.set(
        { entidade: k.slice(0, first) as Entidade, fonte: k.slice(first + 1, second), chave: k.slice(second + 1) },
        id,
      );
    }
  }

  lookup(entidade: Entidade, fonte: string, chave: string): number | undefined {
    return this.ids.get(entidade, fonte, chave);
  }

  get(key: SourceKey): number | undefined {
    return this.lookup(key.entidade, key.fonte, key.chave);
  }

  /** The id of a reference the validator has already checked; a miss means the snapshot changed under us. */
  require(key: SourceKey, file: string, pointer: string): number {
    const id = this.get(key);
    if (id === undefined) {
      throw new FeedRejectedError([
        {
          file,
          position: { pointer },
          reason: `${key.entidade} desconhecido(a): id ${JSON.stringify(key.chave)} da fonte "${key.fonte}"`,
        },
      ]);
    }
    return id;
  }

  /** Maps a key found through a natural key (same thing stored from another source). */
  link(key: SourceKey, id: number): void {
    this.ids.set(key, id);
    this.newMappings.push({ entidade: key.entidade, fonte: key.fonte, chave: key.chave, id });
  }

  /** Queues a key for a new id; `allocatePending` hands them out in one counter reservation per entity. */
  queue(key: SourceKey): void {
    if (this.get(key) !== undefined) return;
    const queued = this.pending.get(key.entidade) ?? new Map<string, SourceKey>();
    queued.set(keyString(key), key);
    this.pending.set(key.entidade, queued);
  }

  allocatePending(entidade: Entidade): void {
    const keys = [...(this.pending.get(entidade)?.values() ?? [])];
    this.pending.delete(entidade);
    if (keys.length === 0) return;
    let next = this.allocate(entidade, keys.length);
    for (const key of keys) this.link(key, next++);
  }
}
