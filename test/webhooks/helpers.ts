import { DuckDBInstance } from '@duckdb/node-api';
import { sqliteSql } from '../../src/control/sql/control-sql.js';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { countersOn } from '../../src/control/counters.js';
import { openControlDb, type ControlDb } from '../../src/control/database.js';
import { EVENT_SEQ_COUNTER } from '../../src/control/outbox-cursor.js';
import type { DataDir } from '../../src/data-dir.js';

const SCHEMA_SQL = readFileSync(new URL('../../src/warehouse/sql/schema.sql', import.meta.url), 'utf8');

/** An account row as the API part stores it (table `contas`). */
export function createAccount(db: ControlDb, nome: string, plano: string, campeonatos: number[] | null = null): number {
  const now = new Date().toISOString();
  const row = db
    .prepare(
      'INSERT INTO contas (nome, plano, campeonatos, criada_em, atualizada_em) VALUES (?, ?, ?, ?, ?) RETURNING id',
    )
    .get(nome, plano, campeonatos === null ? null : JSON.stringify(campeonatos), now, now) as { id: number };
  return row.id;
}

export interface TestEvent {
  evento: string;
  campeonato_id: number;
  dados?: unknown;
}

/** The exact webhook body ingest writes into `outbox.corpo`. */
export function eventBody(e: TestEvent, geradoEm = '2026-11-22T15:00:00.000Z'): string {
  return JSON.stringify({
    evento: e.evento,
    gerado_em: geradoEm,
    dados: e.dados ?? { id: 1, campeonato_id: e.campeonato_id },
  });
}

/**
 * Publishes a snapshot the way ingest does (schema.sql, outbox rows with seqs from the control counter,
 * manifest, CURRENT) so the dispatcher reads a real DuckDB file. Returns the seqs.
 */
export async function publishSnapshot(dataDir: DataDir, events: readonly TestEvent[]): Promise<number[]> {
  const db = await openControlDb(dataDir.controlDb);
  const counters = countersOn(sqliteSql(db).db);
  const first = events.length ? await counters.reserve(EVENT_SEQ_COUNTER, events.length) : null;
  const id = String(await counters.reserve('snapshot_id')).padStart(8, '0');
  db.close();
  const tmp = path.join(dataDir.snapshotsDir, `.tmp-${id}.duckdb`);
  const instance = await DuckDBInstance.create(tmp);
  const conn = await instance.connect();
  await conn.run(SCHEMA_SQL);
  const seqs = events.map((_, i) => (first ?? 0) + i);
  for (const [i, e] of events.entries()) {
    await conn.run('INSERT INTO outbox VALUES ($1, $2, $3, NULL, $4, $5)', [
      seqs[i] ?? 0,
      e.evento,
      e.campeonato_id,
      '2026-11-22T15:00:00.000Z',
      eventBody(e),
    ]);
  }
  await conn.run('CHECKPOINT');
  conn.closeSync();
  instance.closeSync();
  const manifest = {
    id,
    // Each snapshot descends from the current one, as an ingest's copy does: the dispatcher reads the line.
    parent_id: existsSync(dataDir.currentFile) ? readFileSync(dataDir.currentFile, 'utf8').trim() : null,
    criado_em: new Date().toISOString(),
    tamanho_bytes: 0,
    contagens: {},
    eventos: { total: events.length, seq_inicio: first, seq_fim: first === null ? null : first + events.length - 1 },
    entradas: [],
  };
  writeFileSync(path.join(dataDir.snapshotsDir, `${id}.json`), JSON.stringify(manifest));
  renameSync(tmp, path.join(dataDir.snapshotsDir, `${id}.duckdb`));
  writeFileSync(`${dataDir.currentFile}.tmp`, `${id}\n`);
  renameSync(`${dataDir.currentFile}.tmp`, dataDir.currentFile);
  return seqs;
}
