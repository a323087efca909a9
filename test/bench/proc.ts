/**
 * What the benches read of processes and of the machine from Linux's /proc: memory of a process, CPU of a process
 * or of a group of them, and how busy the machine's cores were — so a figure can say where the CPU went.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

const TICKS = 100; // USER_HZ on Linux

/** A `kB` field of /proc/PID/status (VmRSS, VmHWM…) in MB. */
export function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;
}

/** user + system CPU of a process so far, µs (0 for a process already gone). */
export function cpuMicros(pid: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / TICKS) * 1e6;
}

/** The pids of the processes whose name (comm) is `name`, e.g. every PostgreSQL backend and helper. */
export function pidsNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Busy and total CPU time of the whole machine so far (all cores), µs. */
function machineMicros(): { busy: number; total: number } {
  const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
  const t = (cpu ?? '').trim().split(/\s+/).slice(1, 9).map(Number);
  const total = t.reduce((a, b) => a + b, 0);
  const idle = (t[3] ?? 0) + (t[4] ?? 0); // idle + iowait
  return { busy: ((total - idle) / TICKS) * 1e6, total: (total / TICKS) * 1e6 };
}

/**
 * CPU spent over a window, in cores (CPU seconds per second of wall time): by the whole machine and by named groups
 * of processes. A group is a function returning its pids at the end of the window (a process started during the
 * window counts from its start; one that ended before the window closed is not counted).
 */
export class CpuWindow {
  private readonly started = performance.now();
  private readonly machine = machineMicros();
  private readonly before = new Map<number, number>();

  constructor(private readonly groups: Record<string, () => number[]>) {
    for (const pids of Object.values(groups)) for (const pid of pids()) this.before.set(pid, cpuMicros(pid));
  }

  /** Cores busy in the window: `machine` (of `cores`), and each group's. */
  end(): { cores: number; machine: number; groups: Record<string, number> } {
    const seconds = (performance.now() - this.started) / 1000;
    const now = machineMicros();
    const groups: Record<string, number> = {};
    for (const [name, pids] of Object.entries(this.groups)) {
      let micros = 0;
      for (const pid of pids()) micros += cpuMicros(pid) - (this.before.get(pid) ?? 0);
      groups[name] = micros / 1e6 / seconds;
    }
    return { cores: os.availableParallelism(), machine: (now.busy - this.machine.busy) / 1e6 / seconds, groups };
  }
}

/** "machine 1.93 of 2 cores busy: workers 0.95, PostgreSQL 0.61" */
export function describeCores(w: ReturnType<CpuWindow['end']>): string {
  const parts = Object.entries(w.groups).map(([name, cores]) => `${name} ${cores.toFixed(2)}`);
  return `machine ${w.machine.toFixed(2)} of ${w.cores} cores busy: ${parts.join(', ')}`;
}
