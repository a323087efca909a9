import { request, type IncomingMessage } from 'node:http';

export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  /** Comment lines (heartbeats), without the colon. */
  comments: string[];
}

/** A real Server-Sent Events client over node:http: collects frames as the server writes them. */
export class SseClient {
  readonly frames: SseFrame[] = [];
  status = 0;
  headers: IncomingMessage['headers'] = {};
  body = '';
  ended = false;
  private buffer = '';
  private waiters: (() => void)[] = [];
  private res: IncomingMessage | null = null;

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const c = new SseClient();
    await new Promise<void>((resolve, reject) => {
      const req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
        c.res = res;
        c.status = res.statusCode ?? 0;
        c.headers = res.headers;
        res.setEncoding('utf8');
        res.on('data', (d: string) => c.push(d));
        res.on('close', () => {
          c.ended = true;
          c.wake();
        });
        resolve();
      });
      req.on('error', reject);
      req.end();
    });
    return c;
  }

  private push(chunk: string): void {
    this.body += chunk;
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const f: SseFrame = { comments: [] };
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) f.comments.push(line.slice(1).trim());
        else {
          const i = line.indexOf(':');
          const name = line.slice(0, i) as 'id' | 'event' | 'data' | 'retry';
          const value = line.slice(i + 1).replace(/^ /, '');
          if (name === 'data') f.data = f.data === undefined ? value : `${f.data}\n${value}`;
          else if (name !== 'retry') f[name] = value;
        }
      }
      this.frames.push(f);
    }
    this.wake();
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Frames carrying an event (not comments only). */
  get events(): SseFrame[] {
    return this.frames.filter((f) => f.event !== undefined);
  }

  /** Resolves when `test` holds, rejects after `ms` with what was received. */
  async until(test: (c: SseClient) => boolean, ms = 15_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!test(this)) {
      if (Date.now() > deadline)
        throw new Error(`SSE: condition not met in ${ms} ms; received: ${this.body.slice(0, 2000)}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 200);
      });
    }
  }

  close(): void {
    this.res?.destroy();
  }
}
