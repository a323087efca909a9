import type { Command } from 'commander';

/** Placeholder until its part lands: registers `svc snapshots` so `svc --help` shows the whole toolkit. */
export function registerSnapshots(program: Command): void {
  program.command('snapshots').description('(not yet available)');
}
