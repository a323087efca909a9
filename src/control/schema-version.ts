import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Engine } from './sql/control-sql.js';

/** A control plane's migrations, as this version of svc knows them and as the database has applied them. */
export interface SchemaState {
  /** The newest migration this version knows, e.g. `026` (the control-plane schema version). */
  readonly known: string;
  /** The newest one applied; null for a database never migrated. */
  readonly applied: string | null;
  /** Known and not applied yet (applied by the next start or `svc db migrate`). */
  readonly pending: readonly string[];
  /** Applied and not known: a newer svc migrated it. */
  readonly unknown: readonly string[];
}

/** The migration files of a folder, in the order they apply. */
export function migrationFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/**
 * The control plane's migrations: `baseline/sqlite/` and `baseline/postgres/`, each engine's history up to the one
 * history (frozen: their checksums are recorded in deployed databases), then the shared migrations beside them,
 * one file for both engines, numbered after both baselines.
 */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** One migration of an engine's history: its name (as recorded in `schema_migrations`) and its file. */
export interface Migration {
  readonly name: string;
  readonly file: string;
  /** Written once for both engines, in PostgreSQL's types (SQLite gets them through `sqliteTypes`). */
  readonly shared: boolean;
}

/** An engine's history in the order it applies: its baseline, then the shared migrations. */
export function historyOf(engine: Engine, dir = MIGRATIONS_DIR): Migration[] {
  const baseline = path.join(dir, 'baseline', engine);
  return [
    ...migrationFiles(baseline).map((name) => ({ name, file: path.join(baseline, name), shared: false })),
    ...migrationFiles(dir).map((name) => ({ name, file: path.join(dir, name), shared: true })),
  ];
}

/** The migrations this version knows, per engine, in order. */
export const KNOWN_MIGRATIONS: Readonly<Record<Engine, readonly string[]>> = {
  sqlite: historyOf('sqlite').map((m) => m.name),
  postgres: historyOf('postgres').map((m) => m.name),
};

/** A migration's number, its version: `026_chave_segredos.sql` → `026`. */
export function migrationVersion(file: string): string {
  return file.split('_')[0] ?? file;
}

export function schemaState(known: readonly string[], applied: readonly string[]): SchemaState {
  const done = new Set(applied);
  const knownSet = new Set(known);
  const newest = [...applied].sort().at(-1);
  return {
    known: migrationVersion(known.at(-1) ?? ''),
    applied: newest === undefined ? null : migrationVersion(newest),
    pending: known.filter((f) => !done.has(f)),
    unknown: [...applied].filter((f) => !knownSet.has(f)).sort(),
  };
}

/**
 * A control plane migrated by a newer svc: this one would read and write tables it does not know (a rolled-back
 * binary, a node left behind in an upgrade), so it stops before it touches anything.
 */
export class ControlSchemaNewerError extends Error {
  constructor(where: string, state: SchemaState) {
    super(
      `o plano de controle ${where} está no esquema ${state.applied}, mais novo que o desta versão do svc (${state.known}; migrações desconhecidas: ${state.unknown.join(', ')}); atualize o svc (svc --version mostra as versões)`,
    );
    this.name = 'ControlSchemaNewerError';
  }
}

export function checkNotNewer(where: string, state: SchemaState): void {
  if (state.unknown.length > 0) throw new ControlSchemaNewerError(where, state);
}

/** A migration's text as applied, recorded beside its name: an applied migration must never change. */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

/**
 * An applied migration whose file no longer has the text that was applied: the database and this version's
 * history disagree about what the schema is, so nothing starts until the file is put back.
 */
export class MigrationChangedError extends Error {
  constructor(where: string, file: string) {
    super(
      `a migração ${file} do plano de controle ${where} foi alterada depois de aplicada (sha256 diferente do registrado); restaure o arquivo original: uma mudança de esquema é sempre uma migração nova`,
    );
    this.name = 'MigrationChangedError';
  }
}

/**
 * The applied migrations whose recorded checksum differs from this version's file (an error on the first), and
 * those applied before checksums were recorded (to record now: their text is taken as applied).
 */
export function checkChecksums(
  where: string,
  applied: readonly { nome: string; checksum: string | null }[],
  text: (file: string) => string | null,
): string[] {
  const unrecorded: string[] = [];
  for (const { nome, checksum } of applied) {
    const sql = text(nome);
    if (sql === null) continue;
    if (checksum === null) unrecorded.push(nome);
    else if (checksum !== migrationChecksum(sql)) throw new MigrationChangedError(where, nome);
  }
  return unrecorded;
}
