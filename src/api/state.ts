import type { AuthContext } from './auth-context.js';
import type { RequestContext } from './http/context.js';
import type { Query } from './params.js';
import type { ServedSnapshot } from './snapshot/served-snapshot.js';

/** Request limits of the calling key: its plan's, or the account's overrides. */
export interface KeyLimits {
  requisicoes: number;
  periodo: 'dia';
  por_segundo: number;
}

/** What the checks of a request build up (`RequestContext.state`). */
export interface ApiState {
  requestId: string;
  /** Response headers of our own, as name/value pairs, sent with whatever response the request gets. */
  headers: string[];
  /** Set by the auth check on every authenticated request. */
  auth?: AuthContext;
  limits?: KeyLimits;
  /** Parsed JSON body of the routes that take one (after the content-type, size and syntax checks). */
  body?: unknown;
  /** Query parameters, parsed once (`src/api/params.ts`). */
  query?: Query;
  /** The snapshot `?snapshot=ID` asked for (routes/respond.ts); absent: the current one. */
  snapshot?: ServedSnapshot;
}

/** A request; `R`: the body its route's response schema describes (RequestContext). */
export type ApiContext<R = unknown> = RequestContext<R>;
