import { createHash } from 'node:crypto';
import { type FSWatcher, statSync, watch } from 'node:fs';
import path from 'node:path';
import { systemClock } from '../clock.js';
import { FeedRejectedError } from '../feeds/errors.js';
import { UnknownFormatError } from '../feeds/adapters/index.js';
import { type CachedFeed, readInputs, type ReadInputs } from '../feeds/inputs.js';
import { ingest, type IngestControl, type IngestInputs, type IngestSummary } from './ingest.js';
import { CopyAhead } from './candidate-file.js';

export type FollowOptions = Omit<IngestInputs, 'read' | 'ahead'> & {
  control: IngestControl;
  /** How often the inputs are read again; files are also watched, so a change to one is taken at once. */
  everyMs: number;
  /** Ends the loop after the round under way. */
  signal: AbortSignal;
  onRound(round: FollowRound): void;
};

/** What one round did: published (or found nothing new in a changed input), skipped unread bytes, or failed. */
export type FollowRound =
  | { kind: 'publicado'; summary: IngestSummary }
  | { kind: 'sem_mudanca' }
  | { kind: 'erro'; error: unknown };

/**
 * `svc ingest --follow`: one long-lived process instead of one per live step. It keeps what a fresh process pays
 * for on every step (module loading, the feed validators compiled, DuckDB's publish engine started) and skips a
 * round whose inputs are byte for byte those of the last one (URLs asked conditionally: a 304 costs no download).
 * A round that fails is reported and the loop goes on; bytes that were rejected as invalid are not retried until
 * they change, anything else (unreachable, locked, control plane away) is retried at the next round.
 */
export async function follow(o: FollowOptions): Promise<void> {
  const cache = new Map<string, CachedFeed>();
  let done: string | null = null;
  // A change seen while a round runs starts the next one at once; between rounds it cuts the wait short.
  let changed = false;
  let wake: () => void = () => {};
  const watchers = watchFiles(o.inputs, () => {
    changed = true;
    wake();
  });
  const ahead = new CopyAhead(o.dataDir);
  try {
    while (!o.signal.aborted) {
      changed = false;
      let digest: string | null = null;
      try {
        const read = await readInputs(o.inputs, { ...o.fetch, cache });
        digest = digestOf(read);
        if (digest === done) o.onRound({ kind: 'sem_mudanca' });
        else {
          const summary = await ingest({ ...o, read, ahead });
          done = digest;
          o.onRound({ kind: 'publicado', summary });
        }
      } catch (err) {
        if (digest !== null && (err instanceof FeedRejectedError || err instanceof UnknownFormatError)) done = digest;
        o.onRound({ kind: 'erro', error: err });
      }
      if (changed || o.signal.aborted) continue;
      // The next round's copy of the snapshot now current, off its path to visible.
      await ahead.prepare();
      if (changed || o.signal.aborted) continue;
      await new Promise<void>((resolve) => {
        const stop = () => {
          cancel();
          wake = () => {};
          o.signal.removeEventListener('abort', stop);
          resolve();
        };
        const cancel = (o.clock ?? systemClock).setTimer(stop, o.everyMs);
        wake = stop;
        o.signal.addEventListener('abort', stop);
      });
    }
  } finally {
    for (const w of watchers) w.close();
    await ahead.discard();
  }
}

/** The inputs as read, names and bytes: equal digests mean there is nothing new to load. */
function digestOf(read: ReadInputs): string {
  const hash = createHash('sha256');
  for (const f of read.files) hash.update(`${f.name}\0${f.content.length}\0`).update(f.content);
  return hash.digest('hex');
}

/**
 * Watches the local inputs; URLs are only polled. A file is watched through its folder, so one replaced by a
 * rename (how most writers publish a file atomically) is still seen.
 */
function watchFiles(inputs: readonly string[], changed: () => void): FSWatcher[] {
  const watchers: FSWatcher[] = [];
  for (const name of inputs) {
    if (/^[a-z]+:\/\//i.test(name)) continue;
    let folder = name;
    let only: string | null = null;
    try {
      if (!statSync(name).isDirectory()) [folder, only] = [path.dirname(name), path.basename(name)];
      watchers.push(
        watch(folder, { persistent: false }, (_event, file) => {
          if (only === null || file === null || file.toString() === only) changed();
        }),
      );
    } catch {
      // Missing now: the round reports it, and polling picks it up when it appears.
    }
  }
  return watchers;
}
