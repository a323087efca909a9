import type { Command } from 'commander';
import { createProgram, reportError, runProgram, wantsJson } from './program.js';
import { KNOWN_MIGRATIONS, migrationVersion } from '../control/schema-version.js';
import { SNAPSHOT_FORMAT } from '../warehouse/format.js';
import { boundServeMemory } from './serve-memory.js';
import { SVC_VERSION } from './version.js';

// Each command module pulls in its whole part (DuckDB, Ink…). Load only the one being run, so
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
  db: async () => (await import('./commands/db.js')).registerDb,
  doctor: async () => (await import('./commands/doctor.js')).registerDoctor,
  completion: async () => (await import('./commands/completion.js')).registerCompletion,
  config: async () => (await import('./commands/config.js')).registerConfig,
  query: async () => (await import('./commands/query.js')).registerQuery,
  export: async () => (await import('./commands/export.js')).registerExport,
  backup: async () => (await import('./commands/backup.js')).registerBackup,
  restore: async () => (await import('./commands/backup.js')).registerRestore,
};

/** `svc --version`: what a binary, a data dir and a control plane must agree on (docs/deploy.md, upgrading). */
const VERSIONS = [
  `svc ${SVC_VERSION}`,
  `formato de snapshot: ${SNAPSHOT_FORMAT}`,
  `esquema do plano de controle: ${migrationVersion(KNOWN_MIGRATIONS.sqlite.at(-1) ?? '')} (SQLite), ${migrationVersion(KNOWN_MIGRATIONS.postgres.at(-1) ?? '')} (PostgreSQL)`,
  `node ${process.version}`,
].join('\n');

function commandsToLoad(argv: readonly string[]): string[] {
  const [first, second] = argv;
  if (first === '-V' || first === '--version') return [];
  const named = first === 'help' ? second : first;
  // The completion script is generated from every command.
  return named !== undefined && named in COMMANDS && named !== 'completion' ? [named] : Object.keys(COMMANDS);
}

/** Runs `svc` with these arguments (no `node`/script prefix) in this process; resolves with the exit code. */
export async function runCli(args: readonly string[]): Promise<number> {
  const names = commandsToLoad(args);
  // Before the command's modules load DuckDB, whose allocator reads its options as it loads. `svc demo` serves too.
  if (names.length === 1 && (names[0] === 'serve' || names[0] === 'demo')) boundServeMemory();
  let registers: ((program: Command) => void)[];
  try {
    registers = await Promise.all(names.map((name) => COMMANDS[name]!()));
  } catch (err) {
    return reportError(err, wantsJson(args));
  }
  return runProgram(createProgram(VERSIONS), registers, ['node', 'svc', ...args]);
}
