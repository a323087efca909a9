import type { Command } from 'commander';

/** Placeholder until its part lands: registers `svc keys` so `svc --help` shows the whole toolkit. */
export function registerKeys(program: Command): void {
  program.command('keys').description('(not yet available)');
}
