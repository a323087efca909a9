import type { Command } from 'commander';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { formatTable, printJson, printLine } from '../output.js';
import { configFrom, withCommonOptions, withExamples, type CommonOptions } from '../program.js';
import { IngestLockedError } from '../../warehouse/ingest-lock.js';
import { rollbackTo, SnapshotNotFoundError } from '../../warehouse/rollback.js';
import {
  listSnapshots,
  parseSnapshotId,
  readCurrentId,
  type SnapshotManifest,
} from '../../warehouse/snapshot-store.js';
import { tidySnapshots } from '../../warehouse/tidy.js';
import { diffSnapshots } from '../../warehouse/diff/diff.js';
import { printPlan } from '../plan-output.js';
import { snapshotErrors, snapshotOption } from '../snapshot-option.js';

export function registerSnapshots(program: Command): void {
  const cmd = program.command('snapshots').description('lista os snapshots publicados; volta a um anterior');
  cmd.option('--all', 'com --json, lista também cada snapshot (id, data, tamanho, contagens, eventos)');
  withCommonOptions(cmd);
  cmd.addHelpText(
    'after',
    '\n--json imprime um resumo: atual, total, mais_antigo, mais_recente, tamanho_total_bytes; --all acrescenta "snapshots".',
  );
  withExamples(cmd, [
    'svc snapshots',
    'svc snapshots --json',
    'svc snapshots --json --all',
    'svc snapshots rollback 41',
    'svc snapshots diff',
  ]);
  cmd.action((flags: CommonOptions & ListOptions) => {
    const dataDir = configFrom(flags).dataDir;
    tidySnapshots(dataDir);
    const current = readCurrentId(dataDir);
    const snapshots = listSnapshots(dataDir);
    if (flags.json) {
      printJson(summaryJson(current, snapshots, flags.all === true));
      return;
    }
    if (snapshots.length === 0) {
      printLine('nenhum snapshot publicado ainda (rode svc ingest)');
      return;
    }
    const rows = snapshots.map((m) => [
      `${m.id === current ? '*' : ' '} ${m.id}`,
      m.criado_em,
      formatBytes(m.tamanho_bytes),
      m.contagens.campeonatos ?? 0,
      m.contagens.partidas ?? 0,
      m.contagens.eventos ?? 0,
      m.eventos.total === 0 ? '0' : `${m.eventos.total} (seq ${m.eventos.seq_inicio}–${m.eventos.seq_fim})`,
    ]);
    printLine(
      formatTable(
        ['  id', 'criado_em', 'tamanho', 'campeonatos', 'partidas', 'eventos_partida', 'webhook_eventos'],
        rows,
      ),
    );
    printLine('(* = atual)');
  });

  const rollback = cmd
    .command('rollback')
    .description('torna um snapshot anterior o atual de novo (atomicamente)')
    .argument('<id>', 'id do snapshot, com ou sem os zeros à esquerda')
    .option('--all', 'com --json, lista também cada snapshot retido');
  withCommonOptions(rollback);
  rollback.addHelpText('after', '\n--json imprime o resumo de svc snapshots --json (--all acrescenta "snapshots").');
  withExamples(rollback, ['svc snapshots rollback 41', 'svc snapshots rollback 00000041 --json']);
  rollback.action((idText: string) => {
    const flags = commonOptionsOf(rollback, cmd);
    const all = rollback.opts<ListOptions>().all === true || cmd.opts<ListOptions>().all === true;
    const id = parseSnapshotId(idText);
    if (!id) throw new CliError(`id de snapshot inválido: "${idText}"`, EXIT.usage);
    try {
      const dataDir = configFrom(flags).dataDir;
      const manifest = rollbackTo(dataDir, id);
      if (flags.json) printJson(summaryJson(manifest.id, listSnapshots(dataDir), all));
      else printLine(`snapshot ${manifest.id} (${manifest.criado_em}) agora é o atual`);
    } catch (err) {
      if (err instanceof SnapshotNotFoundError) throw new CliError(err.message, EXIT.notFound);
      if (err instanceof IngestLockedError) throw new CliError(err.message, EXIT.locked);
      throw err;
    }
  });
  rollback.exitOverride();

  const diff = cmd
    .command('diff')
    .description('o que mudou entre dois snapshots, por campeonato (padrão: o atual e o seu pai)')
    .argument('[de]', 'snapshot de partida (padrão: o pai do outro)')
    .argument('[para]', 'snapshot de chegada (padrão: o atual)');
  withCommonOptions(diff);
  withExamples(diff, ['svc snapshots diff', 'svc snapshots diff 40 42', 'svc snapshots diff --json']);
  diff.action(async (from: string | undefined, to: string | undefined) => {
    const flags = commonOptionsOf(diff, cmd);
    const plan = await snapshotErrors(
      diffSnapshots(configFrom(flags).dataDir, snapshotOption(from) ?? undefined, snapshotOption(to) ?? undefined),
    );
    if (flags.json) {
      printJson(plan);
      return;
    }
    printLine(`de ${plan.de ?? '(vazio)'} para ${plan.para}`);
    printPlan(plan);
  });
  diff.exitOverride();
}

/**
 * The root program parses options anywhere on the line, so `snapshots rollback 3 --data-dir D` may hand
 * `--data-dir` to `snapshots` rather than to `rollback`: take each common option from whichever command
 * got it on the command line (the environment and defaults come in later, through the config).
 */
function commonOptionsOf(sub: Command, parent: Command): CommonOptions {
  const given = (cmd: Command, key: string): boolean => cmd.getOptionValueSource(key) === 'cli';
  const pick = <K extends keyof CommonOptions>(key: K): CommonOptions[K] =>
    given(sub, key) || !given(parent, key) ? sub.opts<CommonOptions>()[key] : parent.opts<CommonOptions>()[key];
  return { dataDir: pick('dataDir'), json: pick('json') };
}

interface ListOptions {
  all?: boolean;
}

/**
 * `--json` of `snapshots` and `rollback`: counts, not the list, which grows with retention (51 KB at 10);
 * `all` adds each snapshot as listed before, with `atual`.
 */
function summaryJson(current: string | null, snapshots: SnapshotManifest[], all: boolean): object {
  const edge = (m: SnapshotManifest | undefined) => (m ? { id: m.id, criado_em: m.criado_em } : null);
  return {
    atual: current,
    total: snapshots.length,
    mais_antigo: edge(snapshots[0]),
    mais_recente: edge(snapshots.at(-1)),
    tamanho_total_bytes: snapshots.reduce((sum, m) => sum + m.tamanho_bytes, 0),
    ...(all ? { snapshots: snapshots.map((m) => ({ ...m, atual: m.id === current })) } : {}),
  };
}

function formatBytes(n: number): string {
  return n >= 1 << 20 ? `${(n / (1 << 20)).toFixed(1)} MiB` : `${Math.ceil(n / 1024)} KiB`;
}
