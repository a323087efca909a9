import { type Command, Option } from 'commander';
import { ExportTargetError, exportSnapshot, NothingToExportError } from '../../warehouse/export/export.js';
import type { CopyFormat } from '../../warehouse/query/snapshot-query.js';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { formatTable, printJson, printLine } from '../output.js';
import { configFrom, withCommonOptions, withExamples, type CommonOptions } from '../program.js';
import { snapshotErrors, snapshotOption } from '../snapshot-option.js';

interface ExportFlags extends CommonOptions {
  snapshot?: string;
  campeonato?: string;
  temporada?: string;
  format: CopyFormat;
  output: string;
}

export function registerExport(program: Command): void {
  const cmd = program
    .command('export')
    .description('exporta cada recurso de um snapshot em arquivos (COPY do DuckDB), com um manifesto')
    .addOption(
      new Option('--format <formato>', 'formato dos arquivos')
        .choices(['csv', 'parquet', 'json'])
        .makeOptionMandatory(),
    )
    .requiredOption('--output <pasta>', 'pasta dos arquivos (criada se faltar)')
    .option('--campeonato <id|slug>', 'só este campeonato (id ou slug; com o slug, todas as temporadas)')
    .option('--temporada <temporada>', 'só campeonatos desta temporada')
    .option('--snapshot <id>', 'id do snapshot (padrão: o atual)');
  withCommonOptions(cmd);
  withExamples(cmd, [
    'svc export --format parquet --output export/',
    'svc export --campeonato campeonato-brasileiro-serie-a --temporada 2019 --format csv --output br2019/',
    'svc export --campeonato 1 --format json --output c1/ --snapshot 41 --json',
  ]);
  cmd.action(async (flags: ExportFlags) => {
    const manifest = await snapshotErrors(
      exportSnapshot({
        dataDir: configFrom(flags).dataDir,
        snapshotId: snapshotOption(flags.snapshot),
        campeonato: flags.campeonato,
        temporada: flags.temporada,
        format: flags.format,
        outputDir: flags.output,
      }),
      (err) => {
        if (err instanceof NothingToExportError) return new CliError(err.message, EXIT.notFound);
        if (err instanceof ExportTargetError) return new CliError(`--output: ${err.message}`, EXIT.usage);
        return err;
      },
    );
    if (flags.json) {
      printJson(manifest);
      return;
    }
    const rows = Object.values(manifest.arquivos).map((a) => [a.arquivo, a.linhas]);
    printLine(formatTable(['arquivo', 'linhas'], rows));
    printLine(`snapshot ${manifest.snapshot_id} exportado em ${flags.output} (manifesto.json)`);
  });
}
