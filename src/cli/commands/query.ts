import { type Command, Option } from 'commander';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { querySnapshot, type QueryFormat } from '../../warehouse/query/snapshot-query.js';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { formatTable, printJson, printLine } from '../output.js';
import { configFrom, withCommonOptions, withExamples, type CommonOptions } from '../program.js';
import { snapshotErrors, snapshotOption } from '../snapshot-option.js';

interface QueryFlags extends CommonOptions {
  snapshot?: string;
  format: QueryFormat;
  output?: string;
}

export function registerQuery(program: Command): void {
  const cmd = program
    .command('query')
    .description('SQL só de leitura sobre um snapshot (o atual por padrão); tabelas e views em docs/data-engineers.md')
    .argument('<sql>', 'uma consulta SELECT')
    .option('--snapshot <id>', 'id do snapshot (padrão: o atual)')
    .addOption(
      new Option('--format <formato>', 'formato da saída')
        .choices(['table', 'csv', 'json', 'parquet'])
        .default('table'),
    )
    .option('--output <arquivo>', 'grava o resultado neste arquivo (csv, json ou parquet) via COPY do DuckDB');
  withCommonOptions(cmd);
  withExamples(cmd, [
    'svc query "SELECT status, count(*) FROM partidas GROUP BY ALL"',
    'svc query "SELECT * FROM classificacao WHERE campeonato_id = 1" --format csv',
    'svc query "SELECT * FROM partidas" --snapshot 41 --format parquet --output partidas.parquet',
  ]);
  cmd.action(async (sql: string, flags: QueryFlags) => {
    const snapshotId = snapshotOption(flags.snapshot);
    if (flags.output !== undefined && flags.format === 'table')
      throw new CliError('--output pede --format csv, json ou parquet', EXIT.usage);
    if (flags.output === undefined && flags.format === 'parquet')
      throw new CliError('--format parquet pede --output ARQUIVO', EXIT.usage);
    const output = flags.output === undefined ? undefined : path.resolve(flags.output);
    if (output !== undefined && !existsSync(path.dirname(output)))
      throw new CliError(`--output: a pasta ${path.dirname(output)} não existe`, EXIT.usage);
    const result = await snapshotErrors(
      querySnapshot({
        dataDir: configFrom(flags).dataDir,
        snapshotId,
        sql,
        format: flags.format,
        output,
        rows: flags.json === true,
      }),
    );
    if (flags.json) {
      if (result.kind === 'file')
        printJson({
          snapshot_id: result.snapshotId,
          arquivo: result.arquivo,
          formato: flags.format,
          linhas: result.linhas,
        });
      else if (result.kind === 'rows') printJson({ snapshot_id: result.snapshotId, ...result.rows });
      return;
    }
    if (result.kind === 'file')
      printLine(`${result.linhas} linha(s) gravada(s) em ${result.arquivo} (snapshot ${result.snapshotId})`);
    else if (result.kind === 'text')
      process.stdout.write(result.text.endsWith('\n') ? result.text : `${result.text}\n`);
    else {
      const cell = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v);
      printLine(
        formatTable(
          result.rows.colunas,
          result.rows.linhas.map((row) => row.map(cell)),
        ),
      );
      printLine(`(${result.rows.linhas.length} linha(s), snapshot ${result.snapshotId})`);
    }
  });
}
