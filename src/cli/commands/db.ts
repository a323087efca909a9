import type { Command } from 'commander';
import { ControlSchemaNewerError } from '../../control/schema-version.js';
import { existsSync } from 'node:fs';
import { redactPassword } from '../../config.js';
import {
  ControlDbBehindError,
  defaultKeyFile,
  openControlDb,
  openControlDbReadOnly,
  type ControlDb,
} from '../../control/database.js';
import { keyFile, SecretKeyMissingError } from '../../control/secret-box.js';
import { copySqliteToPg, TargetNotEmptyError } from '../../control/postgres/copy-from-sqlite.js';
import { CliError } from '../cli-error.js';
import { keyChecked, openPgForMaintenance, sharedKey } from '../control-plane.js';
import { EXIT } from '../exit-codes.js';
import { printJson, printLine } from '../output.js';
import {
  configFrom,
  withCommonOptions,
  withControlPlaneOptions,
  withExamples,
  type CommonOptions,
} from '../program.js';

interface CopyOptions extends CommonOptions {
  to: string;
}

export function registerDb(program: Command): void {
  const db = program
    .command('db')
    .description('banco do plano de controle: migrações, e a mudança de SQLite para PostgreSQL');

  withExamples(
    withControlPlaneOptions(
      db
        .command('migrate')
        .description(
          'aplica as migrações pendentes do plano de controle (elas também rodam em cada início, sob uma trava)',
        ),
    ),
    ['svc db migrate', 'svc db migrate --database-url postgres://svc@db:5432/svc'],
  ).action(async (o: CommonOptions) => {
    const config = configFrom(o);
    if (config.databaseUrl === undefined) {
      const { secretKey } = config;
      (
        await keyChecked(async () => openControlDb(config.dataDir.controlDb, { secretKeys: secretKey && [secretKey] }))
      ).close();
      return o.json
        ? printJson({ banco: 'sqlite', arquivo: config.dataDir.controlDb })
        : printLine(`plano de controle em dia: ${config.dataDir.controlDb}`);
    }
    const pg = await openPgForMaintenance(config.databaseUrl, config.secretKey);
    await pg.close();
    return o.json
      ? printJson({ banco: 'postgresql', url: redactPassword(config.databaseUrl) })
      : printLine(`plano de controle em dia: ${redactPassword(config.databaseUrl)}`);
  });

  withExamples(
    withCommonOptions(
      db
        .command('copy')
        .description(
          'copia o plano de controle SQLite do diretório de dados para um banco PostgreSQL vazio (uma transação)',
        )
        .requiredOption('--to <url>', 'o banco PostgreSQL (postgres://…), migrado aqui se preciso'),
    ),
    ['SVC_SECRET_KEY_FILE=/etc/svc/secret.key svc db copy --data-dir /srv/svc --to postgres://svc@db:5432/svc'],
  ).action(async (o: CopyOptions) => {
    const config = configFrom({ ...o, databaseUrl: o.to });
    const url = config.databaseUrl as string;
    if (!existsSync(config.dataDir.controlDb))
      throw new CliError(`não há plano de controle SQLite em ${config.dataDir.controlDb}`, EXIT.notFound);
    const key = sharedKey(config.secretKey);
    // The source is only read: never migrated, bound or sealed again. Its secrets open with the configured key or
    // the data dir's key file (the SQLite default), and are sealed with the configured key on the target.
    const keyFileOfSource = defaultKeyFile(config.dataDir.controlDb);
    const sourceKeys = existsSync(keyFileOfSource) ? [key, keyFile(keyFileOfSource)] : [key];
    let from: ControlDb;
    try {
      from = await openControlDbReadOnly(config.dataDir.controlDb, sourceKeys);
    } catch (err) {
      if (err instanceof ControlDbBehindError || err instanceof ControlSchemaNewerError)
        throw new CliError(err.message, EXIT.notReady);
      throw err;
    }
    try {
      const to = await openPgForMaintenance(url, key);
      try {
        const copied = await copySqliteToPg(from, to);
        if (o.json) return printJson({ para: redactPassword(url), linhas: copied });
        printLine(`plano de controle copiado para ${redactPassword(url)}:`);
        for (const [table, n] of Object.entries(copied)) printLine(`  ${table.padEnd(22)} ${n}`);
      } finally {
        await to.close();
      }
    } catch (err) {
      if (err instanceof TargetNotEmptyError) throw new CliError(err.message, EXIT.notReady);
      if (err instanceof SecretKeyMissingError) throw new CliError(err.message, EXIT.usage);
      throw err;
    } finally {
      from.close();
    }
  });
}
