import type { ServerResponse } from 'node:http';
import type { DataDir } from '../../data-dir.js';
import { EventWindow } from './event-window.js';
import { readOutbox, snapshotsWithEventsAfter, type RecordedEvent } from './recorded-events.js';

/** Recorded events kept in memory for `Last-Event-ID` resume (docs/api.md "Live stream"). */
export const WINDOW_EVENTS = 2_000;
/** A comment line at least this often keeps proxies and clients from timing an idle stream out. */
export const HEARTBEAT_MS = 15_000;
/** A client that lets this much pile up unread is dropped; it reconnects and resumes from Last-Event-ID. */
const MAX_BUFFERED_BYTES = 1 << 20;
/** What the browser's EventSource waits before reconnecting. */
const RETRY_MS = 3_000;

/** An event ready to send: its SSE frame is built once and written to every stream it matches. */
interface FramedEvent extends RecordedEvent {
  frame: Buffer;
}

/** Which events one stream receives. */
export interface StreamFilter {
  /** null = every event. */
  eventos: ReadonlySet<string> | null;
  /** Championships readable by the key and asked for; null = all. */
  campeonatos: readonly number[] | null;
  /** Only the partida.* events of this match; null = any. */
  partida: number | null;
}

interface Subscriber {
  res: ServerResponse;
  filter: StreamFilter;
  accountId: number;
}

export interface StreamHubOptions {
  windowEvents?: number;
  heartbeatMs?: number;
  log?: (event: string, fields: Record<string, unknown>) => void;
}

function frame(e: RecordedEvent): Buffer {
  // A body is one JSON line; a line break would still arrive intact, as SSE joins data lines with "\n".
  return Buffer.from(`id: ${e.seq}\nevent: ${e.evento}\ndata: ${e.corpo.replace(/\r?\n/g, '\ndata: ')}\n\n`);
}

function matches(f: StreamFilter, e: RecordedEvent): boolean {
  return (
    (f.eventos === null || f.eventos.has(e.evento)) &&
    (f.campeonatos === null || f.campeonatos.includes(e.campeonatoId)) &&
    (f.partida === null || f.partida === e.partidaId)
  );
}

/**
 * The live event stream's fan-out. On each snapshot swap it reads the outbox rows recorded after the last seq it
 * sent (every published snapshot up to the new one, so a swap that skipped one loses nothing), keeps them in a
 * bounded window and writes each event's frame to the streams whose filter matches.
 */
export class StreamHub {
  private window: EventWindow<FramedEvent> | null = null;
  private readonly subscribers = new Set<Subscriber>();
  /** Streams opened before the window was filled, waiting for it. */
  private readonly waiting = new Set<Subscriber>();
  private readonly perAccount = new Map<number, number>();
  private queue: Promise<void> = Promise.resolve();
  /** Settles when the first swap has filled the window (a stream opened before waits for it). */
  private readonly filled: Promise<void>;
  private markFilled: () => void = () => {};
  private readonly heartbeat: NodeJS.Timeout;
  private readonly capacity: number;
  private readonly log: NonNullable<StreamHubOptions['log']>;

  constructor(
    private readonly dataDir: DataDir,
    o: StreamHubOptions = {},
  ) {
    this.capacity = o.windowEvents ?? WINDOW_EVENTS;
    this.log = o.log ?? (() => {});
    this.filled = new Promise((resolve) => (this.markFilled = resolve));
    this.heartbeat = setInterval(() => this.writeAll(Buffer.from(':\n\n')), o.heartbeatMs ?? HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Open streams (all accounts, or one). */
  count(accountId?: number): number {
    return accountId === undefined ? this.subscribers.size : (this.perAccount.get(accountId) ?? 0);
  }

  /**
   * Called on each snapshot swap. The first one fills the window from the retained snapshots' outboxes (what a
   * client may resume from after a restart); later ones send what was recorded since. Calls run one at a time.
   */
  snapshotSwapped(snapshotId: string): Promise<void> {
    this.queue = this.queue
      .then(() => (this.window ? this.catchUp(snapshotId) : this.fill(snapshotId)))
      .catch((err: unknown) =>
        this.log('stream_falhou', { snapshot: snapshotId, erro: err instanceof Error ? err.message : String(err) }),
      )
      .finally(() => this.window && this.markFilled());
    return this.queue;
  }

  private async fill(snapshotId: string): Promise<void> {
    const newestFirst = snapshotsWithEventsAfter(this.dataDir, 0, snapshotId).reverse();
    const batches: RecordedEvent[][] = [];
    let held = 0;
    let floor = 0;
    for (const m of newestFirst) {
      if (held >= this.capacity) break;
      const events = await readOutbox(this.dataDir, m.id, 0);
      batches.unshift(events);
      held += events.length;
      floor = (m.eventos.seq_inicio ?? 1) - 1;
    }
    const window = new EventWindow<FramedEvent>(this.capacity, floor);
    for (const e of batches.flat()) window.append({ ...e, frame: frame(e) });
    this.window = window;
  }

  private async catchUp(snapshotId: string): Promise<void> {
    const window = this.window as EventWindow<FramedEvent>;
    for (const m of snapshotsWithEventsAfter(this.dataDir, window.lastSeq, snapshotId)) {
      const read = performance.now();
      const events = await readOutbox(this.dataDir, m.id, window.lastSeq);
      const sent = performance.now();
      let writes = 0;
      for (const e of events) {
        const framed = { ...e, frame: frame(e) };
        window.append(framed);
        for (const s of this.subscribers) {
          if (!matches(s.filter, e)) continue;
          this.write(s, framed.frame);
          writes++;
        }
      }
      const done = performance.now();
      this.log('stream_enviado', {
        snapshot: m.id,
        eventos: events.length,
        escritas: writes,
        leitura_ms: Math.round(sent - read),
        envio_ms: Math.round(done - sent),
      });
    }
  }

  /**
   * Starts a stream on `res` (headers already chosen by the caller): resumes after `lastEventId` from the window
   * when it still holds everything since, else sends `recarregar` (refetch through REST) and goes on live. Before
   * the first snapshot has filled the window (a server just restarted, clients reconnecting), the stream waits for
   * it: resuming against an empty window would skip what the restart missed.
   */
  open(
    res: ServerResponse,
    headers: readonly string[],
    filter: StreamFilter,
    accountId: number,
    lastEventId: number | null,
  ): void {
    res.writeHead(200, [
      ...headers,
      'Content-Type',
      'text/event-stream; charset=utf-8',
      'Cache-Control',
      'no-store',
      'X-Accel-Buffering',
      'no',
      'Connection',
      'close',
    ]);
    res.socket?.setNoDelay(true);
    res.write(`retry: ${RETRY_MS}\n: svc stream\n\n`);
    const s: Subscriber = { res, filter, accountId };
    res.once('close', () => this.drop(s));
    if (this.window) this.attach(s, lastEventId);
    else {
      this.waiting.add(s);
      void this.filled.then(() => this.waiting.delete(s) && this.attach(s, lastEventId));
    }
  }

  /** Replays what `s` missed and adds it to the live fan-out, in one step so nothing falls between. */
  private attach(s: Subscriber, lastEventId: number | null): void {
    const missed = lastEventId === null ? [] : (this.window as EventWindow<FramedEvent>).after(lastEventId);
    if (missed === null) s.res.write(this.reloadFrame(lastEventId as number));
    else if (missed.length > 0)
      s.res.write(Buffer.concat(missed.filter((e) => matches(s.filter, e)).map((e) => e.frame)));
    this.subscribers.add(s);
    this.perAccount.set(s.accountId, this.count(s.accountId) + 1);
  }

  private reloadFrame(lastEventId: number): string {
    const last = (this.window as EventWindow<FramedEvent>).lastSeq;
    const body = {
      mensagem: `Os eventos após ${lastEventId} não estão mais disponíveis para retomada; recarregue os dados pela API REST.`,
      ultimo_evento: last,
    };
    // Its id moves the client's Last-Event-ID past the gap, so a later reconnect resumes normally.
    return `id: ${last}\nevent: recarregar\ndata: ${JSON.stringify(body)}\n\n`;
  }

  private write(s: Subscriber, chunk: Buffer): void {
    s.res.write(chunk);
    if (s.res.writableLength > MAX_BUFFERED_BYTES) s.res.destroy();
  }

  private writeAll(chunk: Buffer): void {
    for (const set of [this.subscribers, this.waiting]) for (const s of set) this.write(s, chunk);
  }

  private drop(s: Subscriber): void {
    this.waiting.delete(s);
    if (!this.subscribers.delete(s)) return;
    const n = this.count(s.accountId) - 1;
    if (n > 0) this.perAccount.set(s.accountId, n);
    else this.perAccount.delete(s.accountId);
  }

  /** Ends every stream (server shutdown) and stops the heartbeat; the clients reconnect elsewhere. */
  close(): void {
    clearInterval(this.heartbeat);
    for (const s of [...this.waiting, ...this.subscribers]) {
      this.drop(s);
      s.res.end(': servidor encerrando\n\n');
    }
  }
}
