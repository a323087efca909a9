import { asDiskFull } from './disk-full.js';
import { nowDate, systemClock, type Clock } from '../clock.js';
import type { DataDir } from '../data-dir.js';
import type { ControlPlane } from '../control/control-plane.js';
import { FEED_COLLECTIONS, type Feed } from '../feeds/canonical.js';
import { groupInputs, readGroups, type NamedFeed } from '../feeds/adapters/index.js';
import type { AdapterOptions } from '../feeds/adapters/types.js';
import { readInputs, type FetchOptions, type ReadInputs } from '../feeds/inputs.js';
import { DEFAULT_LIVE_WINDOW, type LiveWindow } from './events/live-window.js';
import { acquireIngestLock, IngestLockedError } from './ingest-lock.js';
import type { OutsideWindow } from './events/detect.js';
import { collapseTolerated, type Conflito, type ConflitosTolerados } from './load/conflicts.js';
import { type Entidade, ENTIDADES } from './touched.js';
import type { PessoaAmbigua } from './people.js';
import { applyRetention, publishSnapshot, type PublishStepHook } from './publish.js';
import { warmPublishEngine } from './publish-engine.js';
import type { CopyAhead } from './candidate-file.js';
import { readManifest, type SnapshotManifest } from './snapshot-store.js';
import { planIngest } from './diff/plan.js';
import type { SnapshotDiff } from './diff/diff.js';

export const DEFAULT_KEEP = 10;
/** More webhook events than this from one ingest is worth a warning: likely history loaded without --backfill. */
export const DEFAULT_EVENT_WARNING = 500;

/** What every ingest reads, publishing or not. */
export interface IngestInputs {
  dataDir: DataDir;
  /** Files, folders or `https://` URLs. */
  inputs: readonly string[];
  /** Their contents, when the caller has already read them (`svc ingest --follow` reads to compare first). */
  read?: ReadInputs;
  /** Forces an adapter instead of detection. */
  format?: string;
  /** Load without recording events (history). */
  backfill?: boolean;
  /** Apply records that move a stored match back in time (loader.ts keepOutRegressions). */
  allowRegress?: boolean;
  /** Snapshots to keep (retention). */
  keep?: number;
  adapterOptions?: AdapterOptions;
  fetch?: FetchOptions;
  /** Time for the lock's lease and, unless `now` is given, the ingest's instant (default: the system clock). */
  clock?: Clock;
  /** The ingest's instant, pinned (`--now`): the live window is centred on it (default: the clock's). */
  now?: Date;
  liveWindow?: LiveWindow;
  /** Warn when one ingest records more webhook events than this (default DEFAULT_EVENT_WARNING). */
  eventWarning?: number;
  /** Called as the ingest moves through its stages (progress display). */
  onStage?: (stage: string, index: number, total: number) => void;
  /** Awaited at each durability step of publishing (crash-safety tests stop the process there). */
  atStep?: PublishStepHook;
  /** Refuses (throws) a candidate snapshot file the server could not load (api/snapshot/servable.ts; the CLI passes it). */
  checkServable?: (file: string) => Promise<void>;
  /** Holds a copy of the current snapshot made ahead of this ingest (`svc ingest --follow` makes one between rounds). */
  ahead?: CopyAhead;
}

/** The part of the control plane an ingest uses: counters, the dispatcher cursor (retention), the cluster lock. */
export type IngestControl = Pick<ControlPlane, 'counters' | 'cursor' | 'tryIngestLock'>;

/** A publishing ingest takes the control plane, opened and closed by the caller; a dry run needs none. */
export type IngestOptions = IngestInputs & ({ dryRun?: false; control: IngestControl } | { dryRun: true });

export interface IngestSummary {
  /** The published snapshot (the current one, kept, when nothing changed), null for a dry run. */
  snapshot_id: string | null;
  /** The input changed no stored record: nothing was published, `snapshot_id` is the current snapshot. */
  nada_mudou: boolean;
  /** Records read per collection (all feeds of the run), plus `feeds`: several may be one stored record. */
  contagens: Record<string, number>;
  /** Rows per table in the snapshot now current (the published one, or the one kept); empty for a dry run. */
  gravados: Record<string, number>;
  /**
   * Stored records this ingest added or changed, per entity (the manifest's `alteracoes`); `completo`: the
   * ingest changes everything (a first load, tombstones), counted then as every stored record.
   */
  alterados: { completo: boolean } & Record<Entidade, number>;
  /**
   * Webhook events recorded; `acima_do_limite` when `total` exceeds `limite_aviso`; `fora_da_janela`: the changed
   * matches that got none because they kick off outside the live window (null when there are none).
   */
  eventos: {
    total: number;
    seq_inicio: number | null;
    seq_fim: number | null;
    por_tipo: Record<string, number>;
    limite_aviso: number;
    acima_do_limite: boolean;
    fora_da_janela: OutsideWindow | null;
  };
  avisos: string[];
  /** Facts two sources give differently for the same match, and which one is kept (load/conflicts.ts). */
  conflitos: Conflito[];
  /** Conflicts within a field's tolerance (kick-offs a few minutes apart), one line per field with a count. */
  conflitos_tolerados: ConflitosTolerados[];
  /** Player records that more than one person could own, left apart instead of guessed (people.ts). */
  pessoas_ambiguas: PessoaAmbigua[];
  duracao_ms: number;
  dry_run: boolean;
  /** A dry run's plan: what the ingest would change against the current snapshot (absent otherwise). */
  plano?: SnapshotDiff;
  /** Snapshots deleted by retention. */
  removidos: string[];
}

export const INGEST_STAGES = ['ler', 'validar', 'carregar', 'derivar', 'publicar'] as const;

/**
 * `svc ingest` as a library call: read and validate the inputs, then (unless dry run) publish a new
 * snapshot under the ingest lock and apply retention. Throws FeedRejectedError, FeedUnreachableError,
 * UnknownFormatError or IngestLockedError for expected failures; nothing is published then.
 */
export async function ingest(options: IngestOptions): Promise<IngestSummary> {
  const started = performance.now();
  const stage = (name: string): void =>
    options.onStage?.(name, INGEST_STAGES.indexOf(name as (typeof INGEST_STAGES)[number]), INGEST_STAGES.length);
  stage('ler');
  // DuckDB's engine is created on another thread while the inputs are read and checked.
  warmPublishEngine();
  const { files, fromFolder } = options.read ?? (await readInputs(options.inputs, options.fetch));
  const { groups, skipped } = groupInputs(files, { format: options.format, fromFolder });
  const feeds = readGroups(groups, options.adapterOptions ?? {});
  const avisos = skipped.map((f) => `arquivo ignorado (formato não reconhecido): ${f}`);
  const limite = options.eventWarning ?? DEFAULT_EVENT_WARNING;
  const noEvents = { total: 0, seq_inicio: null, seq_fim: null, por_tipo: {}, fora_da_janela: null };
  const summary = (o: {
    snapshotId: string | null;
    eventos?: Omit<IngestSummary['eventos'], 'limite_aviso' | 'acima_do_limite'>;
    removidos?: string[];
    conflitos?: readonly Conflito[];
    nadaMudou?: boolean;
    pessoasAmbiguas?: PessoaAmbigua[];
    manifest?: SnapshotManifest;
  }): IngestSummary => {
    const eventos = o.eventos ?? noEvents;
    const gravados = o.manifest?.contagens ?? {};
    const alteracoes = o.nadaMudou ? undefined : o.manifest?.alteracoes;
    const alterados = { completo: alteracoes?.completo ?? false } as IngestSummary['alterados'];
    for (const e of ENTIDADES) alterados[e] = alteracoes?.completo ? (gravados[e] ?? 0) : (alteracoes?.[e].length ?? 0);
    return {
      snapshot_id: o.snapshotId,
      nada_mudou: o.nadaMudou === true,
      contagens: countRecords(feeds),
      gravados,
      alterados,
      eventos: { ...eventos, limite_aviso: limite, acima_do_limite: eventos.total > limite },
      avisos,
      ...(({ conflitos, tolerados }) => ({ conflitos, conflitos_tolerados: tolerados }))(
        collapseTolerated(o.conflitos ?? []),
      ),
      pessoas_ambiguas: o.pessoasAmbiguas ?? [],
      duracao_ms: Math.round(performance.now() - started),
      dry_run: options.dryRun === true,
      removidos: o.removidos ?? [],
    };
  };

  const clock = options.clock ?? systemClock;
  const request = {
    feeds,
    entradas: options.inputs,
    backfill: options.backfill === true,
    allowRegress: options.allowRegress === true,
    now: options.now ?? nowDate(clock),
    liveWindow: options.liveWindow ?? DEFAULT_LIVE_WINDOW,
    onStage: stage,
  };
  if (options.dryRun) {
    // No lock: the plan reads the current snapshot (immutable) and writes only a scratch copy elsewhere.
    const { plano, candidate } = await planIngest(options.dataDir, request);
    avisos.push(...candidate.avisos);
    const eventos = candidate.nadaMudou
      ? noEvents
      : {
          ...noEvents,
          total: plano.eventos?.total ?? 0,
          por_tipo: plano.eventos?.por_tipo ?? {},
          fora_da_janela: candidate.foraDaJanela,
        };
    return {
      ...summary({ snapshotId: null, eventos, conflitos: candidate.conflitos, nadaMudou: candidate.nadaMudou }),
      plano,
    };
  }

  const { control } = options;
  const release = acquireIngestLock(options.dataDir, clock);
  try {
    // One ingest at a time across every host sharing the control plane: they share its id counters.
    const cluster = await control.tryIngestLock();
    if (!cluster)
      throw new IngestLockedError(null, null, 'em outro nó ou diretório de dados com o mesmo plano de controle');
    try {
      await options.atStep?.('locked');
      // Read before publishing, so that once CURRENT is replaced nothing needs the control plane: a server lost
      // then would fail an ingest that did publish. An earlier cursor only keeps more snapshots.
      const consumed = await control.cursor.get();
      const result = await publishSnapshot(options.dataDir, control.counters, {
        ...request,
        atStep: options.atStep,
        checkServable: options.checkServable,
        ahead: options.ahead,
      }).catch((err: unknown) => {
        throw asDiskFull(err, options.dataDir.snapshotsDir);
      });
      avisos.push(...result.avisos);
      if (result.nadaMudou)
        return summary({
          snapshotId: result.atual,
          conflitos: result.conflitos,
          nadaMudou: true,
          manifest: readManifest(options.dataDir, result.atual) ?? undefined,
        });
      const removidos = applyRetention(options.dataDir, options.keep ?? DEFAULT_KEEP, consumed);
      const porTipo: Record<string, number> = {};
      for (const e of result.eventos) porTipo[e.evento] = (porTipo[e.evento] ?? 0) + 1;
      return summary({
        snapshotId: result.manifest.id,
        eventos: { ...result.manifest.eventos, por_tipo: porTipo, fora_da_janela: result.foraDaJanela },
        removidos,
        conflitos: result.conflitos,
        pessoasAmbiguas: result.pessoasAmbiguas,
        manifest: result.manifest,
      });
    } finally {
      await cluster.release();
    }
  } finally {
    release();
  }
}

function countRecords(feeds: readonly NamedFeed[]): Record<string, number> {
  const counts: Record<string, number> = { feeds: feeds.length };
  for (const c of FEED_COLLECTIONS)
    counts[c] = feeds.reduce((n, { feed }) => n + ((feed[c] as Feed[typeof c]) ?? []).length, 0);
  return counts;
}
