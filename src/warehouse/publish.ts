import { SNAPSHOT_FORMAT } from './format.js';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { DataDir } from '../data-dir.js';
import type { Counters } from '../control/counters.js';
import { EVENT_SEQ_COUNTER } from '../control/outbox-cursor.js';
import type { NamedFeed } from '../feeds/adapters/index.js';
import { validateFeeds } from '../feeds/validate-feed.js';
import { derive } from './derive.js';
import { idList, queryRows, readSql } from './duckdb-util.js';
import { guardSnapshotCounters, IdCounters, storedIdBounds } from './counter-guard.js';
import {
  captureState,
  changesOutsideWindow,
  detectEvents,
  type DetectedEvent,
  type OutsideWindow,
} from './events/detect.js';
import type { LiveWindow } from './events/live-window.js';
import { fsyncDir, writeFileAtomic } from './fs-durable.js';
import { candidateFile, type CopyAhead, copySnapshot, fsyncInBackground } from './candidate-file.js';
import type { Conflito } from './load/conflicts.js';
import { publishLiveList, withdrawLiveList } from './live-list.js';
import { loadFeeds } from './loader.js';
import { playersToResolve, resolvePeople, type PessoaAmbigua } from './people.js';
import { openForPublish } from './publish-engine.js';
import {
  formatSnapshotId,
  isOrphan,
  listSnapshots,
  manifestFile,
  readCurrentId,
  readHighestCurrent,
  readManifest,
  snapshotFile,
  writeCurrentId,
  type SnapshotManifest,
} from './snapshot-store.js';
import { storedKeyLookup } from './stored-keys.js';
import { SCHEMA_REVISION, upgradeSchema } from './schema-upgrade.js';
import { assignSiglas } from './siglas.js';
import { everything, type Alteracoes } from './touched.js';
import { isoWithOffset } from '../time.js';

const SCHEMA_SQL = readSql(new URL('./sql/schema.sql', import.meta.url));
const COUNTS_SQL = readSql(new URL('./sql/counts.sql', import.meta.url));
const OUTBOX_INSERT_SQL = readSql(new URL('./sql/outbox-insert.sql', import.meta.url));

export interface PublishRequest {
  feeds: readonly NamedFeed[];
  entradas: readonly string[];
  /** Load history without recording events (also implied on the first ingest). */
  backfill: boolean;
  /** Apply records that move a stored match back in time (loader.ts keepOutRegressions). */
  allowRegress?: boolean;
  now: Date;
  /** Events are recorded only for matches whose kick-off lies in this window around `now`. */
  liveWindow: LiveWindow;
  onStage?: (stage: string) => void;
  /** Awaited at each durability step (crash-safety tests stop the process there). */
  atStep?: PublishStepHook;
  /** Throws to refuse the checkpointed candidate file before anything names it (ingest.ts IngestInputs). */
  checkServable?: (file: string) => Promise<void>;
  /** Where a copy of the current snapshot made ahead of this publish is held (`svc ingest --follow`). */
  ahead?: CopyAhead;
}

/** The points of publishing that crash safety is tested at, in order ('locked' is the ingest's, just before). */
export const PUBLISH_STEPS = [
  'locked',
  'copied',
  'loading',
  'loaded',
  'checkpointed',
  'manifest',
  'renamed',
  'current',
] as const;
export type PublishStep = (typeof PUBLISH_STEPS)[number];
export type PublishStepHook = (step: PublishStep) => Promise<void> | void;

interface PublishFindings {
  avisos: string[];
  conflitos: Conflito[];
  /** Player records left people of their own because several people could own them (people.ts). */
  pessoasAmbiguas: PessoaAmbigua[];
}

export type PublishResult =
  | ({
      nadaMudou: false;
      manifest: SnapshotManifest;
      eventos: DetectedEvent[];
      /** Changed matches the live window left without events (null: none, or no events were recorded at all). */
      foraDaJanela: OutsideWindow | null;
    } & PublishFindings)
  /** The load changed no stored row: nothing was published, `CURRENT` still names `atual`. */
  | ({ nadaMudou: true; atual: string } & PublishFindings);

/**
 * Publishes a new snapshot: copy-on-write from the current one into a temp file, one transaction (load,
 * derive, events, outbox), checkpoint, close, fsync, manifest, rename, fsync dir, then the atomic
 * `CURRENT`. The caller holds the ingest lock (the data dir's and the control plane's); `counters` are the
 * control plane's. A failure before the rename leaves only a temp file, removed here or by the next ingest.
 * A load that changes nothing is rolled back and the temp copy discarded: no snapshot, no snapshot number
 * consumed.
 */
export async function publishSnapshot(
  dataDir: DataDir,
  counters: Counters,
  request: PublishRequest,
): Promise<PublishResult> {
  const stage = request.onStage ?? (() => undefined);
  const reach = async (step: PublishStep): Promise<void> => request.atStep?.(step);
  mkdirSync(dataDir.snapshotsDir, { recursive: true, mode: 0o700 });
  const tmp = candidateFile(dataDir);
  // A copy made ahead lives in the candidate file: not debris to this publish.
  removeLeftovers(dataDir, request.ahead ? tmp : null);
  await guardSnapshotCounters(dataDir, counters);
  const parentId = readCurrentId(dataDir);
  const ahead = (await request.ahead?.take(parentId)) ?? null;

  if (parentId && !ahead) copySnapshot(snapshotFile(dataDir, parentId), tmp);
  await reach('copied');
  // The copy's pages reach the disk while the update runs, so the commit's fsync writes only what changed.
  const copyFlushed = ahead?.flushed ?? (parentId ? fsyncInBackground(tmp) : Promise.resolve());
  const { conn, close } = ahead?.publish ?? (await openForPublish(tmp, parentId !== null));
  // The snapshot whose live list this round wrote ahead of it (withdrawn if the round fails).
  let listed: string | null = null;
  try {
    const parent = parentId ? { id: parentId, manifest: readManifest(dataDir, parentId) } : null;
    const built = await buildCandidate(conn, counters, request, parent, {
      reach,
      listLive: async (candidate, id) => {
        if (!parentId) return;
        await publishLiveList(dataDir, candidate, { base: parentId, snapshot: id });
        listed = id;
      },
      // The copy's pages must be on disk before the commit makes the file a snapshot.
      beforeCommit: () => copyFlushed,
    });
    if (built.nadaMudou) {
      await close();
      await copyFlushed.catch(() => undefined);
      rmSync(tmp, { force: true });
      return {
        nadaMudou: true,
        atual: parentId as string,
        avisos: built.avisos,
        conflitos: built.conflitos,
        pessoasAmbiguas: [],
      };
    }
    const { id, eventos, foraDaJanela, seqs, idsMaximos, alteracoes } = built;
    stage('publicar');
    const contagens = Object.fromEntries(
      (await queryRows<{ tabela: string; n: number }>(conn, COUNTS_SQL)).map((r) => [r.tabela, r.n]),
    );
    // No CHECKPOINT: the COMMIT has checkpointed into the file (publish-engine.ts), which holds no WAL.
    await close();
    // The file reaches the disk while the check loads it.
    const flushed = fsyncInBackground(tmp);
    const linhas = Object.values(contagens).reduce((a, b) => a + b, 0);
    const servivel = await checkedServable(request, tmp, id, linhas, alteracoes, parent?.manifest ?? null);
    await flushed;
    await reach('checkpointed');

    const manifest: SnapshotManifest = {
      id,
      parent_id: parentId,
      criado_em: request.now.toISOString(),
      tamanho_bytes: statSync(tmp).size,
      contagens,
      ids_maximos: idsMaximos,
      eventos: { total: eventos.length, seq_inicio: seqs.inicio, seq_fim: seqs.fim },
      entradas: [...request.entradas],
      alteracoes,
      ...(servivel && { servivel }),
      esquema: SCHEMA_REVISION,
    };
    writeFileAtomic(manifestFile(dataDir, id), `${JSON.stringify(manifest, null, 2)}\n`);
    await reach('manifest');
    renameSync(tmp, snapshotFile(dataDir, id));
    fsyncDir(dataDir.snapshotsDir);
    await reach('renamed');
    writeCurrentId(dataDir, id);
    await reach('current');
    return {
      nadaMudou: false,
      manifest,
      avisos: built.avisos,
      conflitos: built.conflitos,
      pessoasAmbiguas: built.pessoasAmbiguas,
      eventos,
      foraDaJanela,
    };
  } catch (err) {
    await close().catch(() => undefined);
    await copyFlushed.catch(() => undefined);
    rmSync(tmp, { force: true });
    rmSync(`${tmp}.wal`, { force: true });
    if (listed !== null) withdrawLiveList(dataDir, (list) => list.snapshot === listed);
    throw err;
  }
}

/** What building a candidate snapshot in a file produced (see buildCandidate). */
export type Candidate =
  | { nadaMudou: true; avisos: string[]; conflitos: Conflito[] }
  | {
      nadaMudou: false;
      id: string;
      avisos: string[];
      conflitos: Conflito[];
      pessoasAmbiguas: PessoaAmbigua[];
      eventos: DetectedEvent[];
      foraDaJanela: OutsideWindow | null;
      seqs: { inicio: number | null; fim: number | null };
      idsMaximos: Record<string, number>;
      alteracoes: Alteracoes;
    };

/**
 * Loads the feeds into the candidate open on `conn` (a copy of `parent`, or empty) in one transaction: load,
 * derive, events, outbox, meta; `COMMIT`. A load that changes nothing is rolled back. Shared by publishing and
 * by the dry run's plan (which passes counters of its own, so nothing is reserved in the control plane).
 */
export async function buildCandidate(
  conn: DuckDBConnection,
  counters: Counters,
  request: PublishRequest,
  /** The snapshot `conn` is a copy of (its manifest, when readable, bounds the ids it holds); null: empty. */
  parent: { id: string; manifest: SnapshotManifest | null } | null,
  hooks: {
    reach?: (step: PublishStep) => Promise<void>;
    /**
     * Once, in the candidate's transaction, when the matches changed: as soon as they are written if nothing after
     * them can change how they read (loader.ts afterMatches), else after the load stage. `id`: the snapshot it will be.
     */
    listLive?: (conn: DuckDBConnection, id: string) => Promise<void>;
    beforeCommit?: () => Promise<void>;
  } = {},
): Promise<Candidate> {
  const stage = request.onStage ?? (() => undefined);
  const ids = await IdCounters.open(counters, parent ? await storedIdBounds(conn, parent.manifest) : {});
  const upgraded = parent ? await upgradeSchema(conn, parent.manifest?.esquema) : false;
  if (!parent) await conn.run(SCHEMA_SQL);
  stage('validar');
  const storedIds = await validateFeeds(request.feeds, storedKeyLookup(parent ? conn : null));
  const recordEvents = parent !== null && !request.backfill;
  // Committed once, before any snapshot or live list holding these ids can be seen; also repairs counters found
  // behind the parent. The snapshot's id is reserved once there is something to publish.
  let idsMaximos: Record<string, number> | null = null;
  let id: string | null = null;
  let listed = false;
  const listLive = async (): Promise<void> => {
    idsMaximos ??= await ids.commit();
    id ??= formatSnapshotId(await counters.reserve('snapshot_id'));
    await hooks.listLive?.(conn, id);
    listed = true;
  };

  await conn.run('BEGIN TRANSACTION');
  stage('carregar');
  const load = await loadFeeds(conn, request.feeds, {
    allocate: ids.allocate,
    now: request.now,
    storedIds,
    emptyStore: parent === null,
    allowRegress: request.allowRegress,
    beforeWrite: recordEvents ? (partidaIds) => captureState(conn, partidaIds) : undefined,
    afterMatches: hooks.listLive && parent !== null && !upgraded ? listLive : undefined,
  });
  // Before derive and event detection, which read the siglas. A sigla changed on a team the feeds did not
  // send (the rule yielding to a source's new sigla; rare) is outside the recorded changes: serve it afresh.
  const siglas = load.escritas.includes('times') ? await assignSiglas(conn) : [];
  let alteracoes = upgraded || siglas.some((t) => !load.alteracoes.times.includes(t)) ? everything() : load.alteracoes;
  await hooks.reach?.('loading');
  idsMaximos ??= await ids.commit();
  if (parent !== null && !load.mudou && !upgraded) {
    await conn.run('ROLLBACK');
    return { nadaMudou: true, avisos: load.avisos, conflitos: load.conflitos };
  }
  if (!listed && hooks.listLive && (alteracoes.completo || alteracoes.partidas.length > 0)) await listLive();
  id ??= formatSnapshotId(await counters.reserve('snapshot_id'));
  stage('derivar');
  // Only the names the load touched, but all after an upgrade, a first load or tombstones (which unlink
  // players the loader never staged).
  const everyone = upgraded || parent === null || load.escritas.includes('remocoes');
  const tocados = everyone ? [] : await playersToResolve(conn, load.jogadoresTocados, load.alteracoes.partidas);
  const people =
    everyone || tocados.length > 0
      ? await resolvePeople(conn, everyone ? undefined : tocados)
      : { alterados: [], campeonatoIds: [], ambiguas: [] };
  if (people.ambiguas.length > 0)
    load.avisos.push(
      `${people.ambiguas.length} jogadores com o nome de mais de uma pessoa possível ficaram separados (--json: pessoas_ambiguas)`,
    );
  if (people.alterados.length > 0 && !alteracoes.completo)
    alteracoes = {
      ...alteracoes,
      jogadores: [...new Set([...alteracoes.jogadores, ...people.alterados])].sort((a, b) => a - b),
    };
  // Over an empty store every derived row is new: all steps run (there is nothing to compare with). People
  // who changed change the top scorers of every championship they scored in.
  await derive(
    conn,
    [...new Set([...load.campeonatoIds, ...people.campeonatoIds])],
    parent === null ? undefined : people.alterados.length > 0 ? [...load.escritas, 'jogadores'] : load.escritas,
  );
  const eventos = recordEvents ? await detectEvents(conn, request.now, request.liveWindow) : [];
  const foraDaJanela = recordEvents ? await changesOutsideWindow(conn, request.now, request.liveWindow) : null;
  const outbox = await outboxRows(counters, eventos, request.now);
  const { seqs } = outbox;
  // One run of our own values for what every publish rewrites: what a customer reads as "when did this
  // championship's data last move" (the coverage endpoint), the outbox emptied (it holds only the events of the
  // ingest that made this snapshot) and the snapshot's meta; then the events' rows, bound.
  await conn.run(
    [
      `UPDATE campeonatos SET atualizado_em = '${isoWithOffset(request.now)}' WHERE id IN (${idList(load.campeonatoIds)});`,
      'DELETE FROM outbox;',
      metaSql({
        snapshot_id: id,
        parent_id: parent?.id ?? null,
        criado_em: request.now.toISOString(),
        schema_version: SNAPSHOT_FORMAT,
        seq_inicio: seqs.inicio,
        seq_fim: seqs.fim,
      }),
    ].join('\n'),
  );
  if (outbox.rows.length > 0) await conn.run(OUTBOX_INSERT_SQL, [JSON.stringify(outbox.rows)]);
  await hooks.beforeCommit?.();
  await conn.run('COMMIT');
  await hooks.reach?.('loaded');
  return {
    nadaMudou: false,
    id,
    avisos: load.avisos,
    conflitos: load.conflitos,
    pessoasAmbiguas: people.ambiguas,
    eventos,
    foraDaJanela,
    seqs,
    idsMaximos,
    alteracoes,
  };
}

/**
 * Growth since the last snapshot loaded whole that is checked again: a tenth of its rows, and never more than 20,000
 * (rows, not bytes: copy-on-write grows the file at every publish; a row's strings are bounded by the feed limits).
 */
const SERVABLE_GROWTH = { ratio: 0.1, rows: 20_000 };

/**
 * Loads the candidate as a server would (`checkServable`) unless it grew from a checked ancestor by little: loading
 * the global part costs ~0.5 s at 10× history, which every live step would pay for a change of a few rows. A
 * complete reload, a first snapshot or growth past SERVABLE_GROWTH since the last check loads it; the check's
 * record passes down the line (`servivel`).
 */
async function checkedServable(
  request: PublishRequest,
  file: string,
  id: string,
  linhas: number,
  alteracoes: Alteracoes,
  parent: SnapshotManifest | null,
): Promise<SnapshotManifest['servivel']> {
  if (!request.checkServable) return parent?.servivel;
  const last = parent?.servivel;
  const grew = last ? linhas - last.linhas : Number.POSITIVE_INFINITY;
  if (last && !alteracoes.completo && grew <= Math.min(SERVABLE_GROWTH.ratio * last.linhas, SERVABLE_GROWTH.rows))
    return last;
  await request.checkServable(file);
  return { snapshot: id, linhas };
}

/** The outbox rows of these events, numbered from seqs reserved in the control plane (none without events). */
async function outboxRows(
  counters: Counters,
  eventos: readonly DetectedEvent[],
  now: Date,
): Promise<{ seqs: { inicio: number | null; fim: number | null }; rows: Record<string, unknown>[] }> {
  if (eventos.length === 0) return { seqs: { inicio: null, fim: null }, rows: [] };
  const inicio = await counters.reserve(EVENT_SEQ_COUNTER, eventos.length);
  const geradoEm = isoWithOffset(now);
  const rows = eventos.map((e, i) => ({
    seq: inicio + i,
    evento: e.evento,
    campeonato_id: e.campeonato_id,
    partida_id: e.partida_id,
    gerado_em: geradoEm,
    // Serialised once here: every delivery of this event sends exactly these bytes.
    corpo: JSON.stringify({ evento: e.evento, gerado_em: geradoEm, dados: e.dados }),
  }));
  return { seqs: { inicio, fim: inicio + eventos.length - 1 }, rows };
}

/** The statements that replace snapshot_meta: a handful of our own values (ids, instants, numbers), quoted. */
function metaSql(meta: Record<string, string | number | null>): string {
  const text = (v: string | number) => `'${String(v).replaceAll("'", "''")}'`;
  const rows = Object.entries(meta).filter((entry): entry is [string, string | number] => entry[1] !== null);
  return `DELETE FROM snapshot_meta; INSERT INTO snapshot_meta VALUES ${rows.map(([k, v]) => `(${text(k)}, ${text(v)})`).join(', ')};`;
}

/**
 * Debris of a crashed ingest (the caller holds the lock, so nobody else is writing): temp files, a
 * manifest whose snapshot was never renamed into place, a snapshot whose manifest retention already
 * removed, a snapshot renamed into place whose ingest died before switching `CURRENT` (an orphan: its
 * events were never delivered, and the next ingest detects the same changes again from `CURRENT`), a live
 * list whose snapshot was never published. The current snapshot is never touched, nor `keep` (a copy made ahead).
 */
export function removeLeftovers(dataDir: DataDir, keep: string | null = null): void {
  const current = readCurrentId(dataDir);
  // A live list still on the current snapshot: its writer died before publishing.
  withdrawLiveList(dataDir, (list) => list.base === current);
  const highest = readHighestCurrent(dataDir);
  let names: string[];
  try {
    names = readdirSync(dataDir.snapshotsDir);
  } catch {
    return;
  }
  const has = new Set(names);
  for (const name of names.sort()) {
    const id = name.slice(0, 8);
    const orphanManifest = /^\d{8}\.json$/.test(name) && !has.has(`${id}.duckdb`);
    const orphanSnapshot = /^\d{8}\.duckdb$/.test(name) && (!has.has(`${id}.json`) || isOrphan(id, current, highest));
    if (orphanSnapshot && has.has(`${id}.json`)) {
      // Manifest first, as retention does: the snapshot leaves listings at once.
      rmSync(manifestFile(dataDir, id), { force: true });
      has.delete(`${id}.json`);
    }
    if (
      (name.startsWith('.tmp-') && path.join(dataDir.snapshotsDir, name) !== keep) ||
      ((orphanManifest || orphanSnapshot) && id !== current) ||
      name.includes('.json.tmp-')
    ) {
      rmSync(path.join(dataDir.snapshotsDir, name), { force: true });
    }
  }
}

/** Snapshots retention may delete: beyond the newest `keep`, never the current one, never unconsumed events. */
export function applyRetention(dataDir: DataDir, keep: number, cursor: number | null): string[] {
  const current = readCurrentId(dataDir);
  const all = listSnapshots(dataDir);
  const removed: string[] = [];
  for (const m of all.slice(0, Math.max(0, all.length - keep))) {
    if (m.id === current) continue;
    if (cursor !== null && m.eventos.seq_fim !== null && m.eventos.seq_fim > cursor) continue;
    // Manifest first: the snapshot leaves listings at once; a crash leaves a file the next ingest removes.
    rmSync(manifestFile(dataDir, m.id), { force: true });
    rmSync(snapshotFile(dataDir, m.id), { force: true });
    removed.push(m.id);
  }
  if (removed.length > 0) fsyncDir(dataDir.snapshotsDir);
  return removed;
}
