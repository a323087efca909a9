import type { Command } from 'commander';

/** Placeholder until its part lands: registers `svc ingest` so `svc --help` shows the whole toolkit. */
export function registerIngest(program: Command): void {
  program.command('ingest').description('(not yet available)');
}
