import type { Command } from 'commander';

/** Placeholder until its part lands: registers `svc replay` so `svc --help` shows the whole toolkit. */
export function registerReplay(program: Command): void {
  program.command('replay').description('(not yet available)');
}
