import type { Command } from 'commander';

/** Placeholder until its part lands: registers `svc webhooks` so `svc --help` shows the whole toolkit. */
export function registerWebhooks(program: Command): void {
  program.command('webhooks').description('(not yet available)');
}
