import { request, type IncomingMessage } from 'node:http';
import { waitFor } from './wait.js';

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
  }

  /** Frames carrying an event (not comments only). */
  get events(): SseFrame[] {
    return this.frames.filter((f) => f.event !== undefined);
  }

  /** Resolves when `test` holds, rejects after `ms` with what was received. */
  until(test: (c: SseClient) => boolean, ms = 15_000): Promise<void> {
    return waitFor(
      () => test(this),
      () => `an SSE condition; received: ${this.body.slice(0, 2000)}`,
      ms,
    );
  }

  close(): void {
    this.res?.destroy();
  }
}
