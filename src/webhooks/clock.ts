/**
 * Time as the dispatcher sees it. Injected so tests can run hours of retry schedule in milliseconds;
 * network timeouts stay on real time (they measure the receiver, not the schedule).
 */
export interface Clock {
  now(): number;
  /** Calls `fn` after `ms` of this clock's time; returns a cancel function. */
  setTimer(fn: () => void, ms: number): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const t = setTimeout(fn, ms);
    return () => clearTimeout(t);
  },
};
