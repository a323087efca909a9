import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { nowDate } from '../clock.js';
import {
  checkChecksums,
  checkNotNewer,
  historyOf,
  KNOWN_MIGRATIONS,
  MIGRATIONS_DIR,
  migrationChecksum,
  schemaState,
  type Migration,
  type SchemaState,
} from './schema-version.js';
import { sql, type ControlQuery, type ControlSql, type Engine } from './sql/control-sql.js';
import type { ControlTables } from './sql/tables.js';
import { columnsOf, SESSION_LOCKS, sharedStatement, withSessionLock } from './sql/dialect.js';

/** The history's own bookkeeping (not a control-plane table: tables.ts leaves it out). */
type Bookkeeping = {
  schema_migrations: { nome: string; aplicada_em: string; checksum: string | null };
};

const withBookkeeping = (q: ControlQuery): Kysely<ControlTables & Bookkeeping> => q.withTables<Bookkeeping>();

/**
 * Applies the pending migrations of the engine's history (`historyOf`), in order, one transaction each, and records
 * each with the sha256 of its file (`schema_migrations`). Refused before anything is written when a newer svc
 * migrated the database (`ControlSchemaNewerError`) or an applied migration's file changed (`MigrationChangedError`);
 * one applied before checksums were recorded gets its file's now (trust on first use). PostgreSQL: under a session
 * advisory lock, so nodes starting together apply each migration once; SQLite: each checked again inside its
 * `BEGIN IMMEDIATE`. `where` names the database in errors. Returns the migrations applied now.
 */
export async function migrate(control: ControlSql, where: string, dir = MIGRATIONS_DIR): Promise<string[]> {
  const history = historyOf(control.engine, dir);
  return withSessionLock(control.db, control.engine, SESSION_LOCKS.migrations, async (q) => {
    const db = withBookkeeping(q);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (nome TEXT PRIMARY KEY, aplicada_em TEXT NOT NULL)`.execute(
      db,
    );
    // Added once, outside the numbered history: it is the history's own bookkeeping.
    const hasChecksum = async (x: Kysely<ControlTables & Bookkeeping>) =>
      (await columnsOf(x, control.engine, 'schema_migrations')).includes('checksum');
    if (!(await hasChecksum(db)))
      await db.transaction().execute(async (tx) => {
        if (!(await hasChecksum(tx))) await sql`ALTER TABLE schema_migrations ADD COLUMN checksum TEXT`.execute(tx);
      });
    const rows = await db.selectFrom('schema_migrations').select(['nome', 'checksum']).execute();
    const state = schemaState(
      history.map((m) => m.name),
      rows.map((r) => r.nome),
    );
    checkNotNewer(where, state);
    const byName = new Map(history.map((m) => [m.name, m]));
    const text = (name: string) => {
      const m = byName.get(name);
      return m ? readFileSync(m.file, 'utf8') : null;
    };
    const unrecorded = checkChecksums(where, rows, text);
    if (unrecorded.length > 0)
      await db.transaction().execute(async (tx) => {
        for (const name of unrecorded)
          await tx
            .updateTable('schema_migrations')
            .set({ checksum: migrationChecksum(text(name) as string) })
            .where('nome', '=', name)
            .where('checksum', 'is', null)
            .execute();
      });
    const applied: string[] = [];
    for (const m of history.filter((h) => state.pending.includes(h.name))) {
      const now = await db.transaction().execute(async (tx) => {
        const again = await tx
          .selectFrom('schema_migrations')
          .select('nome')
          .where('nome', '=', m.name)
          .executeTakeFirst();
        if (again) return false;
        const source = readFileSync(m.file, 'utf8');
        for (const statement of statementsOf(m, source, control.engine)) await sql.raw(statement).execute(tx);
        await tx
          .insertInto('schema_migrations')
          .values({ nome: m.name, aplicada_em: nowDate().toISOString(), checksum: migrationChecksum(source) })
          .execute();
        return true;
      });
      if (now) applied.push(m.name);
    }
    return applied;
  });
}

/** The migrations a control plane has applied (none when it was never migrated); it is read, never written. */
export async function appliedMigrations(q: ControlQuery, engine: Engine): Promise<string[]> {
  if ((await columnsOf(q, engine, 'schema_migrations')).length === 0) return [];
  return (await withBookkeeping(q).selectFrom('schema_migrations').select('nome').execute()).map((r) => r.nome);
}

/** Where a control plane stands against this version's history (`svc doctor`, `svc db copy`'s source). */
export async function schemaOf(control: ControlSql): Promise<SchemaState> {
  return schemaState(KNOWN_MIGRATIONS[control.engine], await appliedMigrations(control.db, control.engine));
}

/** A migration's statements as the engine runs them: comments dropped, split at each `;` outside quotes. */
function statementsOf(m: Migration, source: string, engine: Engine): string[] {
  const statements = splitStatements(source);
  return m.shared ? statements.map((s) => sharedStatement(engine, s)) : statements;
}

/**
 * The statements of a SQL script. Both engines run a migration statement by statement (SQLite prepares one at a
 * time); a script holds no trigger bodies or dollar quotes, which this does not parse.
 */
export function splitStatements(script: string): string[] {
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < script.length; i++) {
    const c = script[i] as string;
    if (c === '-' && script[i + 1] === '-') {
      while (i < script.length && script[i] !== '\n') i++;
      current += '\n';
    } else if (c === '/' && script[i + 1] === '*') {
      i = script.indexOf('*/', i + 2);
      if (i < 0) i = script.length;
      else i++;
      current += ' ';
    } else if (c === "'" || c === '"') {
      const end = script.indexOf(c, i + 1);
      const stop = end < 0 ? script.length : end;
      current += script.slice(i, stop + 1);
      i = stop;
    } else if (c === ';') {
      if (current.trim()) out.push(current.trim());
      current = '';
    } else current += c;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
