/**
 * The growth bench's data (live-scale.bench.ts): the Brasileirão CSV family (../shared/data) as N distinct
 * copies, written as canonical JSON feeds into a temp dir (never committed). Each copy has its own source
 * (`fonte`), so every source key — match, round, event, championship id — is new to the warehouse, and its
 * own championship names and slugs, so the seasons do not merge by natural key either. Teams and players
 * resolve by name as they would in a real multi-championship store (the same clubs play every competition).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Feed } from '../../src/feeds/canonical.js';
import { brasileiraoCsvAdapter } from '../../src/feeds/adapters/brasileirao-csv.js';
import { SHARED_DATA } from '../kit/fixtures.js';

export const CSV_DIR = path.join(SHARED_DATA, 'brasileirao-dataset');

/** The CSV family once, as the adapter reads it. */
export function readCsvFamily(): Feed {
  const files = readdirSync(CSV_DIR)
    .filter((f) => f.endsWith('.csv'))
    .map((f) => ({ name: path.join(CSV_DIR, f), content: readFileSync(path.join(CSV_DIR, f)) }));
  const [feed] = brasileiraoCsvAdapter.read(files, {});
  if (!feed) throw new Error(`no feed read from ${CSV_DIR}`);
  return feed;
}

/** Copy `k` (1-based) of the family: its own source, championship names and slugs. */
export function copyOf(base: Feed, k: number): Feed {
  return {
    ...base,
    fonte: `bench-copia-${k}`,
    campeonatos: (base.campeonatos ?? []).map((c) => ({
      ...c,
      nome: `${c.nome} (cópia ${k})`,
      ...(c.nome_popular !== undefined && { nome_popular: `${c.nome_popular} ${k}` }),
      slug: `bench-copia-${k}-${c.slug ?? 'campeonato-brasileiro-serie-a'}`,
    })),
  };
}

/** Writes copies `from`..`to` (1-based, inclusive) as `copia-<k>.json` into `dir`; returns their paths. */
export function writeCopies(base: Feed, dir: string, from: number, to: number): string[] {
  const out: string[] = [];
  for (let k = from; k <= to; k++) {
    const file = path.join(dir, `copia-${String(k).padStart(2, '0')}.json`);
    writeFileSync(file, JSON.stringify(copyOf(base, k)));
    out.push(file);
  }
  return out;
}
