import type { Entidade, SourceKey } from './source-keys.js';

/**
 * A map keyed by source key, nested entidade → fonte → chave so that a lookup uses the strings the records
 * already hold: joining a key string per lookup was much of the time of validating and loading large feeds.
 */
export class SourceKeyMap<V> {
  private readonly byEntity = new Map<Entidade, Map<string, Map<string, V>>>();

  get(entidade: Entidade, fonte: string, chave: string): V | undefined {
    return this.byEntity.get(entidade)?.get(fonte)?.get(chave);
  }

  getKey(key: SourceKey): V | undefined {
    return this.get(key.entidade, key.fonte, key.chave);
  }

  set(key: SourceKey, value: V): void {
    let bySource = this.byEntity.get(key.entidade);
    if (!bySource) this.byEntity.set(key.entidade, (bySource = new Map()));
    let byChave = bySource.get(key.fonte);
    if (!byChave) bySource.set(key.fonte, (byChave = new Map()));
    byChave.set(key.chave, value);
  }
}
