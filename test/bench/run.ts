/**
 * `npm run bench [-- --json FILE] [-- --only NAME]`: runs every benchmark under test/bench/ and prints each
 * figure as a ratio against a baseline measured in the same run, then every target NOT met. Never part of
 * `npm test`. The JSON (`BenchReport`) is what `render-figures.ts` turns into docs/benchmarks.md's table.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  /** Baseline measured in the same run, same unit; the ratio is value / baseline. */
  baseline?: { name: string; value: number };
  /** The target, as text, e.g. "≤ 300 ms" or "≥ 60 % of baseline". */
  target?: string;
  /** Whether the target was met (measured, printed, never asserted in tests). */
  met?: boolean;
}

export interface BenchReport {
  /** ISO time the run started. */
  date: string;
  /** Load average (1, 5, 15 min) at the start and at the end: figures on a busy machine are noisier. */
  load: { start: number[]; end: number[] };
  cpus: string;
  /** Figures per bench file. */
  benches: Record<string, BenchFigure[]>;
}

export interface BenchModule {
  title: string;
  run(): Promise<BenchFigure[]>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
  .sort();
const report: BenchReport = {
  date: new Date().toISOString(),
  load: { start: os.loadavg(), end: [] },
  cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}`,
  benches: {},
};
console.log(`${report.date}; ${report.cpus}; load average ${report.load.start.map((l) => l.toFixed(2)).join(' ')}`);
for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(here, file)).href)) as BenchModule;
  console.log(`\n== ${mod.title} (${file})`);
  const figures = await mod.run();
  report.benches[file] = figures;
  for (const f of figures) {
    const ratio = f.baseline
      ? ` | baseline ${f.baseline.name} ${round(f.baseline.value)} ${f.unit} | ratio ${round(f.value / f.baseline.value)}×`
      : '';
    const target = f.target ? ` | target ${f.target}: ${f.met === undefined ? '?' : f.met ? 'met' : 'NOT met'}` : '';
    console.log(`  ${f.name}: ${round(f.value)} ${f.unit}${ratio}${target}`);
  }
}
report.load.end = os.loadavg();
const missed = Object.values(report.benches)
  .flat()
  .filter((f) => f.met === false);
console.log(
  `\nload average at the end ${report.load.end.map((l) => l.toFixed(2)).join(' ')}; targets NOT met: ${missed.length}`,
);
for (const f of missed) console.log(`  NOT met: ${f.name} (target ${f.target ?? '?'})`);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(report, null, 2));

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
