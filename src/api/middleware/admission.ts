import type { ApiContext } from '../state.js';

/**
 * A check that lets the request through (possibly setting state or headers) or throws an ApiError. It answers
 * synchronously when it can (a cached key, a quota block in hand) and through a promise when it must ask the
 * control plane.
 */
export type RequestCheck = (ctx: ApiContext) => void | Promise<void>;

/**
 * Runs `checks` in order, then `then`: synchronously while every check answers at once (the hot path makes no
 * promise), through promises from the first one that waits.
 */
export function runChecks(
  checks: readonly RequestCheck[],
  ctx: ApiContext,
  then: () => void | Promise<void>,
): void | Promise<void> {
  const from = (i: number): void | Promise<void> => {
    for (; i < checks.length; i++) {
      const pending = checks[i]!(ctx);
      if (pending) return pending.then(() => from(i + 1));
    }
    return then();
  };
  return from(0);
}
