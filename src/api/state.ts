import type Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { AuthContext } from './auth-context.js';
import type { Query } from './params.js';
import type { ServedSnapshot } from './snapshot/served-snapshot.js';

/** Request limits of the calling key: its plan's, or the account's overrides. */
export interface KeyLimits {
  requisicoes: number;
  periodo: 'dia';
  por_segundo: number;
}

/** `ctx.state` of every API request. */
export interface ApiState {
  requestId: string;
  /** Response headers of our own, as name/value pairs (see headers.ts). */
  headers: string[];
  /** Set by the auth middleware on every authenticated request. */
  auth?: AuthContext;
  limits?: KeyLimits;
  /** Parsed JSON body of POST/PATCH/PUT requests (after the content-type, size and syntax checks). */
  body?: unknown;
  /** Query parameters, parsed on first use (`src/api/params.ts`). */
  query?: Query;
  /** The snapshot `?snapshot=ID` asked for (routes/respond.ts); absent: the current one. */
  snapshot?: ServedSnapshot;
}

export type ApiContext = ParameterizedContext<ApiState>;
export type ApiRouter = Router<ApiState>;
