import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DataDir } from '../../data-dir.js';
import { idSetMacro, queryRows, readSql } from '../duckdb-util.js';
import { copyTo, openQuerySnapshot, type CopyFormat } from '../query/snapshot-query.js';

/** Each exported resource: the file name and the table it comes from (lineups: the team rows and the players). */
export const EXPORTED = [
  'campeonatos',
  'partidas',
  'eventos',
  'escalacoes',
  'escalacao_jogadores',
  'estatisticas',
  'classificacao',
  'artilharia',
  'times',
  'jogadores',
] as const;
export type ExportedResource = (typeof EXPORTED)[number];

const RESOURCE_SQL = Object.fromEntries(
  EXPORTED.map((name) => [name, readSql(new URL(`./resources/${name}.sql`, import.meta.url))]),
) as Record<ExportedResource, string>;
const SCOPE_SQL = readSql(new URL('./resources/00-escopo.sql', import.meta.url));
const FIND_SQL = readSql(new URL('./find-championships.sql', import.meta.url));

export const EXPORT_MANIFEST = 'manifesto.json';

/** `--campeonato`/`--temporada` matched no championship of the snapshot. */
export class NothingToExportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NothingToExportError';
  }
}

/** The output folder cannot be made. */
export class ExportTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportTargetError';
  }
}

export interface ExportRequest {
  dataDir: DataDir;
  /** null: the current snapshot. */
  snapshotId: string | null;
  /** An id or a slug. */
  campeonato?: string;
  temporada?: string;
  format: CopyFormat;
  /** Created when missing; our files in it are replaced. */
  outputDir: string;
}

/** What `manifesto.json` holds (docs/data-engineers.md). */
export interface ExportManifest {
  snapshot_id: string;
  snapshot_criado_em: string;
  formato: CopyFormat;
  filtro: { campeonato: string | null; temporada: string | null };
  /** The championships exported; null when the export is complete (no filter). */
  campeonatos: number[] | null;
  arquivos: Record<ExportedResource, { arquivo: string; linhas: number }>;
}

/**
 * `svc export`: every resource of a snapshot (or of some championships) as files, each written by DuckDB's
 * `COPY` straight from the READ_ONLY snapshot, plus the manifest with the row counts.
 */
export async function exportSnapshot(req: ExportRequest): Promise<ExportManifest> {
  const outputDir = path.resolve(req.outputDir);
  const files = Object.fromEntries(EXPORTED.map((name) => [name, path.join(outputDir, `${name}.${req.format}`)]));
  try {
    mkdirSync(outputDir, { recursive: true });
  } catch (err) {
    throw new ExportTargetError(`não foi possível criar a pasta ${outputDir} (${(err as NodeJS.ErrnoException).code})`);
  }
  const snapshot = await openQuerySnapshot(req.dataDir, req.snapshotId, Object.values(files));
  try {
    const filtered = req.campeonato !== undefined || req.temporada !== undefined;
    let ids: number[] | null = null;
    if (filtered) {
      const found = await queryRows<{ id: number }>(snapshot.conn, FIND_SQL, [
        req.campeonato ?? null,
        req.temporada ?? null,
      ]);
      if (found.length === 0) throw new NothingToExportError(noMatch(req, snapshot.id));
      ids = found.map((r) => r.id);
    }
    await snapshot.conn.run(
      `${idSetMacro('no_escopo', ids ?? undefined)}
       CREATE OR REPLACE TEMP MACRO exportacao_completa() AS ${ids === null};
       ${SCOPE_SQL}`,
    );
    const arquivos = {} as ExportManifest['arquivos'];
    for (const name of EXPORTED) {
      const file = files[name] as string;
      arquivos[name] = {
        arquivo: path.basename(file),
        linhas: await copyTo(snapshot.conn, RESOURCE_SQL[name], file, req.format),
      };
    }
    const manifest: ExportManifest = {
      snapshot_id: snapshot.id,
      snapshot_criado_em: snapshot.manifest.criado_em,
      formato: req.format,
      filtro: { campeonato: req.campeonato ?? null, temporada: req.temporada ?? null },
      campeonatos: ids,
      arquivos,
    };
    writeFileSync(path.join(outputDir, EXPORT_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    snapshot.close();
  }
}

function noMatch(req: ExportRequest, snapshotId: string): string {
  const what = [
    req.campeonato !== undefined ? `campeonato "${req.campeonato}"` : null,
    req.temporada !== undefined ? `temporada "${req.temporada}"` : null,
  ].filter((s) => s !== null);
  return `nenhum campeonato com ${what.join(' e ')} no snapshot ${snapshotId}`;
}
