import type { Middleware } from 'koa';
import type { ApiContext, ApiState } from '../state.js';

/** A check that lets the request through (possibly setting state or headers) or throws an ApiError. */
export type RequestCheck = (ctx: ApiContext) => void;

/**
 * Runs the admission checks of an API request in order (API key, then rate limit and quota) as one
 * middleware: one step of the chain per request instead of one per check.
 */
export function admission(...checks: readonly RequestCheck[]): Middleware<ApiState> {
  return (ctx, next) => {
    for (const check of checks) check(ctx);
    return next();
  };
}
