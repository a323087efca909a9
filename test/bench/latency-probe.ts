/**
 * Closed-loop latency probe for the API benchmark's p99 figure: N keep-alive connections, each sending the
 * next GET as soon as the previous response is complete, timed with the monotonic clock. It reads only the
 * status line and Content-Length and counts body bytes, so a large body costs it a few socket reads, not a
 * JS parse (autocannon saturates its core on the 28 KB `/partidas` page before either server does).
 * Why not wrk's latency figure: see docs/decisions.md, "Tail latency", third look.
 */
import net from 'node:net';
import type { LoadFigures, LoadRun } from './load-generator.js';
import { percentile } from './stats.js';

export interface ProbeFigures extends LoadFigures {
  /** Responses received complete within the run. */
  requests: number;
  /** Share of one core the probe itself used; near 100 % means the probe, not the server, set the pace. */
  probeCpu: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const EMPTY = Buffer.alloc(0);
const READ_BUFFER = 64 * 1024;

/** Status code and Content-Length of a response head (the bytes before the blank line). */
function parseHead(head: string): { status: number; length: number } {
  const status = Number(head.slice(9, 12));
  const m = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (!Number.isInteger(status) || !m) throw new Error(`latency probe: unexpected response head: ${head.slice(0, 80)}`);
  return { status, length: Number(m[1]) };
}

/**
 * Runs the probe for `run.seconds`. A connection's first request is timed from its connect() call, so the
 * wait for the server to accept the connection is counted too.
 */
export function probeLatency(run: LoadRun): Promise<ProbeFigures> {
  const url = new URL(run.url);
  const lines = [`GET ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`, ...Object.entries(run.headers ?? {}).map(([k, v]) => `${k}: ${v}`)];
  const request = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
  const latencies: number[] = [];
  let failed = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const end = t0 + run.seconds * 1000;

  return new Promise((resolve, reject) => {
    const sockets: net.Socket[] = [];
    let open = run.connections;
    const finish = () => {
      if (--open > 0) return;
      const wall = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      latencies.sort((a, b) => a - b);
      resolve({ requests: latencies.length, requestsPerSecond: latencies.length / (wall / 1000), p99Ms: percentile(latencies, 99), failed, probeCpu: (cpu.user + cpu.system) / 1000 / wall });
    };
    for (let i = 0; i < run.connections; i++) {
      let start = performance.now();
      let head: Buffer | null = EMPTY;
      let remaining = 0;
      const onBytes = (chunk: Buffer): void => {
        let rest = chunk;
        if (head) {
          // Almost always the head arrives whole in one read; a partial one is copied (the read buffer is reused).
          const buffered = head.length ? Buffer.concat([head, chunk]) : chunk;
          const at = buffered.indexOf(HEADER_END);
          if (at < 0) {
            head = Buffer.from(buffered);
            return;
          }
          const { status, length } = parseHead(buffered.toString('latin1', 0, at));
          if (status >= 400) failed++;
          rest = buffered.subarray(at + HEADER_END.length);
          remaining = length;
          head = null;
        }
        remaining -= rest.length;
        if (remaining > 0) return;
        if (remaining < 0) throw new Error('latency probe: bytes after the response (no pipelining is sent)');
        const now = performance.now();
        latencies.push(now - start);
        head = EMPTY;
        if (now >= end) return void socket.end();
        start = now;
        socket.write(request);
      };
      // Reads into one reused buffer per connection, outside the stream machinery: a 28 KB body costs the
      // probe no allocation and no 'data' event.
      const readBuffer = Buffer.allocUnsafe(READ_BUFFER);
      const socket = net.connect({
        host: url.hostname,
        port: Number(url.port),
        noDelay: true,
        onread: {
          buffer: readBuffer,
          callback: (n) => {
            try {
              onBytes(readBuffer.subarray(0, n));
            } catch (err) {
              socket.destroy(err as Error);
            }
            return true;
          },
        },
      }, () => socket.write(request));
      sockets.push(socket);
      socket.on('error', (err) => {
        for (const s of sockets) s.destroy();
        reject(err);
      });
      socket.on('close', finish);
    }
  });
}
