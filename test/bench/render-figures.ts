/**
 * `node --import tsx test/bench/render-figures.ts RUN.json [RUN.json…]`: prints the markdown figures table of
 * docs/benchmarks.md from `npm run bench -- --json RUN.json` reports, one row per figure and run, with the
 * run's date and load average, so the table is written from the benches' own output, never by hand.
 */
import { readFileSync } from 'node:fs';
import type { BenchReport } from './run.js';

const round = (n: number): string =>
  Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);
const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** The table's lines for the given reports. */
export function renderFigures(reports: readonly BenchReport[]): string[] {
  const lines = [
    '| run (UTC), load 1/5/15 min | bench | figure | value | baseline | ratio | target |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const r of reports) {
    const when = `${r.date.slice(0, 16).replace('T', ' ')}, ${r.load.start.map((l) => l.toFixed(1)).join('/')}`;
    for (const [file, figures] of Object.entries(r.benches)) {
      for (const f of figures) {
        const baseline = f.baseline ? `${cell(f.baseline.name)}: ${round(f.baseline.value)} ${f.unit}` : '—';
        const ratio = f.baseline ? `${round(f.value / f.baseline.value)}×` : '—';
        const target = f.target
          ? `${cell(f.target)}: ${f.met === undefined ? '?' : f.met ? 'met' : '**NOT met**'}`
          : '—';
        lines.push(
          `| ${when} | ${file.replace('.bench.ts', '')} | ${cell(f.name)} | ${round(f.value)} ${f.unit} | ${baseline} | ${ratio} | ${target} |`,
        );
      }
    }
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const reports = process.argv.slice(2).map((file) => JSON.parse(readFileSync(file, 'utf8')) as BenchReport);
  console.log(renderFigures(reports).join('\n'));
}
