/**
 * Open-loop latency probe for the API benchmark (as wrk2 does): GETs are due at a fixed rate, request i at
 * start + i / rate, spread round-robin over N keep-alive connections, and each is timed from when it was DUE,
 * not from when it was sent. A server that stalls for 200 ms therefore shows the stall in every request that
 * fell due during it (a closed-loop client waits with the server and counts the stall once per connection:
 * coordinated omission). A connection busy when its next request falls due sends it as soon as the answer
 * is in (no pipelining); the wait is counted. Requests due before the deadline are all sent and awaited.
 * A connection closed without an answer, or a 4xx/5xx, counts as a failed request; the probe reconnects.
 * It reads only the status line and Content-Length and counts body bytes into a reused buffer, so a 28 KB
 * body costs it a socket read, not a JS parse. Why not wrk's latency figure: docs/decisions.md, "Open-loop latency probe".
 */
import net from 'node:net';
import { percentile } from './stats.js';

export interface ProbeRun {
  url: string;
  /** Requests per second the probe sends, whatever the server's pace. */
  rate: number;
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
  /** How long after the deadline answers still due are awaited before they count as failed (default 5 s). */
  drainMs?: number;
}

export interface ProbeFigures {
  /** Requests due (and sent) in the run: ceil(rate × seconds). */
  sent: number;
  /** Each successful request's latency from its due time to its last byte, ms, in completion order. */
  latencies: number[];
  /** 4xx/5xx answers, connections closed without an answer, and requests unanswered after the drain time. */
  failed: number;
  /** Share of one core the probe itself used; near 100 % means the probe's own lag is in the figures. */
  probeCpu: number;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  p999: number;
  max: number;
}

/** p50, p99, p99.9 and max of latencies pooled from any number of runs. */
export function summarize(latencies: readonly number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    p999: percentile(sorted, 99.9),
    max: sorted.at(-1) ?? NaN,
  };
}

const HEADER_END = Buffer.from('\r\n\r\n');
const EMPTY = Buffer.alloc(0);
const READ_BUFFER = 64 * 1024;
const DRAIN_MS = 5_000;

/** Status code and Content-Length of a response head (the bytes before the blank line). */
function parseHead(head: string): { status: number; length: number } {
  const status = Number(head.slice(9, 12));
  const m = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (!Number.isInteger(status) || !m) throw new Error(`latency probe: unexpected response head: ${head.slice(0, 80)}`);
  return { status, length: Number(m[1]) };
}

interface Lane {
  socket: net.Socket | null;
  /** Reused for every read of this lane's connections. */
  readBuffer: Buffer;
  /** Index of this lane's next request (lane, lane + connections, …). */
  next: number;
  due: number;
  /** Bytes of a head read so far, or null while reading a body. */
  head: Buffer | null;
  bodyLeft: number;
  failedAnswer: boolean;
  /** A request is written and its answer not complete. */
  waiting: boolean;
  done: () => void;
}

/**
 * Connects every connection first (connection set-up is not a request's latency), then runs the schedule.
 * Rejects if the server cannot be reached at the start or breaks the protocol (a head it cannot read,
 * bytes beyond the response).
 */
export async function probeLatency(run: ProbeRun): Promise<ProbeFigures> {
  const url = new URL(run.url);
  const lines = [
    `GET ${url.pathname}${url.search} HTTP/1.1`,
    `Host: ${url.host}`,
    ...Object.entries(run.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
  ];
  const request = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
  const total = Math.ceil(run.rate * run.seconds);
  const connections = Math.max(1, Math.min(run.connections, total));
  const latencies: number[] = [];
  let failed = 0;
  let stopped = false;
  let start = NaN;
  let rejectRun: (err: Error) => void = () => {};
  // Rejects the run on a protocol error; handled here too, for an error after the run has already settled.
  const broken = new Promise<never>((_, reject) => (rejectRun = reject));
  broken.catch(() => {});

  /** Requests of a lane not yet answered, from its next one on. */
  const leftOn = (lane: Lane): number => (lane.next < total ? Math.ceil((total - lane.next) / connections) : 0);

  const connect = (lane: Lane): Promise<net.Socket> =>
    new Promise((resolve, reject) => {
      const socket = net.connect({
        host: url.hostname,
        port: Number(url.port),
        noDelay: true,
        onread: { buffer: lane.readBuffer, callback: (n) => (onBytes(lane, lane.readBuffer.subarray(0, n)), true) },
      });
      socket.once('connect', () => {
        socket.off('error', reject);
        attach(lane, socket);
        resolve(socket);
      });
      socket.once('error', reject);
    });

  const answered = (lane: Lane): void => {
    lane.head = EMPTY;
    lane.waiting = false;
    lane.next += connections;
    sendNext(lane);
  };

  const onBytes = (lane: Lane, chunk: Buffer): void => {
    try {
      let rest = chunk;
      if (lane.head) {
        // Almost always the head arrives whole in one read; a partial one is copied (the read buffer is reused).
        const buffered = lane.head.length ? Buffer.concat([lane.head, chunk]) : chunk;
        const at = buffered.indexOf(HEADER_END);
        if (at < 0) {
          lane.head = Buffer.from(buffered);
          return;
        }
        const { status, length } = parseHead(buffered.toString('latin1', 0, at));
        lane.failedAnswer = status >= 400;
        lane.bodyLeft = length;
        lane.head = null;
        rest = buffered.subarray(at + HEADER_END.length);
      }
      lane.bodyLeft -= rest.length;
      if (lane.bodyLeft < 0) throw new Error('latency probe: bytes after the response (no pipelining is sent)');
      if (lane.bodyLeft > 0) return;
      if (lane.failedAnswer) failed++;
      else latencies.push(performance.now() - lane.due);
      answered(lane);
    } catch (err) {
      rejectRun(err as Error);
    }
  };

  const attach = (lane: Lane, socket: net.Socket): void => {
    lane.socket = socket;
    socket.on('error', () => {}); // the close that follows is what counts
    socket.on('close', () => {
      if (lane.socket !== socket) return;
      lane.socket = null;
      if (!lane.waiting || stopped) return;
      // Closed without (all of) an answer: that request failed; the lane goes on over a new connection.
      failed++;
      answered(lane);
    });
  };

  const sendNext = (lane: Lane): void => {
    if (stopped) return;
    if (lane.next >= total) {
      lane.done();
      return;
    }
    lane.due = start + (lane.next * 1000) / run.rate;
    const wait = lane.due - performance.now();
    if (wait > 0) return void setTimeout(() => sendNext(lane), wait);
    if (!lane.socket) {
      connect(lane).then(
        () => sendNext(lane),
        () => {
          // The server is gone: every request left on this lane fails.
          failed += leftOn(lane);
          lane.next = total;
          lane.done();
        },
      );
      return;
    }
    lane.waiting = true;
    lane.socket.write(request);
  };

  const lanes: Lane[] = Array.from({ length: connections }, (_, i) => ({
    socket: null,
    readBuffer: Buffer.allocUnsafe(READ_BUFFER),
    next: i,
    due: 0,
    head: EMPTY,
    bodyLeft: 0,
    failedAnswer: false,
    waiting: false,
    done: () => {},
  }));
  const closeAll = (): void => {
    stopped = true;
    for (const lane of lanes) {
      const socket = lane.socket;
      lane.socket = null;
      socket?.destroy();
    }
  };
  const connected = await Promise.allSettled(lanes.map((lane) => connect(lane)));
  const refused = connected.find((c): c is PromiseRejectedResult => c.status === 'rejected');
  if (refused) {
    closeAll();
    throw refused.reason;
  }

  const cpu0 = process.cpuUsage();
  start = performance.now();
  const finished = Promise.all(
    lanes.map((lane) => new Promise<void>((resolve) => ((lane.done = resolve), sendNext(lane)))),
  );
  let drainTimer: NodeJS.Timeout | undefined;
  const drained = new Promise<'timeout'>(
    (resolve) => (drainTimer = setTimeout(() => resolve('timeout'), run.seconds * 1000 + (run.drainMs ?? DRAIN_MS))),
  );
  try {
    // Still unanswered at the drain deadline: the request in flight and every one not yet sent, per lane.
    if ((await Promise.race([finished, drained, broken])) === 'timeout')
      for (const lane of lanes) failed += leftOn(lane);
  } finally {
    clearTimeout(drainTimer);
    closeAll();
  }
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  return { sent: total, latencies, failed, probeCpu: (cpu.user + cpu.system) / 1000 / wall };
}
