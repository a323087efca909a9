import type { Command } from 'commander';

/** Placeholder until its part lands: registers `svc tui` so `svc --help` shows the whole toolkit. */
export function registerTui(program: Command): void {
  program.command('tui').description('(not yet available)');
}
