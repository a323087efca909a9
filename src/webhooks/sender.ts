import http from 'node:http';
import https from 'node:https';
import { urlToHttpOptions } from 'node:url';
import { BlockedUrlError, checkUrlSyntax, guardedLookup, type GuardOptions, type Resolver } from './url-guard.js';

export interface SenderOptions extends GuardOptions {
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  /** Sockets kept per receiver host: the dispatcher's concurrency. */
  maxSockets?: number;
  /** Name resolution used at connect time (the system resolver unless a test simulates DNS rebinding). */
  resolve?: Resolver;
}

export interface SendResult {
  statusCode: number | null;
  retryAfter: string | null;
  erro: string | null;
  /** Refused by the URL guard: no request was sent. */
  bloqueada: boolean;
  duracaoMs: number;
  /** The start of the response body (RESPONSE_EXCERPT_BYTES, as UTF-8), for the delivery's timeline; null without one. */
  resposta: string | null;
  /** The request headers that went out (content-length included), for the timeline; null when none did. */
  cabecalhos: Record<string, string> | null;
}

/** What the request itself decided; the rest of a SendResult is filled in when it settles. */
type Answer = Omit<SendResult, 'duracaoMs' | 'resposta' | 'cabecalhos'>;

/** Where a URL sends, as `http.request` options, or why the URL guard refuses it. */
type Target = Reachable | { refused: string };
type Reachable = { https: boolean; options: http.RequestOptions };

/** URLs whose check is kept (webhook URLs are few; a send per delivery): past this many the cache starts over. */
const TARGETS_KEPT = 1024;

/** What a request on a kept-alive connection gets when the receiver closed that connection as it was sent. */
const STALE_SOCKET = new Set(['ECONNRESET', 'EPIPE']);

/** Bytes of a receiver's response body we bother to read (only the status decides). */
const RESPONSE_READ_LIMIT = 64 * 1024;
/** Bytes of it kept with the attempt: enough for an error message, bounded so history stays small. */
export const RESPONSE_EXCERPT_BYTES = 1024;

/**
 * POSTs deliveries. Keep-alive agents whose `lookup` runs the URL guard on the address actually connected;
 * redirects are never followed (node's http never does); 5 s to connect, 10 s in total by default.
 */
export class Sender {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;
  private readonly connectTimeoutMs: number;
  private readonly totalTimeoutMs: number;
  private readonly maxSockets: number;
  /**
   * Each URL's syntax check and request options, made once: a URL and the guard's options decide them, and parsing
   * the URL and converting it to options per send cost a few µs of each delivery. Name resolution stays per
   * connection (`lookup`).
   */
  private readonly targets = new Map<string, Target>();

  constructor(private readonly opts: SenderOptions) {
    this.maxSockets = opts.maxSockets ?? 16;
    const agentOptions = {
      keepAlive: true,
      maxSockets: this.maxSockets,
      lookup: guardedLookup(opts, opts.resolve),
    };
    this.httpAgent = new http.Agent(agentOptions);
    this.httpsAgent = new https.Agent(agentOptions);
    this.connectTimeoutMs = opts.connectTimeoutMs ?? 5_000;
    this.totalTimeoutMs = opts.totalTimeoutMs ?? 10_000;
  }

  send(rawUrl: string, body: string, headers: Record<string, string>): Promise<SendResult> {
    const started = performance.now();
    // The body goes out as the string (no copy into a Buffer first); its UTF-8 length is what content-length says.
    const sent = { ...headers, 'content-length': String(Buffer.byteLength(body)) };
    // Field by field, not `...r`: a spread builds the object property by property, once per delivery.
    const done = (r: Answer, resposta: string | null = null): SendResult => ({
      statusCode: r.statusCode,
      retryAfter: r.retryAfter,
      erro: r.erro,
      bloqueada: r.bloqueada,
      duracaoMs: Math.round(performance.now() - started),
      resposta,
      cabecalhos: r.bloqueada ? null : sent,
    });
    const target = this.target(rawUrl);
    if ('refused' in target)
      return Promise.resolve(
        done({ statusCode: null, retryAfter: null, erro: `URL bloqueada: ${target.refused}`, bloqueada: true }),
      );
    return this.sendTo(target, body, sent).then(({ answer, resposta }) => done(answer, resposta));
  }

  /**
   * POSTs `body` to `target` within the total timeout. A request that went out on a kept-alive connection the
   * receiver closed as it was sent (its idle timeout: ECONNRESET or EPIPE, no answer) never reached it: it goes
   * again at once, on another kept connection or a new one, instead of failing an attempt retried in 10 s; at
   * most once per kept connection (the receiver may have closed them all). On a new connection that error fails.
   */
  private async sendTo(
    target: Reachable,
    body: string,
    headers: Record<string, string>,
  ): Promise<{ answer: Answer; resposta: string | null }> {
    const deadline = new AbortController();
    const total = setTimeout(() => deadline.abort(), this.totalTimeoutMs);
    try {
      for (let stale = 0; ; stale++) {
        const r = await this.post(target, body, headers, deadline.signal);
        if ('answer' in r) return r;
        if (stale < this.maxSockets && r.reused && STALE_SOCKET.has(r.error.code ?? '')) continue;
        return { answer: failed(r.error), resposta: null };
      }
    } finally {
      clearTimeout(total);
    }
  }

  /**
   * One request: the receiver's answer (status, the start of its body), or the error it ended with and whether it
   * went out on a kept connection.
   */
  private post(
    target: Reachable,
    body: string,
    headers: Record<string, string>,
    deadline: AbortSignal,
  ): Promise<{ answer: Answer; resposta: string | null } | { error: NodeJS.ErrnoException; reused: boolean }> {
    return new Promise((resolve) => {
      const request = (target.https ? https : http).request({
        ...target.options,
        method: 'POST',
        agent: target.https ? this.httpsAgent : this.httpAgent,
        headers,
      });
      const timedOut = () => request.destroy(new TimeoutError(`tempo esgotado (${this.totalTimeoutMs} ms)`));
      deadline.addEventListener('abort', timedOut, { once: true });
      let settled = false;
      const finish: typeof resolve = (r) => {
        if (settled) return;
        settled = true;
        deadline.removeEventListener('abort', timedOut);
        resolve(r);
      };
      request.on('socket', (socket) => {
        if (!socket.connecting) return;
        const connect = setTimeout(
          () => request.destroy(new TimeoutError(`tempo de conexão esgotado (${this.connectTimeoutMs} ms)`)),
          this.connectTimeoutMs,
        );
        socket.once('connect', () => clearTimeout(connect));
        socket.once('close', () => clearTimeout(connect));
      });
      request.on('response', (res) => {
        let read = 0;
        const kept: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (read < RESPONSE_EXCERPT_BYTES) kept.push(chunk.subarray(0, RESPONSE_EXCERPT_BYTES - read));
          read += chunk.length;
          if (read > RESPONSE_READ_LIMIT) res.destroy();
        });
        const settle = (): void =>
          finish({
            answer: {
              statusCode: res.statusCode ?? null,
              retryAfter: headerValue(res.headers['retry-after']),
              erro: null,
              bloqueada: false,
            },
            // A cut multi-byte character becomes U+FFFD: harmless in an excerpt.
            resposta: read > 0 ? Buffer.concat(kept).toString('utf8') : null,
          });
        res.on('end', settle);
        res.on('close', settle);
        res.on('error', settle);
      });
      // A request's own error comes before any answer (once one began, errors end the response instead).
      request.on('error', (error: NodeJS.ErrnoException) => finish({ error, reused: request.reusedSocket }));
      if (deadline.aborted) timedOut();
      else request.end(body);
    });
  }

  private target(rawUrl: string): Target {
    let target = this.targets.get(rawUrl);
    if (target) return target;
    try {
      const url = checkUrlSyntax(rawUrl, this.opts);
      target = { https: url.protocol === 'https:', options: urlToHttpOptions(url) };
    } catch (err) {
      target = { refused: (err as Error).message };
    }
    if (this.targets.size >= TARGETS_KEPT) this.targets.clear();
    this.targets.set(rawUrl, target);
    return target;
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/** What a request that ended in `err` (no answer) tells the attempt. */
function failed(err: NodeJS.ErrnoException): Answer {
  const blocked = err instanceof BlockedUrlError || err.code === 'EBLOCKED';
  return {
    statusCode: null,
    retryAfter: null,
    erro: blocked
      ? `URL bloqueada: ${err.message}`
      : err instanceof TimeoutError
        ? err.message
        : `falha de conexão: ${err.code ?? err.message}`,
    bloqueada: blocked,
  };
}

function headerValue(v: string | string[] | undefined): string | null {
  return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
}
