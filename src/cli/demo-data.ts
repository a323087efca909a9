import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DataDir } from '../data-dir.js';
import { daysBetween, shiftDates } from '../feeds/rebase.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));
/** The bundled feeds the demo dates anew: the state before the live day, and the live day's steps. */
const SETS = ['demo', 'live-day'] as const;

/** Where the demo keeps its dated copies of the fixtures (the README's walk-through ingests `data/live-day/…`). */
export function demoFeedsDir(dataDir: DataDir, set: (typeof SETS)[number]): string {
  return path.join(dataDir.root, set);
}

const dayFile = (dataDir: DataDir): string => path.join(dataDir.root, 'demo-dia.txt');

/** The day the demo in this data dir was dated for, or null (no demo here, or one from before dating). */
export function demoDay(dataDir: DataDir): string | null {
  const file = dayFile(dataDir);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

/** The fixtures' own live day: the local date of the demo feeds' `gerado_em` (as written, `-03:00`). */
function fixturesDay(): string {
  const first = readdirSync(path.join(FIXTURES, 'demo')).sort()[0] as string;
  const feed = JSON.parse(readFileSync(path.join(FIXTURES, 'demo', first), 'utf8')) as { gerado_em: string };
  return feed.gerado_em.slice(0, 10);
}

/**
 * Writes `demo/` and `live-day/` into the data dir: the bundled fixtures with every date moved so that their
 * live day is `day`, and records the day. Returns the folder to ingest first.
 */
export function writeDemoFeeds(dataDir: DataDir, day: string): string {
  const days = daysBetween(fixturesDay(), day);
  for (const set of SETS) {
    const target = demoFeedsDir(dataDir, set);
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true, mode: 0o700 });
    for (const name of readdirSync(path.join(FIXTURES, set)).filter((n) => n.endsWith('.json'))) {
      const feed: unknown = JSON.parse(readFileSync(path.join(FIXTURES, set, name), 'utf8'));
      writeFileSync(path.join(target, name), `${JSON.stringify(shiftDates(feed, days), null, 1)}\n`);
    }
  }
  writeFileSync(dayFile(dataDir), `${day}\n`);
  return demoFeedsDir(dataDir, 'demo');
}

/**
 * Moves a demo dated for another day out of the way (into `anteriores/<day>/` inside the data dir), so the
 * demo starts over with the same ids, key file and story as on a fresh clone. Returns where it went.
 */
export function setAsideDemo(dataDir: DataDir, day: string): string {
  const aside = path.join(dataDir.root, 'anteriores', day);
  mkdirSync(aside, { recursive: true, mode: 0o700 });
  for (const name of readdirSync(dataDir.root)) {
    if (name === 'README.md' || name === 'anteriores') continue;
    renameSync(path.join(dataDir.root, name), path.join(aside, name));
  }
  return aside;
}
