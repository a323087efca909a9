/** The one barrier of the tests: wait for a condition, with a deadline, never for a fixed time. */

/**
 * Resolves once `condition` holds (checked now, then every 20 ms of real time); fails with `what` after
 * `timeoutMs`. Absence is proven by a barrier on something that happens after it, never by waiting here.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
