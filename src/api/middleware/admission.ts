import type { Middleware } from 'koa';
import type { Recurso } from '../../control/plans.js';
import type { ApiContext, ApiState } from '../state.js';

/**
 * A check that lets the request through (possibly setting state or headers) or throws an ApiError. It answers
 * synchronously when it can (a cached key, a quota block in hand) and through a promise when it must ask the
 * control plane.
 */
export type RequestCheck = (ctx: ApiContext) => void | Promise<void>;

/**
 * Wraps the handler of an authenticated route with its checks: API key, rate limit and quota, then the
 * plan's access to `recurso`. Every `/v1` data, account and webhook route is registered through it.
 */
export type Guard = (recurso: Recurso, handler: Middleware<ApiState>) => Middleware<ApiState>;

/**
 * Runs the checks in order, then the handler, as one middleware: one step of Koa's chain per request
 * instead of one per check (each step is a promise and a bound function), and no router-wide `use` layer
 * to match against every path.
 */
export function guarded(checks: readonly RequestCheck[], handler: Middleware<ApiState>): Middleware<ApiState> {
  return (ctx, next) => {
    const from = (i: number): unknown => {
      for (; i < checks.length; i++) {
        const pending = checks[i]!(ctx);
        if (pending) return pending.then(() => from(i + 1));
      }
      return handler(ctx, next);
    };
    return from(0) as Promise<void>;
  };
}
