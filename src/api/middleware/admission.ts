import type { Middleware } from 'koa';
import type { Recurso } from '../../control/plans.js';
import type { ApiContext, ApiState } from '../state.js';

/** A check that lets the request through (possibly setting state or headers) or throws an ApiError. */
export type RequestCheck = (ctx: ApiContext) => void;

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
    for (const check of checks) check(ctx);
    return handler(ctx, next);
  };
}
