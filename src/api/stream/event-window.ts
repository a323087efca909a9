/** Anything with a sequence number, kept in ascending order. */
export interface Sequenced {
  readonly seq: number;
}

/**
 * The recent events a reconnecting client can resume from (`Last-Event-ID`). Invariant: every recorded event
 * with a seq above `floor` is held (seqs have gaps — a rolled-back ingest leaves one — so completeness is
 * tracked by this bound, not by counting). Appending beyond `capacity` drops the oldest and raises the floor.
 */
export class EventWindow<E extends Sequenced> {
  private readonly events: E[] = [];

  constructor(
    readonly capacity: number,
    private floor: number,
  ) {}

  /** The highest seq known: the last event held, or the floor when none is. */
  get lastSeq(): number {
    return this.events.at(-1)?.seq ?? this.floor;
  }

  get size(): number {
    return this.events.length;
  }

  append(e: E): void {
    this.events.push(e);
    if (this.events.length > this.capacity) this.floor = (this.events.shift() as E).seq;
  }

  /** The events after `seq`, oldest first; null when some of them are no longer held. */
  after(seq: number): E[] | null {
    if (seq < this.floor) return null;
    let lo = 0;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.events[mid] as E).seq <= seq) lo = mid + 1;
      else hi = mid;
    }
    return this.events.slice(lo);
  }
}
