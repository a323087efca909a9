/**
 * The one clock. Every "now" the product decides with — the live window, leases, stream tickets, a quota's day,
 * usage, retention, the instants written to the control plane — comes from a Clock handed down from the command
 * or the server, never from `Date.now()` read on its own: tests run on a fixed or fast clock, and a date moved
 * by faketime moves everything together. Network timeouts stay on real timers (they measure the peer).
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

/** The clock's instant as a Date. */
export function nowDate(clock: Clock = systemClock): Date {
  return new Date(clock.now());
}
