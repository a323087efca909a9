import { createHash } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  createReadStream,
  createWriteStream,
  existsSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { nowDate } from '../clock.js';
import { redactPassword, type Config } from '../config.js';
import { copyControlDb, defaultKeyFile } from '../control/database.js';
import { inspectPgControl } from '../control/postgres/pg-control.js';
import { KNOWN_MIGRATIONS, schemaState } from '../control/schema-version.js';
import { resolveDataDir } from '../data-dir.js';
import { SNAPSHOT_FORMAT } from '../warehouse/format.js';
import { listSnapshots, readCurrentId } from '../warehouse/snapshot-store.js';
import { CliError } from './cli-error.js';
import { reachable } from './control-plane.js';
import { EXIT } from './exit-codes.js';
import { SVC_VERSION } from './version.js';

/** The backup's own manifest, `backup.json`, written last: a folder without it is not a (finished) backup. */
export const BACKUP_MANIFEST = 'backup.json';
/** Bumped when the layout of a backup changes; a restore refuses a newer one. */
const BACKUP_FORMAT = 1;

export interface BackupFile {
  caminho: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  formato: number;
  svc: string;
  criado_em: string;
  formato_snapshot: string;
  plano_de_controle: { banco: 'sqlite' | 'postgresql'; esquema: string | null; migracoes: string[] };
  atual: string | null;
  snapshots: string[];
  /** `secret.key` when the data dir's default key is in the backup; `fora` when the key is configured elsewhere. */
  chave_de_segredos: 'secret.key' | 'fora' | 'nenhuma';
  arquivos: BackupFile[];
}

function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (d) => hash.update(d))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

async function described(root: string, caminho: string): Promise<BackupFile> {
  const file = path.join(root, caminho);
  return { caminho, bytes: statSync(file).size, sha256: await sha256(file) };
}

function refuseNonEmpty(dir: string, what: string): void {
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new CliError(`${dir} não está vazia; ${what} numa pasta nova ou vazia`, EXIT.notReady);
}

/** `pg_dump`, as docs/deploy.md documents it: the control plane on PostgreSQL is backed up by PostgreSQL's tool. */
export function pgDumpCommand(url: string, to: string): string {
  return `pg_dump -Fc -f ${path.join(to, 'control.dump')} '${redactPassword(url)}'`;
}

/**
 * Copies what a data dir cannot rebuild into `to`, while other processes go on using it: the control plane
 * (SQLite through `VACUUM INTO`), the published snapshots with their manifests and `CURRENT`, the default key file.
 */
export async function takeBackup(config: Config, to: string): Promise<BackupManifest> {
  const { dataDir } = config;
  if (!existsSync(dataDir.root)) throw new CliError(`pasta de dados não encontrada: ${dataDir.root}`, EXIT.unreachable);
  refuseNonEmpty(to, 'faça o backup');
  // PostgreSQL first: an unreachable server stops the backup before anything is copied.
  const pgPlan = await pgPlanOf(config);
  const target = resolveDataDir(to);
  mkdirSync(target.snapshotsDir, { recursive: true, mode: 0o700 });
  const copied: string[] = [];

  // The control plane before the snapshots: every event its webhook cursor has not consumed is in a snapshot
  // retention keeps, so the copies taken after it still hold them.
  let plano = pgPlan;
  if (plano === null) {
    const exists = existsSync(dataDir.controlDb);
    const migracoes = exists ? await copyControlDb(dataDir.controlDb, target.controlDb) : [];
    if (exists) copied.push('control.db');
    plano = { banco: 'sqlite', esquema: schemaState(KNOWN_MIGRATIONS.sqlite, migracoes).applied, migracoes };
  }

  // Snapshots are immutable: a byte copy is consistent. CURRENT is read once, first; a snapshot retention deletes
  // meanwhile is left out, unless it is the current one (never deleted while current).
  const atual = readCurrentId(dataDir);
  const snapshots: string[] = [];
  for (const { id } of listSnapshots(dataDir)) {
    const files = [`snapshots/${id}.duckdb`, `snapshots/${id}.json`];
    try {
      for (const f of files) copyFileSync(path.join(dataDir.root, f), path.join(target.root, f));
      copied.push(...files);
      snapshots.push(id);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || id === atual) throw err;
      for (const f of files) rmSync(path.join(target.root, f), { force: true });
    }
  }
  if (atual !== null) {
    await writeFile(target.currentFile, `${atual}\n`);
    // Every snapshot copied has been current: none is taken for an orphan (snapshot-store.ts) after a restore.
    await writeFile(path.join(target.root, 'CURRENT.max'), `${snapshots.at(-1) ?? atual}\n`);
    copied.push('CURRENT', 'CURRENT.max');
  }

  let chave: BackupManifest['chave_de_segredos'] = config.secretKey ? 'fora' : 'nenhuma';
  const keyFile = defaultKeyFile(dataDir.controlDb);
  if (!config.secretKey && existsSync(keyFile)) {
    copyFileSync(keyFile, path.join(target.root, 'secret.key'));
    chmodSync(path.join(target.root, 'secret.key'), 0o600);
    copied.push('secret.key');
    chave = 'secret.key';
  }

  const manifest: BackupManifest = {
    formato: BACKUP_FORMAT,
    svc: SVC_VERSION,
    criado_em: nowDate().toISOString(),
    formato_snapshot: SNAPSHOT_FORMAT,
    plano_de_controle: plano,
    atual,
    snapshots,
    chave_de_segredos: chave,
    arquivos: await Promise.all(copied.map((c) => described(target.root, c))),
  };
  await writeFile(path.join(target.root, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/** The schema of a PostgreSQL control plane, read (never migrated); its data is `pg_dump`'s to copy. */
async function pgPlanOf(config: Config): Promise<BackupManifest['plano_de_controle'] | null> {
  const url = config.databaseUrl;
  if (url === undefined) return null;
  const { schema } = await reachable(url, () => inspectPgControl(url, config.secretKey));
  return { banco: 'postgresql', esquema: schema.applied, migracoes: appliedOf(KNOWN_MIGRATIONS.postgres, schema) };
}

/** The applied migrations of a PostgreSQL schema as file names, for the same newer-than check as SQLite's. */
function appliedOf(known: readonly string[], schema: { pending: readonly string[]; unknown: readonly string[] }) {
  return [...known.filter((f) => !schema.pending.includes(f)), ...schema.unknown];
}

function readBackupManifest(from: string): BackupManifest {
  if (!existsSync(from)) throw new CliError(`backup não encontrado: ${from}`, EXIT.unreachable);
  try {
    return JSON.parse(readFileSync(path.join(from, BACKUP_MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new CliError(`${from} não é um backup do svc (${BACKUP_MANIFEST} ausente ou ilegível)`, EXIT.invalidInput);
  }
}

/** A backup this binary cannot serve: made by a newer svc (layout, snapshot format or control-plane schema). */
function refuseNewer(m: BackupManifest, from: string): void {
  const known = KNOWN_MIGRATIONS[m.plano_de_controle.banco === 'sqlite' ? 'sqlite' : 'postgres'];
  const state = schemaState(known, m.plano_de_controle.migracoes);
  const newer =
    m.formato > BACKUP_FORMAT
      ? `formato de backup ${m.formato} (este svc conhece ${BACKUP_FORMAT})`
      : m.formato_snapshot !== SNAPSHOT_FORMAT
        ? `formato de snapshot ${m.formato_snapshot} (este svc usa ${SNAPSHOT_FORMAT})`
        : state.unknown.length > 0
          ? `esquema ${state.applied} do plano de controle, mais novo que o deste svc (${state.known})`
          : null;
  if (newer)
    throw new CliError(`o backup ${from} foi feito pelo svc ${m.svc}: ${newer}; atualize o svc`, EXIT.notReady);
}

/**
 * Copies one file of the backup into `dir` through its sha256, flushed to disk: the copy itself is what gets checked,
 * so nothing read between a check and a copy can differ.
 */
async function copyChecked(from: string, dir: string, f: BackupFile): Promise<void> {
  const hash = createHash('sha256');
  const dest = path.join(dir, f.caminho);
  // Key hashes, sealed secrets and the key itself: the owner's only, as svc creates them.
  const mode = f.caminho === 'control.db' || f.caminho === 'secret.key' ? 0o600 : 0o644;
  try {
    await pipeline(
      createReadStream(path.join(from, f.caminho)),
      new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      }),
      createWriteStream(dest, { flags: 'wx', mode, flush: true }),
    );
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !existsSync(path.join(from, f.caminho)))
      throw new CliError(`backup incompleto: falta ${f.caminho} em ${from}`, EXIT.invalidInput);
    throw err;
  }
  if (hash.digest('hex') !== f.sha256)
    throw new CliError(`backup corrompido: ${f.caminho} não confere com o sha256 do manifesto`, EXIT.invalidInput);
}

/**
 * A target that is a mount point cannot be replaced by a rename (EBUSY), and the folder beside it is on another
 * file system (EXDEV): said before anything is copied.
 */
function refuseMountPoint(target: string): void {
  if (existsSync(target) && statSync(target).dev !== statSync(path.dirname(target)).dev)
    throw new CliError(
      `${target} é um ponto de montagem: restaure numa subpasta dele (ex.: ${path.join(target, 'svc')})`,
      EXIT.notReady,
    );
}

/** The folder a restore fills beside `target`; one line when its parent is not writable (a data dir under /srv). */
function stagingBeside(target: string): string {
  const parent = path.dirname(target);
  try {
    mkdirSync(parent, { recursive: true });
    return mkdtempSync(path.join(parent, `.${path.basename(target)}.restaurando-`));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM' && code !== 'EROFS') throw err;
    throw new CliError(
      `a restauração é montada ao lado do destino e ${parent} não aceita escrita (${code}): rode como quem escreve em ${parent} (ex.: root, e depois chown -R ao usuário do serviço)`,
      EXIT.notReady,
    );
  }
}

/**
 * Restores a backup into a new or empty data dir, all or nothing: every file is copied and checked into a folder
 * beside the target (`.NAME.restaurando-XXXXXX`), which one rename then puts in its place. A restore that fails
 * leaves the target as it was and removes that folder; one killed midway leaves only that folder behind.
 */
export async function restoreBackup(from: string, to: string): Promise<BackupManifest> {
  const root = path.resolve(from);
  const target = path.resolve(to);
  const m = readBackupManifest(root);
  refuseNonEmpty(target, 'restaure');
  refuseNewer(m, root);
  refuseMountPoint(target);
  const parent = path.dirname(target);
  const staging = stagingBeside(target);
  try {
    mkdirSync(resolveDataDir(staging).snapshotsDir, { mode: 0o700 });
    for (const f of m.arquivos) await copyChecked(root, staging, f);
    // An empty target an operator prepared keeps its permissions (a new one gets mkdtemp's 0700).
    if (existsSync(target)) chmodSync(staging, statSync(target).mode & 0o7777);
    renameSync(staging, target);
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  // The rename itself on disk, so a crash right after the command returns cannot undo it.
  const dirFd = openSync(parent, 'r');
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
  return m;
}

/** One line per backup: what it holds. */
export function describeBackup(m: BackupManifest): string {
  const plano = m.plano_de_controle;
  return `${m.snapshots.length} snapshots (atual ${m.atual ?? 'nenhum'}), plano de controle ${plano.banco} no esquema ${plano.esquema ?? 'nenhum'}, ${m.arquivos.length} arquivos com sha256`;
}
