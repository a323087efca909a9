import { Command, CommanderError, Option } from 'commander';
import { CliError } from './cli-error.js';
import { commanderMessage, speakPortuguese } from './commander-pt.js';
import { ERROR_CODES, EXIT, type ExitCode } from './exit-codes.js';
import { ConfigError, debugEnabled, loadConfig, type Config, type ConfigFlags } from '../config.js';

/** Options every command accepts. */
export interface CommonOptions extends ConfigFlags {
  json?: boolean;
}

/** Adds `--config`, `--data-dir` and `--json` to a command. */
export function withCommonOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--config <file>', 'arquivo de configuração svc.toml (variável: SVC_CONFIG)'))
    .addOption(new Option('--data-dir <dir>', 'pasta de dados (variável: SVC_DATA_DIR; padrão: ./data)'))
    .option('--json', 'saída para máquinas: JSON de uma linha no stdout', false);
}

/** `withCommonOptions` plus `--database-url`, for the commands that touch the control plane. */
export function withControlPlaneOptions(cmd: Command): Command {
  return withCommonOptions(cmd).option(
    '--database-url <url>',
    'plano de controle em PostgreSQL, o mesmo em todos os nós (variável: SVC_DATABASE_URL; padrão: SQLite no diretório de dados)',
  );
}

/** The settings of this run: flags over the environment over svc.toml over the defaults (src/config.ts). */
export function configFrom(opts: ConfigFlags): Config {
  return loadConfig(opts);
}

/** Appends an "Exemplos:" block to a command's --help. */
export function withExamples(cmd: Command, examples: readonly string[]): Command {
  return cmd.addHelpText('after', `\nExemplos:\n${examples.map((e) => `  $ ${e}`).join('\n')}\n`);
}

/** True when the command line asks for `--json` (read from argv: a usage error comes before any parsed option). */
export function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).includes('--json');
}

/**
 * Turns any error escaping a command into one line on stderr and an exit code; with `--json`, also the one
 * failure object on stdout. Expected failures are CliError (and commander's usage errors); anything else is
 * a bug, reported as such (with the stack only when SVC_DEBUG=1).
 */
export function reportError(err: unknown, json: boolean): ExitCode {
  let failure: { message: string; exitCode: ExitCode; details: readonly string[] };
  const bug = !(err instanceof CommanderError || err instanceof CliError || err instanceof ConfigError);
  if (err instanceof ConfigError) {
    failure = { message: err.message, exitCode: EXIT.usage, details: [] };
  } else if (err instanceof CommanderError) {
    // Help or version shown (0), or a command group run without its subcommand (help shown, usage error).
    if (err.exitCode === 0) return EXIT.ok;
    if (err.code === 'commander.help') return EXIT.usage;
    failure = { message: `${commanderMessage(err)}; veja --help`, exitCode: EXIT.usage, details: [] };
  } else if (err instanceof CliError) {
    failure = err;
  } else {
    const message = err instanceof Error ? err.message : String(err);
    failure = { message: `erro inesperado: ${message.split('\n')[0]}`, exitCode: EXIT.failure, details: [] };
  }
  process.stderr.write(`svc: ${failure.message}\n`);
  for (const line of failure.details) process.stderr.write(`  ${line}\n`);
  if (bug) {
    if (debugEnabled() && err instanceof Error && err.stack) process.stderr.write(`${err.stack}\n`);
    else process.stderr.write('  (rode com SVC_DEBUG=1 para ver os detalhes e relate o problema)\n');
  }
  if (json) {
    const erro = {
      codigo: ERROR_CODES[failure.exitCode],
      mensagem: failure.message,
      saida: failure.exitCode,
      ...(failure.details.length > 0 && { detalhes: failure.details }),
    };
    const fields = err instanceof CliError ? err.fields : {};
    process.stdout.write(`${JSON.stringify({ ok: false, ...fields, erro })}\n`);
  }
  return failure.exitCode;
}

/** The root `svc` program, without its subcommands. */
export function createProgram(version?: string): Command {
  const program = speakPortuguese(new Command('svc'))
    .description('feeds de dados do futebol brasileiro → API REST com webhooks assinados')
    .enablePositionalOptions()
    .exitOverride();
  if (version) program.version(version, '-V, --version', 'mostra a versão');
  return withExamples(program, [
    'svc ingest fixtures/demo/*.json',
    'svc serve --port 8080',
    'svc keys create --account acme --plan pro',
    'svc webhooks listen --port 9000 --secret whsec_...',
    'svc tui --key $SVC_API_KEY',
  ]);
}

/** Registers the given subcommands and runs the command line; every failure ends as one line and its exit code. */
export async function runProgram(
  program: Command,
  registers: readonly ((program: Command) => void)[],
  argv: readonly string[],
): Promise<ExitCode> {
  try {
    for (const register of registers) register(program);
    await program.parseAsync(argv);
    return EXIT.ok;
  } catch (err) {
    return reportError(err, wantsJson(argv.slice(2)));
  }
}
