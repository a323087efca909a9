/** A real webhook receiver: an HTTP server on loopback that records what it is sent. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface ReceiverReply {
  status: number;
  headers?: Record<string, string>;
  /** Hold the response this long (real ms) — to exercise timeouts. */
  delayMs?: number;
  body?: string;
}

/** A real HTTP receiver on 127.0.0.1:0 that records every request and answers as `reply` says. */
export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  reply: (req: ReceivedRequest, index: number) => ReceiverReply = () => ({ status: 200 });
  private readonly server: http.Server;
  private waiters: { count: number; resolve: () => void }[] = [];
  /** Replies held back (`delayMs`): cleared on stop, or a long one would keep the test process alive after it. */
  private readonly held = new Set<NodeJS.Timeout>();

  constructor() {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        const index = this.requests.push(received) - 1;
        const r = this.reply(received, index);
        const answer = (): void => {
          if (!res.destroyed) res.writeHead(r.status, r.headers).end(r.body);
          this.waiters = this.waiters.filter((w) => (this.requests.length >= w.count ? (w.resolve(), false) : true));
        };
        if (!r.delayMs) return answer();
        const timer = setTimeout(() => {
          this.held.delete(timer);
          answer();
        }, r.delayMs);
        this.held.add(timer);
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  /** Resolves once `count` requests have been answered. */
  waitFor(count: number): Promise<void> {
    if (this.requests.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  async stop(): Promise<void> {
    for (const timer of this.held) clearTimeout(timer);
    this.held.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
