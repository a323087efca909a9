import type { Command } from 'commander';
import { describeBackup, pgDumpCommand, restoreBackup, takeBackup } from '../backup.js';
import { printJson, printLine, printWarning } from '../output.js';
import {
  configFrom,
  withCommonOptions,
  withControlPlaneOptions,
  withExamples,
  type CommonOptions,
} from '../program.js';

interface BackupOptions extends CommonOptions {
  to: string;
}

interface RestoreOptions extends CommonOptions {
  from: string;
}

export function registerBackup(program: Command): void {
  withExamples(
    withControlPlaneOptions(
      program
        .command('backup')
        .description(
          'cópia consistente do diretório de dados, mesmo com o svc servindo: plano de controle, snapshots mantidos, CURRENT, secret.key; com manifesto e sha256',
        )
        .requiredOption('--to <dir>', 'pasta do backup (nova ou vazia)'),
    ),
    ['svc backup --data-dir /srv/svc --to /backup/svc-2026-11-26', 'svc backup --to /backup/hoje --json'],
  ).action(async (o: BackupOptions) => {
    const config = configFrom(o);
    const m = await takeBackup(config, o.to);
    // The backup is useless without the key that opens its webhook secrets: say where it is when it is not inside.
    if (m.chave_de_segredos === 'fora')
      printWarning(
        'a chave de segredos está configurada fora da pasta de dados (SVC_SECRET_KEY/_FILE) e não está no backup: guarde-a à parte, sem ela o backup não abre os segredos de webhook',
      );
    const pgDump = config.databaseUrl === undefined ? undefined : pgDumpCommand(config.databaseUrl, o.to);
    if (o.json) return printJson({ backup: o.to, manifesto: m, ...(pgDump && { pg_dump: pgDump }) });
    printLine(`backup em ${o.to}: ${describeBackup(m)}`);
    if (pgDump) printLine(`o plano de controle está em PostgreSQL; guarde-o com:\n  ${pgDump}`);
  });
}

export function registerRestore(program: Command): void {
  withExamples(
    withCommonOptions(
      program
        .command('restore')
        .description(
          'restaura um backup de svc backup numa pasta de dados vazia, depois de conferir os sha256 e as versões',
        )
        .requiredOption('--from <dir>', 'a pasta do backup'),
    ),
    ['svc restore --from /backup/svc-2026-11-26 --data-dir /srv/svc-novo'],
  ).action(async (o: RestoreOptions) => {
    const config = configFrom(o);
    const m = await restoreBackup(o.from, config.dataDir.root);
    if (m.chave_de_segredos === 'fora' && config.secretKey === undefined)
      printWarning('o backup não tem a chave de segredos: configure a mesma de antes (SVC_SECRET_KEY/_FILE)');
    if (m.plano_de_controle.banco === 'postgresql')
      printWarning(
        'o plano de controle estava em PostgreSQL: restaure o dump com pg_restore -d postgres://… control.dump',
      );
    if (o.json) return printJson({ restaurado: config.dataDir.root, manifesto: m });
    printLine(`restaurado em ${config.dataDir.root}: ${describeBackup(m)}`);
  });
}
