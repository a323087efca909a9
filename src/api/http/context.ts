import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiState } from '../state.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * One request as the API's code sees it: what was asked (method, path, query string, headers, the matched
 * route's template and path parameters), the state the checks build up (`state`), and the one way a response
 * goes out: `send`, a single `writeHead` with the API's own headers (`state.headers`: request id, rate limit,
 * CORS) followed by the response's, then the body. Node drops the body of a HEAD request and of a 304. `R` is the
 * body `json` sends: a route's handler gets its response schema's type (table/route.ts); elsewhere anything.
 */
export class RequestContext<R = unknown> {
  readonly method: string;
  readonly path: string;
  readonly querystring: string;
  /** Path parameters of the matched route, by name (the table validates them). */
  params: Record<string, string> = {};
  /** The matched route's template, as the OpenAPI writes it; null until (unless) one matched. */
  route: string | null = null;
  readonly state: ApiState;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    /** Believe `X-Forwarded-Proto`/`-Host` (`--trust-proxy`). */
    private readonly proxy: boolean,
    requestId: string,
  ) {
    this.method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    this.path = q === -1 ? url : url.slice(0, q);
    this.querystring = q === -1 ? '' : url.slice(q + 1);
    this.state = { requestId, headers: ['X-Request-Id', requestId] };
  }

  /** A request header (lower-case name), '' when absent. */
  get(name: string): string {
    const v = this.req.headers[name];
    return v === undefined ? '' : Array.isArray(v) ? v.join(', ') : v;
  }

  /** The status sent (200 until something is). */
  get status(): number {
    return this.res.statusCode;
  }

  get protocol(): string {
    if ((this.req.socket as { encrypted?: boolean }).encrypted) return 'https';
    const forwarded = this.proxy ? this.get('x-forwarded-proto') : '';
    return forwarded === '' ? 'http' : forwarded.split(',')[0]!.trim().toLowerCase();
  }

  get host(): string {
    const forwarded = this.proxy ? this.get('x-forwarded-host') : '';
    return (forwarded || this.get('host')).split(',')[0]!.trim();
  }

  /** Adds one of the API's own headers to whatever response this request gets. */
  addHeader(name: string, value: string): void {
    this.state.headers.push(name, value);
  }

  /** Sends the response: status, the API's headers then `headers` (name/value pairs), the body. */
  send(status: number, headers: readonly string[], body?: Buffer | string): void {
    this.res.writeHead(status, this.state.headers.concat(headers));
    this.res.end(body);
  }

  /** Sends `body` as JSON (`Content-Length` set), with `headers` after the API's own. */
  json(status: number, body: R, headers: readonly string[] = []): void {
    const text = Buffer.from(JSON.stringify(body));
    this.send(status, [...headers, 'Content-Type', JSON_TYPE, 'Content-Length', String(text.length)], text);
  }
}
