/**
 * Follows `GET /v1/stream` (Server-Sent Events) from Node or any runtime with fetch and a readable body, with
 * the key in a header; reconnects after a drop with `Last-Event-ID`, so nothing recorded is missed while the
 * server's window still holds it (else the server sends `recarregar`: refetch through REST).
 * In a browser, use `EventSource` with a ticket from `POST /v1/stream/ticket` instead.
 */

export interface StreamEvent {
  /** The sequence number (`id:`). */
  id: string;
  /** The event name: `partida.gol`, …, or `recarregar`. */
  event: string;
  /** The webhook body, parsed. */
  data: unknown;
}

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
          o.onEvent({ id: frame.id ?? '', event: frame.event, data: JSON.parse(frame.data) });
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
