import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Counters } from '../../control/counters.js';
import type { DataDir } from '../../data-dir.js';
import { openForPublish } from '../publish-engine.js';
import { buildCandidate, type Candidate, type PublishRequest } from '../publish.js';
import { copySnapshot } from '../candidate-file.js';
import { readCurrentId, readManifest, snapshotFile } from '../snapshot-store.js';
import { diffFiles, type SnapshotDiff } from './diff.js';

export interface IngestPlan {
  plano: SnapshotDiff;
  candidate: Candidate;
}

/**
 * `svc ingest --dry-run`: builds the snapshot the ingest would publish, as the ingest does (buildCandidate:
 * load, derive, events in the live window), into a scratch copy outside the data dir, and diffs it against
 * the current one. Counters of its own: nothing is reserved in the control plane, nothing written in the data
 * dir. Ids of new records are the next ones after the current snapshot's; a real ingest may give others.
 */
export async function planIngest(dataDir: DataDir, request: PublishRequest): Promise<IngestPlan> {
  const parentId = readCurrentId(dataDir);
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-plano-'));
  const file = path.join(scratch, 'candidato.duckdb');
  try {
    if (parentId) copySnapshot(snapshotFile(dataDir, parentId), file);
    const { conn, close } = await openForPublish(file, parentId !== null);
    let candidate: Candidate;
    try {
      const parent = parentId ? { id: parentId, manifest: readManifest(dataDir, parentId) } : null;
      candidate = await buildCandidate(conn, scratchCounters(), request, parent);
      if (!candidate.nadaMudou) await conn.run('CHECKPOINT');
    } finally {
      await close();
    }
    const plano: SnapshotDiff = candidate.nadaMudou
      ? { de: parentId, para: null, totais: NO_CHANGES, eventos: { total: 0, por_tipo: {} }, campeonatos: [] }
      : {
          de: parentId,
          para: null,
          ...(await diffFiles(parentId ? snapshotFile(dataDir, parentId) : null, file, true)),
        };
    return { plano, candidate };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const NO_CHANGES = { partidas_adicionadas: 0, partidas_alteradas: 0, partidas_removidas: 0, posicoes: 0 };

/** Counters in memory, from zero: the candidate's ids start past its parent's (IdCounters' bounds). */
function scratchCounters(): Counters {
  const values = new Map<string, number>();
  return {
    reserve: async (name, count = 1) => {
      const first = (values.get(name) ?? 0) + 1;
      values.set(name, first + count - 1);
      return first;
    },
    lastValue: async (name) => values.get(name) ?? 0,
    lastValues: async (prefix) =>
      Object.fromEntries(
        [...values].filter(([name]) => name.startsWith(prefix)).map(([name, v]) => [name.slice(prefix.length), v]),
      ),
  };
}
