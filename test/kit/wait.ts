/** The one barrier of the tests: wait for a condition, with a deadline, never for a fixed time. */

/**
 * Resolves once `condition` holds (checked now, then every 20 ms of real time); fails after `timeoutMs` saying
 * `what` (a function: read at the deadline, e.g. to show what was on screen). The deadline only bounds a hang.
 * Absence is proven by a barrier on something that happens after it, never by waiting here.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string | (() => string),
  timeoutMs = 15_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
