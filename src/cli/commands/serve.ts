import type { Command } from 'commander';

/** Placeholder until its part lands: registers `svc serve` so `svc --help` shows the whole toolkit. */
export function registerServe(program: Command): void {
  program.command('serve').description('(not yet available)');
}
