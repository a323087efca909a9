import { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { reportAndExit, withExamples } from './program.js';

// `svc snapshots | head` closes stdout early: that is the reader's choice, not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const program = new Command('svc')
  .description('Brazilian football data feeds → REST API with signed webhooks')
  .version(pkg.version, '-V, --version')
  .showHelpAfterError('(run with --help for usage)')
  .enablePositionalOptions()
  .exitOverride();
withExamples(program, [
  'svc ingest fixtures/demo/*.json',
  'svc serve --port 8080',
  'svc keys create --account acme --plan pro',
  'svc webhooks listen --port 9000 --secret whsec_...',
  'svc tui --key $SVC_API_KEY',
]);

// Each command module pulls in its whole part (DuckDB, Koa, Ink…). Load only the one being run, so
// `svc tui` or `svc ingest` do not pay for the others at start-up; `--help` and unknown names load all.
const COMMANDS: Record<string, () => Promise<(program: Command) => void>> = {
  ingest: async () => (await import('./commands/ingest.js')).registerIngest,
  snapshots: async () => (await import('./commands/snapshots.js')).registerSnapshots,
  serve: async () => (await import('./commands/serve.js')).registerServe,
  keys: async () => (await import('./commands/keys.js')).registerKeys,
  webhooks: async () => (await import('./commands/webhooks.js')).registerWebhooks,
  replay: async () => (await import('./commands/replay.js')).registerReplay,
  tui: async () => (await import('./commands/tui.js')).registerTui,
  demo: async () => (await import('./commands/demo.js')).registerDemo,
};

function commandsToLoad(argv: readonly string[]): string[] {
  const [first, second] = argv;
  if (first === '-V' || first === '--version') return [];
  const named = first === 'help' ? second : first;
  return named !== undefined && named in COMMANDS ? [named] : Object.keys(COMMANDS);
}

try {
  for (const name of commandsToLoad(process.argv.slice(2))) {
    const load = COMMANDS[name];
    if (load) (await load())(program);
  }
} catch (err) {
  reportAndExit(err);
}

// Subcommands inherit exitOverride so a usage error becomes exit code 2 with one line, not a throw.
for (const cmd of program.commands) cmd.exitOverride();

try {
  await program.parseAsync(process.argv);
} catch (err) {
  reportAndExit(err);
}
