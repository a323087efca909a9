import { Command, CommanderError, Option } from 'commander';
import { CliError } from './cli-error.js';
import { EXIT } from './exit-codes.js';
import { ConfigError, debugEnabled, loadConfig, type Config, type ConfigFlags } from '../config.js';

/** Options every command accepts. */
export interface CommonOptions extends ConfigFlags {
  json?: boolean;
}

/** Adds `--data-dir` and `--json` to a command. */
export function withCommonOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--data-dir <dir>', 'data directory (env: SVC_DATA_DIR, default: "./data")'))
    .option('--json', 'machine-readable output on stdout', false);
}

/** The settings of this run: the command's flags over the environment over the defaults (src/config.ts). */
export function configFrom(opts: ConfigFlags): Config {
  return loadConfig(opts);
}

/** Appends an "Examples:" block to a command's --help. */
export function withExamples(cmd: Command, examples: readonly string[]): Command {
  return cmd.addHelpText('after', `\nExamples:\n${examples.map((e) => `  $ ${e}`).join('\n')}\n`);
}

/**
 * Turns any error escaping a command into one line on stderr and an exit code. Expected failures are
 * CliError; anything else is a bug, reported as such (with the stack only when SVC_DEBUG=1).
 */
export function reportAndExit(err: unknown): never {
  if (err instanceof CommanderError) {
    process.exit(err.exitCode === 0 ? EXIT.ok : EXIT.usage);
  }
  if (err instanceof ConfigError) {
    process.stderr.write(`svc: ${err.message}\n`);
    process.exit(EXIT.usage);
  }
  if (err instanceof CliError) {
    process.stderr.write(`svc: ${err.message}\n`);
    for (const line of err.details) process.stderr.write(`  ${line}\n`);
    process.exit(err.exitCode);
  }
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`svc: erro inesperado: ${message.split('\n')[0]}\n`);
  if (debugEnabled() && err instanceof Error && err.stack) process.stderr.write(`${err.stack}\n`);
  else process.stderr.write('  (run with SVC_DEBUG=1 for details and report it)\n');
  process.exit(EXIT.failure);
}

/** The root `svc` program, without its subcommands. */
export function createProgram(version?: string): Command {
  const program = new Command('svc')
    .description('Brazilian football data feeds → REST API with signed webhooks')
    .showHelpAfterError('(run with --help for usage)')
    .enablePositionalOptions()
    .exitOverride();
  if (version) program.version(version, '-V, --version');
  return withExamples(program, [
    'svc ingest fixtures/demo/*.json',
    'svc serve --port 8080',
    'svc keys create --account acme --plan pro',
    'svc webhooks listen --port 9000 --secret whsec_...',
    'svc tui --key $SVC_API_KEY',
  ]);
}

/** Registers the given subcommands and runs the command line; every failure ends as one line + exit code. */
export async function runProgram(program: Command, registers: readonly ((program: Command) => void)[], argv: readonly string[]): Promise<void> {
  // `svc snapshots | head` closes stdout early: that is the reader's choice, not an error.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
  try {
    for (const register of registers) register(program);
    // Subcommands inherit exitOverride so a usage error becomes exit code 2 with one line, not a throw.
    for (const cmd of program.commands) cmd.exitOverride();
    program.hook('preAction', (_root, action) => refuseUnsupportedDatabaseUrl(action));
    await program.parseAsync(argv);
  } catch (err) {
    reportAndExit(err);
  }
}

/** The commands that still open the data dir's SQLite control plane (docs/decisions.md "PostgreSQL control plane"). */
const SQLITE_ONLY = new Set(['ingest', 'serve', 'keys', 'webhooks', 'replay', 'snapshots', 'demo']);

/**
 * A PostgreSQL URL given to a command that would silently use SQLite instead splits the control plane in two:
 * refuse it with one line until that command runs on PostgreSQL.
 */
function refuseUnsupportedDatabaseUrl(action: Command): void {
  let top = action;
  while (top.parent && top.parent.parent) top = top.parent;
  // `svc webhooks listen` is a test receiver: it has no control plane.
  if (!SQLITE_ONLY.has(top.name()) || action.name() === 'listen' || loadConfig().databaseUrl === undefined) return;
  throw new CliError(
    `SVC_DATABASE_URL: \`svc ${top.name()}\` ainda usa o plano de controle SQLite do diretório de dados; em PostgreSQL, por enquanto, só \`svc db migrate\` e \`svc db copy\``,
    EXIT.usage,
  );
}
