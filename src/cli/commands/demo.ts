import type { Command } from 'commander';

/** Placeholder until its part lands: registers `svc demo` so `svc --help` shows the whole toolkit. */
export function registerDemo(program: Command): void {
  program.command('demo').description('(not yet available)');
}
