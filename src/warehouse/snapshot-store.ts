import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { DataDir } from '../data-dir.js';
import { fsyncDir, writeFileAtomic } from './fs-durable.js';
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
}

const ID_DIGITS = 8;

export function formatSnapshotId(n: number): string {
  return String(n).padStart(ID_DIGITS, '0');
}

/** Accepts `42` or `00000042`; null when the text is not a snapshot id. */
export function parseSnapshotId(text: string): string | null {
  return /^\d{1,8}$/.test(text.trim()) ? formatSnapshotId(Number(text.trim())) : null;
}

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

/** Points `CURRENT` at a published snapshot (write temp + fsync + rename + fsync dir). */
export function writeCurrentId(dataDir: DataDir, id: string): void {
  writeFileAtomic(dataDir.currentFile, `${id}\n`);
  fsyncDir(dataDir.root);
}

export function readManifest(dataDir: DataDir, id: string): SnapshotManifest | null {
  try {
    return JSON.parse(readFileSync(manifestFile(dataDir, id), 'utf8')) as SnapshotManifest;
  } catch {
    return null;
  }
}

/** Published snapshots (file and manifest both present), oldest first. */
export function listSnapshots(dataDir: DataDir): SnapshotManifest[] {
  if (!existsSync(dataDir.snapshotsDir)) return [];
  return readdirSync(dataDir.snapshotsDir)
    .filter((f) => /^\d{8}\.duckdb$/.test(f))
    .map((f) => readManifest(dataDir, f.slice(0, ID_DIGITS)))
    .filter((m): m is SnapshotManifest => m !== null)
    .sort((a, b) => a.id.localeCompare(b.id));
}

export interface OpenSnapshot {
  id: string;
  instance: DuckDBInstance;
  connection: DuckDBConnection;
  close(): void;
}

/** Opens a published snapshot (the current one by default) read-only; null when there is none. */
export async function openSnapshotReadOnly(dataDir: DataDir, id = readCurrentId(dataDir)): Promise<OpenSnapshot | null> {
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
