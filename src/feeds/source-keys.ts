import type { Feed, SourceId } from './canonical.js';

/** Entities with a source id, as stored in the snapshot's `id_fonte.entidade`. */
export type Entidade =
  | 'campeonato'
  | 'fase'
  | 'chave'
  | 'rodada'
  | 'time'
  | 'jogador'
  | 'partida'
  | 'evento'
  /** Points adjustments are keyed by source id but get no internal id. */
  | 'ajuste';

/** One source key: what `id_fonte` maps to an internal id. */
export interface SourceKey {
  entidade: Entidade;
  fonte: string;
  chave: string;
}

/** The source key of a record's id (`id_fonte.chave`): source ids compare as strings (`7` and `"7"` are the same record). */
export function sourceKeyOf(id: SourceId): string {
  return String(id);
}

/** A bracket tie's source key: ties (`chave` of a phase) are numbered inside their phase, so it includes the phase's id. */
export function tieSourceKey(fase: SourceId, tie: SourceId): string {
  return `${String(fase)}/${String(tie)}`;
}

export function keyString(k: SourceKey): string {
  return `${k.entidade}\u0000${k.fonte}\u0000${k.chave}`;
}

export function fonteOf(record: { fonte?: string }, feed: Feed): string {
  return record.fonte ?? feed.fonte;
}
