import type { ServerResponse } from 'node:http';
import type { DataDir } from '../../data-dir.js';
import { errorText } from '../../log.js';
import {
  lineSnapshotsAfter,
  readLineEvents,
  readOutbox,
  type RecordedEvent,
  type SnapshotQuery,
} from '../../warehouse/outbox-reader.js';
import { SnapshotDb } from '../snapshot/snapshot-db.js';
import type { AuthContext } from '../auth-context.js';
import { EventWindow } from './event-window.js';

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

/**
 * Reads an outbox through the serving DuckDB instance: the snapshot just swapped in is attached already (no open at
 * all); another one is attached read-only for the read and detached after (a few ms, where a DuckDB instance of its
 * own cost 30–90 ms of every event's way to the clients).
 */
const servingInstance: SnapshotQuery = async (dataDir, snapshotId, sql, params) => {
  const db = await SnapshotDb.open(dataDir, snapshotId);
  try {
    return await db.query(sql, params);
  } finally {
    db.retire();
  }
};

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
  /** The key as it stood when the stream opened. */
  auth: AuthContext;
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
    (f.campeonatos === null || f.campeonatos.includes(e.campeonato_id)) &&
    (f.partida === null || f.partida === e.partida_id)
  );
}

/** Same key secret (a rotation changes the prefix), plan and championships. */
function sameGrant(a: AuthContext, b: AuthContext): boolean {
  return (
    a.keyPrefix === b.keyPrefix &&
    a.plan === b.plan &&
    String(a.championships ?? 'todos') === String(b.championships ?? 'todos')
  );
}

/**
 * The live event stream's fan-out. On each snapshot swap it reads the events recorded after the last seq it sent on
 * the line ending at the new snapshot (`outbox-reader.ts`, the webhooks' rule: a swap that skipped one loses
 * nothing, a rolled-back one is never sent), keeps them in a bounded window and writes each event's frame to the
 * streams whose filter matches.
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

  /** The ids of the keys with an open stream. */
  keyIds(): number[] {
    return [...new Set([...this.subscribers].map((s) => s.auth.keyId))];
  }

  /**
   * Ends the streams whose key no longer grants what it did when they opened (`current`: the keys still active,
   * as they stand now): revoked, rotated, or another plan or list of championships. The client reconnects and
   * is answered as the key stands. Returns how many ended.
   */
  endChanged(current: ReadonlyMap<number, AuthContext>): number {
    let ended = 0;
    for (const s of [...this.subscribers]) {
      const now = current.get(s.auth.keyId);
      if (now && sameGrant(s.auth, now)) continue;
      this.drop(s);
      s.res.end(': a chave deste stream foi revogada, rotacionada ou mudou de plano\n\n');
      ended++;
    }
    return ended;
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
      .catch((err: unknown) => this.log('stream_falhou', { snapshot: snapshotId, err: errorText(err) }))
      .finally(() => this.window && this.markFilled());
    return this.queue;
  }

  /** Resolves once the swaps so far are handled (the first one fills the resume window). */
  settled(): Promise<void> {
    return this.queue;
  }

  private async fill(snapshotId: string): Promise<void> {
    const newestFirst = lineSnapshotsAfter(this.dataDir, 0, snapshotId).reverse();
    const batches: RecordedEvent[][] = [];
    let held = 0;
    let floor = 0;
    for (const m of newestFirst) {
      if (held >= this.capacity) break;
      const events = await readOutbox(this.dataDir, m.id, 0, servingInstance);
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
    const read = performance.now();
    const { events } = await readLineEvents(this.dataDir, window.lastSeq, {
      head: snapshotId,
      query: servingInstance,
    });
    if (events.length === 0) return;
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
      snapshot: snapshotId,
      events: events.length,
      writes,
      read_ms: Math.round(sent - read),
      send_ms: Math.round(done - sent),
    });
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
    auth: AuthContext,
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
    const s: Subscriber = { res, filter, auth };
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
    this.perAccount.set(s.auth.accountId, this.count(s.auth.accountId) + 1);
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
    const n = this.count(s.auth.accountId) - 1;
    if (n > 0) this.perAccount.set(s.auth.accountId, n);
    else this.perAccount.delete(s.auth.accountId);
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
