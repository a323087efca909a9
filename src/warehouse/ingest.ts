import { nowDate, systemClock, type Clock } from '../clock.js';
import type { DataDir } from '../data-dir.js';
import type { ControlPlane } from '../control/control-plane.js';
import type { Feed } from '../feeds/canonical.js';
import { groupInputs, readGroups, type NamedFeed } from '../feeds/adapters/index.js';
import type { AdapterOptions } from '../feeds/adapters/types.js';
import { readInputs, type FetchOptions } from '../feeds/inputs.js';
import { DEFAULT_LIVE_WINDOW, type LiveWindow } from './events/live-window.js';
import { acquireIngestLock, IngestLockedError } from './ingest-lock.js';
import type { OutsideWindow } from './events/detect.js';
import type { Conflito } from './load/conflicts.js';
import { applyRetention, publishSnapshot, type PublishStepHook } from './publish.js';
import { warmPublishEngine } from './publish-engine.js';
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
  /** Forces an adapter instead of detection. */
  format?: string;
  /** Load without recording events (history). */
  backfill?: boolean;
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
  /** Records read per collection (all feeds of the run), plus `feeds`. */
  contagens: Record<string, number>;
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
  duracao_ms: number;
  dry_run: boolean;
  /** Snapshots deleted by retention. */
  removidos: string[];
  /** A dry run's plan: what the ingest would change against the current snapshot (absent otherwise). */
  plano?: SnapshotDiff;
}

export const INGEST_STAGES = ['ler', 'validar', 'carregar', 'derivar', 'publicar'] as const;

const COLLECTIONS = [
  'campeonatos',
  'fases',
  'rodadas',
  'times',
  'jogadores',
  'partidas',
  'eventos',
  'escalacoes',
  'estatisticas',
  'remocoes',
] as const;

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
  const { files, fromFolder } = await readInputs(options.inputs, options.fetch);
  const { groups, skipped } = groupInputs(files, { format: options.format, fromFolder });
  const feeds = readGroups(groups, options.adapterOptions ?? {});
  const avisos = skipped.map((f) => `arquivo ignorado (formato não reconhecido): ${f}`);
  const limite = options.eventWarning ?? DEFAULT_EVENT_WARNING;
  const noEvents = { total: 0, seq_inicio: null, seq_fim: null, por_tipo: {}, fora_da_janela: null };
  const summary = (
    snapshotId: string | null,
    eventos: Omit<IngestSummary['eventos'], 'limite_aviso' | 'acima_do_limite'>,
    removidos: string[],
    conflitos: Conflito[] = [],
    nadaMudou = false,
  ): IngestSummary => ({
    snapshot_id: snapshotId,
    nada_mudou: nadaMudou,
    contagens: countRecords(feeds),
    eventos: { ...eventos, limite_aviso: limite, acima_do_limite: eventos.total > limite },
    avisos,
    conflitos,
    duracao_ms: Math.round(performance.now() - started),
    dry_run: options.dryRun === true,
    removidos,
  });

  const clock = options.clock ?? systemClock;
  const request = {
    feeds,
    entradas: options.inputs,
    backfill: options.backfill === true,
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
    return { ...summary(null, eventos, [], candidate.conflitos, candidate.nadaMudou), plano };
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
      const result = await publishSnapshot(options.dataDir, control.counters, { ...request, atStep: options.atStep });
      avisos.push(...result.avisos);
      if (result.nadaMudou) return summary(result.atual, noEvents, [], result.conflitos, true);
      const removidos = applyRetention(options.dataDir, options.keep ?? DEFAULT_KEEP, await control.cursor.get());
      const porTipo: Record<string, number> = {};
      for (const e of result.eventos) porTipo[e.evento] = (porTipo[e.evento] ?? 0) + 1;
      return summary(
        result.manifest.id,
        { ...result.manifest.eventos, por_tipo: porTipo, fora_da_janela: result.foraDaJanela },
        removidos,
        result.conflitos,
      );
    } finally {
      await cluster.release();
    }
  } finally {
    release();
  }
}

function countRecords(feeds: readonly NamedFeed[]): Record<string, number> {
  const counts: Record<string, number> = { feeds: feeds.length };
  for (const c of COLLECTIONS)
    counts[c] = feeds.reduce((n, { feed }) => n + ((feed[c] as Feed[typeof c]) ?? []).length, 0);
  return counts;
}
