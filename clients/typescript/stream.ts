/**
 * Follows `GET /v1/stream` (Server-Sent Events). `followEventStream`: Node or any runtime with fetch and a readable
 * body, the key in a header, reconnecting with `Last-Event-ID`. `followBrowserStream`: a browser's EventSource on a
 * ticket, reconnecting on a fresh ticket with `ultimo_evento`. Either way nothing recorded is missed while the
 * server's window still holds it (else the server sends `recarregar`: refetch through REST).
 */
import type { StreamRecarregar, WebhookEvento } from './schema.js';

/** Each event body paired with its name; `id` is the sequence number (`id:`). */
type Named<E> = E extends { evento: infer N } ? { id: string; event: N; data: E } : never;

/** One event: its name and its body, typed together (`event === 'partida.gol'` narrows `data`). */
export type StreamEvent = Named<WebhookEvento> | { id: string; event: 'recarregar'; data: StreamRecarregar };

export interface EventStreamOptions {
  baseUrl: string;
  key: string;
  /** Filters: `eventos` (comma-separated), `campeonato`, `partida`. */
  query?: Record<string, string>;
  onEvent(e: StreamEvent): void;
  /** Connected (true) or disconnected and waiting to retry (false). */
  onStatus?(connected: boolean, error?: string): void;
  /** Wait before reconnecting, until the server sends its own `retry:`. */
  retryMs?: number;
}

const asEvent = (id: string, event: string, data: string) => ({ id, event, data: JSON.parse(data) }) as StreamEvent;

/** Starts following the stream; the returned function stops it. */
export function followEventStream(o: EventStreamOptions): () => void {
  const abort = new AbortController();
  let lastId: string | null = null;
  let retryMs = o.retryMs ?? 3_000;
  const url = `${o.baseUrl.replace(/\/+$/, '')}/v1/stream${o.query ? `?${new URLSearchParams(o.query)}` : ''}`;

  const connect = async (): Promise<void> => {
    const headers: Record<string, string> = { authorization: `Bearer ${o.key}`, accept: 'text/event-stream' };
    if (lastId !== null) headers['last-event-id'] = lastId;
    const res = await fetch(url, { headers, signal: abort.signal });
    if (!res.ok || !res.body) {
      // A refusal (bad key, plan without the stream, bad filter) does not heal by retrying.
      if (res.status >= 400 && res.status < 500 && res.status !== 429) abort.abort();
      throw new Error(`${res.status} ${await res.text()}`);
    }
    o.onStatus?.(true);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const frame = parseFrame(block);
        if (frame.retry !== undefined) retryMs = frame.retry;
        if (frame.id !== undefined) lastId = frame.id;
        if (frame.event !== undefined && frame.data !== undefined)
          o.onEvent(asEvent(frame.id ?? '', frame.event, frame.data));
      }
    }
  };

  void (async () => {
    while (!abort.signal.aborted) {
      try {
        await connect();
        o.onStatus?.(false);
      } catch (err) {
        o.onStatus?.(false, err instanceof Error ? err.message : String(err));
        if (abort.signal.aborted) return;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, retryMs);
        abort.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
    }
  })();
  return () => abort.abort();
}

const EVENT_NAMES = [
  'partida.criada',
  'partida.ao_vivo',
  'partida.placar_atualizado',
  'partida.gol',
  'partida.encerrada',
  'partida.escalacao_publicada',
  'rodada.encerrada',
  'fase.finalizada',
  'recarregar',
] as const satisfies readonly StreamEvent['event'][];
// Compiles only while the list holds every event the API sends (the browser must listen to each name).
const everyEventListened: Exclude<StreamEvent['event'], (typeof EVENT_NAMES)[number]> extends never ? true : never =
  true;
void everyEventListened;

/**
 * In a browser (any origin): a ticket from `POST /v1/stream/ticket`, then an `EventSource` on its absolute `url`.
 * A ticket opens one connection, so after any drop this asks for a new one and resumes with `ultimo_evento`, the
 * last id received (back-off 1 s doubling to 30 s while the server is away). The returned function stops it.
 */
export function followBrowserStream(o: EventStreamOptions): () => void {
  let lastId: string | null = null;
  let waitMs = o.retryMs ?? 1_000;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const retry = (error?: string) => {
    o.onStatus?.(false, error);
    if (!stopped) timer = setTimeout(connect, waitMs);
    waitMs = Math.min(waitMs * 2, 30_000);
  };
  async function connect(): Promise<void> {
    try {
      const res = await fetch(`${o.baseUrl.replace(/\/+$/, '')}/v1/stream/ticket`, {
        method: 'POST',
        headers: { authorization: `Bearer ${o.key}` },
      });
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      const { data } = (await res.json()) as { data: { url: string } };
      if (stopped) return;
      const query = new URLSearchParams(o.query);
      if (lastId !== null) query.set('ultimo_evento', lastId);
      const es = new EventSource(`${data.url}&${query}`);
      source = es;
      es.onopen = () => {
        waitMs = o.retryMs ?? 1_000;
        o.onStatus?.(true);
      };
      for (const name of EVENT_NAMES)
        es.addEventListener(name, (e) => {
          lastId = e.lastEventId;
          o.onEvent(asEvent(e.lastEventId, name, e.data));
        });
      // The browser would retry with the spent ticket (401 and closed for good): a new ticket resumes instead.
      es.onerror = () => {
        es.close();
        retry();
      };
    } catch (err) {
      retry(err instanceof Error ? err.message : String(err));
    }
  }
  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}

function parseFrame(block: string): { id?: string; event?: string; data?: string; retry?: number } {
  const f: { id?: string; event?: string; data?: string; retry?: number } = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const i = line.indexOf(':');
    const name = i < 0 ? line : line.slice(0, i);
    const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
    if (name === 'data') f.data = f.data === undefined ? value : `${f.data}\n${value}`;
    else if (name === 'id' || name === 'event') f[name] = value;
    else if (name === 'retry' && /^\d+$/.test(value)) f.retry = Number(value);
  }
  return f;
}
