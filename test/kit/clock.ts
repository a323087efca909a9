import { systemClock, type Clock } from '../../src/clock.js';

/** A clock that reads `start` now and runs at real speed from there (timers are real). */
export function clockFrom(start: string): Clock {
  const offset = Date.parse(start) - Date.now();
  return { now: () => Date.now() + offset, setTimer: systemClock.setTimer };
}
