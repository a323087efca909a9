import type { Command } from 'commander';
import { accessSync, constants, existsSync, readFileSync, statfsSync, statSync } from 'node:fs';
import path from 'node:path';
import { systemClock, type Clock } from '../../clock.js';
import { redactPassword, type Config } from '../../config.js';
import { defaultKeyFile, inspectControlDb } from '../../control/database.js';
import { inspectPgControl } from '../../control/postgres/pg-control.js';
import { keyFromText } from '../../control/secret-box.js';
import type { SchemaState } from '../../control/schema-version.js';
import { inspectSnapshots } from '../../warehouse/health.js';
import { DEFAULT_KEEP } from '../../warehouse/ingest.js';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { intOption } from '../options.js';
import { printJson, printLine } from '../output.js';
import { configFrom, withControlPlaneOptions, withExamples, type CommonOptions } from '../program.js';
import { askResident } from '../resident/client.js';
import { checkPortFree } from './serve.js';

type State = 'ok' | 'aviso' | 'falha';
interface Check {
  nome: string;
  estado: State;
  mensagem: string;
}

/** Beyond this, a clock disagrees with the server's or the snapshots' (a minute of drift is not a fault). */
const CLOCK_TOLERANCE_MS = 60_000;

const check = (nome: string, estado: State, mensagem: string): Check => ({ nome, estado, mensagem });

function mode(file: string): string {
  return (statSync(file).mode & 0o777).toString(8).padStart(4, '0');
}

function dataDirChecks(config: Config, keep: number, clock: Clock): Check[] {
  const { root } = config.dataDir;
  if (!existsSync(root)) return [check('pasta de dados', 'falha', `${root} não existe (crie-a ou rode svc ingest)`)];
  try {
    accessSync(root, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch {
    return [check('pasta de dados', 'falha', `${root}: sem permissão de leitura e escrita para este usuário`)];
  }
  const checks = [
    (statSync(root).mode & 0o002) !== 0
      ? check('pasta de dados', 'falha', `${root} (${mode(root)}): gravável por qualquer usuário; use chmod o-w`)
      : check('pasta de dados', 'ok', `${root} (${mode(root)}; leitura e escrita)`),
  ];
  // Key hashes, usage and webhook secrets: the owner's only (the files are created 0600).
  const open = [config.dataDir.controlDb, defaultKeyFile(config.dataDir.controlDb)].filter(
    (f) => existsSync(f) && (statSync(f).mode & 0o077) !== 0,
  );
  checks.push(
    open.length === 0
      ? check('permissões', 'ok', 'control.db e secret.key só do dono (0600)')
      : check('permissões', 'falha', `${open.map((f) => `${f} (${mode(f)})`).join(', ')}: use chmod 600`),
  );
  const snapshots = inspectSnapshots(config.dataDir);
  const { current } = snapshots;
  checks.push(
    snapshots.problems.length > 0
      ? check('snapshots', 'falha', snapshots.problems.join('; '))
      : current === null
        ? check('snapshots', 'aviso', 'nenhum snapshot publicado ainda (rode svc ingest)')
        : check(
            'snapshots',
            'ok',
            `${snapshots.count}, atual ${current.id} de ${current.criado_em}; manifestos conferem`,
          ),
  );
  // A new snapshot is written beside the kept ones before retention removes the oldest.
  const size = current?.tamanho_bytes ?? 0;
  const needed = Math.max(0, size * (keep + 1) - snapshots.totalBytes);
  const { bavail, bsize } = statfsSync(root);
  const free = bavail * bsize;
  const mib = (n: number) => `${Math.ceil(n / 2 ** 20)} MiB`;
  checks.push(
    free < needed
      ? check(
          'espaço em disco',
          'falha',
          `${mib(free)} livres; ${keep} snapshots de ${mib(size)} precisam de mais ${mib(needed)}`,
        )
      : check(
          'espaço em disco',
          free < 2 * needed ? 'aviso' : 'ok',
          `${mib(free)} livres; retenção de ${keep} × ${mib(size)} precisa de mais ${mib(needed)}`,
        ),
  );
  if (current && Date.parse(current.criado_em) - clock.now() > CLOCK_TOLERANCE_MS)
    checks.push(
      check(
        'relógio',
        'falha',
        `o snapshot atual é de ${current.criado_em}, no futuro deste relógio (${new Date(clock.now()).toISOString()})`,
      ),
    );
  return checks;
}

function schemaCheck(where: string, schema: SchemaState): Check {
  if (schema.unknown.length > 0)
    return check(
      'plano de controle',
      'falha',
      `${where}: esquema ${schema.applied}, mais novo que o deste svc (${schema.known}); atualize o svc`,
    );
  if (schema.pending.length > 0)
    return check(
      'plano de controle',
      'aviso',
      `${where}: faltam as migrações ${schema.pending.join(', ')} (aplicadas no próximo início ou por svc db migrate)`,
    );
  return check('plano de controle', 'ok', `${where}: esquema ${schema.known}, migrado`);
}

function keyCheck(report: { secrets: number; keyProblem: string | null }): Check {
  if (report.keyProblem) return check('chave de segredos', 'falha', report.keyProblem);
  return check(
    'chave de segredos',
    'ok',
    report.secrets === 0 ? 'nenhum segredo cifrado ainda' : `abre os ${report.secrets} segredos de webhook`,
  );
}

async function controlChecks(config: Config, clock: Clock): Promise<Check[]> {
  if (config.databaseUrl === undefined) {
    const file = config.dataDir.controlDb;
    if (!existsSync(file))
      return [check('plano de controle', 'aviso', `${file} ainda não existe (criado no primeiro uso)`)];
    // The data dir's key file when none is configured; read, never created here.
    const keyFile = defaultKeyFile(file);
    const key = config.secretKey ?? (existsSync(keyFile) ? keyFromText(readFileSync(keyFile, 'utf8')) : undefined);
    const report = await inspectControlDb(file, key);
    const checks = [schemaCheck(path.basename(file), report.schema)];
    return report.schema.pending.length > 0 || report.schema.unknown.length > 0
      ? checks
      : [...checks, keyCheck(report)];
  }
  const where = redactPassword(config.databaseUrl);
  let report: Awaited<ReturnType<typeof inspectPgControl>>;
  try {
    report = await inspectPgControl(config.databaseUrl, config.secretKey);
  } catch (err) {
    return [check('plano de controle', 'falha', `${where} inalcançável: ${(err as Error).message}`)];
  }
  const checks = [schemaCheck(where, report.schema)];
  if (report.schema.pending.length === 0 && report.schema.unknown.length === 0) checks.push(keyCheck(report));
  const skew = clock.now() - report.serverNow;
  checks.push(
    Math.abs(skew) > CLOCK_TOLERANCE_MS
      ? check('relógio', 'falha', `${Math.round(skew / 1000)} s de diferença para o relógio do PostgreSQL`)
      : check('relógio', 'ok', `de acordo com o PostgreSQL (${Math.round(skew / 1000)} s)`),
  );
  return checks;
}

/** A resident ingester is optional; one that would refuse this environment's steps is worth a look (they run, slower). */
async function residentCheck(config: Config): Promise<Check> {
  const state = await askResident(config.dataDir);
  const name = 'ingest residente';
  switch (state.estado) {
    case 'sem-socket':
      return check(
        name,
        'ok',
        state.motivo === 'ausente'
          ? 'nenhum: cada svc ingest roda no próprio processo'
          : 'nenhum possível (caminho da pasta de dados longo demais para um socket): cada svc ingest roda no próprio processo',
      );
    case 'parado':
      return check(
        name,
        'aviso',
        `${state.socket} deixado por um residente que parou: cada svc ingest roda no próprio processo (inicie svc ingest --resident ou remova o arquivo)`,
      );
    case 'aceita':
      return check(name, 'ok', `em ${state.socket}: recebe os svc ingest deste ambiente`);
    case 'recusa':
      return check(
        name,
        'aviso',
        `em ${state.socket}, mas recusaria os svc ingest deste ambiente (${state.motivo}): eles rodam no próprio processo`,
      );
  }
}

async function portCheck(config: Config): Promise<Check> {
  if (config.port === 0) return check('porta', 'ok', 'porta 0: qualquer porta livre');
  try {
    await checkPortFree(config.port, config.host);
    return check('porta', 'ok', `${config.port} livre`);
  } catch (err) {
    // In use is also what a running svc serve looks like: worth a look, not a fault.
    return check('porta', 'aviso', err instanceof CliError ? err.message : String(err));
  }
}

export async function runDoctor(config: Config, keep: number, clock: Clock): Promise<Check[]> {
  const checks = [
    ...dataDirChecks(config, keep, clock),
    ...(await controlChecks(config, clock)),
    await residentCheck(config),
    await portCheck(config),
  ];
  if (!checks.some((c) => c.nome === 'relógio'))
    checks.push(check('relógio', 'ok', `${new Date(clock.now()).toISOString()}; nenhum snapshot no futuro`));
  return checks;
}

export function registerDoctor(program: Command): void {
  const cmd = program
    .command('doctor')
    .description(
      'confere a instalação: pasta de dados, snapshots, plano de controle, chave, disco, ingest residente, porta, relógio',
    )
    .option('--port <port>', 'a porta que svc serve vai usar (variável: PORT; padrão: 8080)')
    .option('--host <host>', 'o endereço que svc serve vai usar')
    .option(
      '--keep <n>',
      'snapshots mantidos pela retenção (o --keep de svc ingest)',
      intOption(1, 1_000_000_000),
      DEFAULT_KEEP,
    );
  withControlPlaneOptions(cmd);
  withExamples(cmd, ['svc doctor', 'svc doctor --config /etc/svc/svc.toml --json']);
  cmd.action(async (o: CommonOptions & { keep: number }) => {
    const checks = await runDoctor(configFrom(o), o.keep, systemClock);
    const failed = checks.filter((c) => c.estado === 'falha');
    if (!o.json) for (const c of checks) printLine(`${c.estado.toUpperCase().padEnd(5)}  ${c.nome}: ${c.mensagem}`);
    if (failed.length > 0)
      throw new CliError(
        `${failed.length} verificação(ões) falharam: ${failed.map((c) => c.nome).join(', ')}`,
        EXIT.notReady,
        [],
        {
          verificacoes: checks,
        },
      );
    if (o.json) printJson({ verificacoes: checks });
  });
}
