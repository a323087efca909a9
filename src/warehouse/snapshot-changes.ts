import type { DataDir } from '../data-dir.js';
import { readManifest } from './snapshot-store.js';
import { unionOf, type Alteracoes } from './touched.js';

/** A chain longer than this is not worth following: a reader that far behind starts afresh. */
const MAX_CHAIN = 1_000;

/**
 * What changed from snapshot `fromId` to snapshot `toId`: the union of the `alteracoes` of the manifests
 * from `toId` back through `parent_id` to `fromId`. Null when that chain does not reach `fromId` (a
 * rollback, retention removed a link) or a link does not record its changes: the caller then treats
 * everything as changed.
 */
export function changesBetween(dataDir: DataDir, fromId: string, toId: string): Alteracoes | null {
  const found: Alteracoes[] = [];
  let id: string | null = toId;
  for (let n = 0; id !== null && id !== fromId && n < MAX_CHAIN; n++) {
    const m = readManifest(dataDir, id);
    if (!m?.alteracoes) return null;
    found.push(m.alteracoes);
    id = m.parent_id;
  }
  return id === fromId ? unionOf(found) : null;
}
