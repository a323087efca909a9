/**
 * One load generator for the throughput figures: wrk when it is installed (a C program, so the generator
 * does not compete with the server for the JS engine's time the way an in-process generator does), else
 * autocannon in this process. `SVC_BENCH_LOADGEN=autocannon` forces autocannon. Both the server and its
 * baseline are always measured with the same one in a run.
 */
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export interface LoadRun {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p99Ms: number;
  /** Responses that were not 2xx/3xx, plus socket errors and timeouts. */
  failed: number;
}

export interface LoadGenerator {
  name: string;
  measure(run: LoadRun): Promise<LoadFigures>;
}

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (o: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;

const autocannonGenerator: LoadGenerator = {
  name: 'autocannon (in-process)',
  async measure(run) {
    const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
    const r = await autocannon({
      url: run.url,
      connections: run.connections,
      duration: run.seconds,
      headers: run.headers,
    });
    return { requestsPerSecond: r.requests.average, p99Ms: r.latency.p99, failed: r.non2xx + r.errors + r.timeouts };
  },
};

// wrk's summary as one JSON line (its text output rounds and changes units).
const WRK_REPORT = `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"duration_us":%d,"p99_us":%d,"failed":%d}\\n',
    summary.requests, summary.duration, latency:percentile(99), e.status + e.connect + e.read + e.write + e.timeout))
end
`;

function wrkGenerator(bin: string): LoadGenerator {
  const script = path.join(os.tmpdir(), `svc-bench-wrk-${process.pid}.lua`);
  writeFileSync(script, WRK_REPORT);
  // One core is left to the server (a single Node thread). With a thread per core on a 2-core machine the
  // generator's threads preempt the server, and every server's p99 (the bare baseline's too) becomes the
  // scheduler's time slices: 40–190 ms instead of 6–14 ms, for ~10 % more requests per second.
  const threads = Math.max(1, os.cpus().length - 1);
  return {
    name: `wrk (${threads} thread${threads > 1 ? 's' : ''})`,
    measure(run) {
      const args = [
        '-t',
        String(Math.min(threads, run.connections)),
        '-c',
        String(run.connections),
        '-d',
        `${run.seconds}s`,
        '-s',
        script,
      ];
      for (const [k, v] of Object.entries(run.headers ?? {})) args.push('-H', `${k}: ${v}`);
      args.push(run.url);
      return new Promise((resolve, reject) => {
        const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
        child.on('error', reject);
        child.on('close', (code) => {
          const line = out.split('\n').find((l) => l.startsWith('{'));
          if (code !== 0 || !line) return reject(new Error(`wrk exited ${String(code)}: ${out}`));
          const r = JSON.parse(line) as { requests: number; duration_us: number; p99_us: number; failed: number };
          resolve({ requestsPerSecond: r.requests / (r.duration_us / 1e6), p99Ms: r.p99_us / 1000, failed: r.failed });
        });
      });
    },
  };
}

function which(bin: string): string | null {
  try {
    return execFileSync('sh', ['-c', `command -v ${bin}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export function loadGenerator(): LoadGenerator {
  const wrk = process.env.SVC_BENCH_LOADGEN === 'autocannon' ? null : which('wrk');
  return wrk ? wrkGenerator(wrk) : autocannonGenerator;
}
