import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { DataDir } from '../data-dir.js';
import { fsyncDir, writeFileAtomic } from './fs-durable.js';
import { ID_DIGITS, parseSnapshotId } from './snapshot-id.js';
import type { Alteracoes } from './touched.js';

/** docs/internals.md "Data dir". */
export interface SnapshotManifest {
  id: string;
  parent_id: string | null;
  criado_em: string;
  tamanho_bytes: number;
  contagens: Record<string, number>;
  /** Per entity, an upper bound of the internal ids it holds (absent in manifests written before 2026-11-25). */
  ids_maximos?: Record<string, number>;
  eventos: { total: number; seq_inicio: number | null; seq_fim: number | null };
  entradas: string[];
  /** What the ingest that made it changed (absent in manifests written before 2026-11-25: treat as everything). */
  alteracoes?: Alteracoes;
  /**
   * The last snapshot of its line loaded whole as a server loads it (publish.ts, `checkServable`) and its rows (the
   * sum of `contagens`): this one, or an ancestor it grew from by little. Absent: never checked.
   */
  servivel?: { snapshot: string; linhas: number };
  /** Its tables' revision (schema-upgrade.ts SCHEMA_REVISION; absent in manifests written before 2026-11-27: checked). */
  esquema?: number;
}

// The ids' own module has no DuckDB import, for commands that only parse an id (svc tui).
export { formatSnapshotId, parseSnapshotId } from './snapshot-id.js';

export function snapshotFile(dataDir: DataDir, id: string): string {
  return path.join(dataDir.snapshotsDir, `${id}.duckdb`);
}

export function manifestFile(dataDir: DataDir, id: string): string {
  return path.join(dataDir.snapshotsDir, `${id}.json`);
}

/** The current snapshot's id, or null before the first ingest. */
export function readCurrentId(dataDir: DataDir): string | null {
  try {
    return parseSnapshotId(readFileSync(dataDir.currentFile, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Holds the highest snapshot id that has ever been current. A snapshot above it that is not current never
 * became current: its ingest died between renaming it into place and switching `CURRENT` (an orphan).
 */
function highestCurrentFile(dataDir: DataDir): string {
  return path.join(dataDir.root, 'CURRENT.max');
}

/** The highest id that has been current; for a data dir older than the file, the highest id present. */
export function readHighestCurrent(dataDir: DataDir): string | null {
  try {
    return parseSnapshotId(readFileSync(highestCurrentFile(dataDir), 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    const ids = snapshotIds(dataDir);
    return ids.length > 0 ? ids[ids.length - 1]! : null;
  }
}

/** Points `CURRENT` at a published snapshot (write temp + fsync + rename + fsync dir), then raises `CURRENT.max`. */
export function writeCurrentId(dataDir: DataDir, id: string): void {
  const highest = existsSync(highestCurrentFile(dataDir)) ? readHighestCurrent(dataDir) : null;
  writeFileAtomic(dataDir.currentFile, `${id}\n`);
  // A crash here leaves CURRENT.max behind CURRENT: harmless, the current snapshot is never an orphan.
  if (highest === null || id > highest) writeFileAtomic(highestCurrentFile(dataDir), `${id}\n`);
  fsyncDir(dataDir.root);
}

/** Whether a snapshot never became current (see `highestCurrentFile`). */
export function isOrphan(id: string, current: string | null, highest: string | null): boolean {
  return id !== current && highest !== null && id > highest;
}

export function readManifest(dataDir: DataDir, id: string): SnapshotManifest | null {
  try {
    return JSON.parse(readFileSync(manifestFile(dataDir, id), 'utf8')) as SnapshotManifest;
  } catch {
    return null;
  }
}

function snapshotIds(dataDir: DataDir): string[] {
  if (!existsSync(dataDir.snapshotsDir)) return [];
  return readdirSync(dataDir.snapshotsDir)
    .filter((f) => /^\d{8}\.duckdb$/.test(f))
    .map((f) => f.slice(0, ID_DIGITS))
    .sort();
}

/**
 * Published snapshots (file and manifest both present), oldest first; orphans (never current) only when
 * asked — the id guards must see every seq and id a file holds.
 */
export function listSnapshots(dataDir: DataDir, o: { orphans?: boolean } = {}): SnapshotManifest[] {
  const current = readCurrentId(dataDir);
  const highest = o.orphans ? null : readHighestCurrent(dataDir);
  return snapshotIds(dataDir)
    .filter((id) => o.orphans || !isOrphan(id, current, highest))
    .map((id) => readManifest(dataDir, id))
    .filter((m): m is SnapshotManifest => m !== null);
}

/**
 * The current line: `CURRENT` (or `head`) and its ancestors (by `parent_id`) that still exist, newest first. Only
 * their events are sent (`outbox-reader.ts`): a snapshot off the line never became current, or a rollback left it
 * behind.
 */
export function currentLine(dataDir: DataDir, head: string | null = readCurrentId(dataDir)): SnapshotManifest[] {
  const line: SnapshotManifest[] = [];
  let id = head;
  while (id !== null) {
    const m = readManifest(dataDir, id);
    if (!m) break;
    line.push(m);
    id = m.parent_id;
  }
  return line;
}

export interface OpenSnapshot {
  id: string;
  instance: DuckDBInstance;
  connection: DuckDBConnection;
  close(): void;
}

/** Opens a published snapshot (the current one by default) read-only; null when there is none. */
export async function openSnapshotReadOnly(
  dataDir: DataDir,
  id = readCurrentId(dataDir),
): Promise<OpenSnapshot | null> {
  if (id === null) return null;
  const instance = await DuckDBInstance.create(snapshotFile(dataDir, id), { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  return {
    id,
    instance,
    connection,
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}
