/** Clocks for tests: the wall clock never decides an outcome. */
import { systemClock, type Clock } from '../../src/clock.js';

/** A clock that reads `start` now and runs at real speed from there (timers are real). */
export function clockFrom(start: string): Clock {
  const offset = Date.parse(start) - Date.now();
  return { now: () => Date.now() + offset, setTimer: systemClock.setTimer };
}

/** A clock that moves only when told: hours of retry schedule in milliseconds. */
export class ManualClock implements Clock {
  private timers: { at: number; fn: () => void }[] = [];
  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  setTimer(fn: () => void, ms: number): () => void {
    const timer = { at: this.current + ms, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  advance(ms: number): void {
    this.current += ms;
    const due = this.timers.filter((t) => t.at <= this.current);
    this.timers = this.timers.filter((t) => t.at > this.current);
    for (const t of due) t.fn();
  }
}
