import { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { reportAndExit, withExamples } from './program.js';
import { registerIngest } from './commands/ingest.js';
import { registerSnapshots } from './commands/snapshots.js';
import { registerServe } from './commands/serve.js';
import { registerKeys } from './commands/keys.js';
import { registerWebhooks } from './commands/webhooks.js';
import { registerReplay } from './commands/replay.js';
import { registerTui } from './commands/tui.js';
import { registerDemo } from './commands/demo.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const program = new Command('svc')
  .description('Brazilian football data feeds → REST API with signed webhooks')
  .version(pkg.version, '-V, --version')
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride();
withExamples(program, [
  'svc ingest fixtures/demo/*.json',
  'svc serve --port 8080',
  'svc keys create --account acme --plan pro',
  'svc webhooks listen --port 9000 --secret whsec_...',
  'svc tui --key $SVC_API_KEY',
]);

for (const register of [
  registerIngest,
  registerSnapshots,
  registerServe,
  registerKeys,
  registerWebhooks,
  registerReplay,
  registerTui,
  registerDemo,
]) {
  register(program);
}

// Subcommands inherit exitOverride so a usage error becomes exit code 2 with one line, not a throw.
for (const cmd of program.commands) cmd.exitOverride();

try {
  await program.parseAsync(process.argv);
} catch (err) {
  reportAndExit(err);
}
