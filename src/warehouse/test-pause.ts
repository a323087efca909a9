/**
 * TEST ONLY. `SVC_TEST_PAUSE_AT=<stage>` makes an ingest stop at that named stage, announce it on stderr
 * (`svc: test-pause <stage>`) and wait forever, so crash-safety tests can SIGKILL it at a known point.
 * Never set it in production: the ingest would hang holding the lock (a later ingest takes the lock over
 * once this process is killed).
 */
export type PauseStage = 'locked' | 'copied' | 'loading' | 'loaded' | 'checkpointed' | 'manifest' | 'renamed' | 'current';

export async function pauseAt(stage: PauseStage): Promise<void> {
  if (process.env.SVC_TEST_PAUSE_AT !== stage) return;
  process.stderr.write(`svc: test-pause ${stage}\n`);
  await new Promise<never>(() => setInterval(() => undefined, 60_000));
}
