import { type Command, Option } from 'commander';
import { CliError } from '../cli-error.js';
import { openControlPlane } from '../control-plane.js';
import { EXIT } from '../exit-codes.js';
import { durationOption, liveSettings, withLiveOptions, type LiveOptionFlags } from '../live-options.js';
import { formatTable, printJson, printLine, printWarning, Progress } from '../output.js';
import { printPlan } from '../plan-output.js';
import { configFrom, reportError, withControlPlaneOptions, withExamples, type CommonOptions } from '../program.js';
import type { Config } from '../../config.js';
import { follow } from '../../warehouse/follow.js';
import { FeedRejectedError, FeedUnreachableError, formatIssue } from '../../feeds/errors.js';
import { FORMAT_NAMES, UnknownFormatError } from '../../feeds/adapters/index.js';
import type { AdapterOptions } from '../../feeds/adapters/types.js';
import { feedSchemaText } from '../../feeds/validate-schema.js';
import { loadAliases } from '../../feeds/team-names.js';
import { IngestLockedError } from '../../warehouse/ingest-lock.js';
import { DiskFullError } from '../../warehouse/disk-full.js';
import { controlPlaneUnreachable } from '../../control/control-plane.js';
import { DEFAULT_KEEP, ingest, type IngestSummary } from '../../warehouse/ingest.js';
import { closePublishEngine, warmPublishEngine } from '../../warehouse/publish-engine.js';
import { PUBLISH_STEPS, type PublishStep, type PublishStepHook } from '../../warehouse/publish.js';
import type { Conflito } from '../../warehouse/load/conflicts.js';
import type { OutsideWindow } from '../../warehouse/events/detect.js';

/** Conflicts the human summary lists; --json lists them all. */
const CONFLICTS_SHOWN = 20;

interface IngestFlags extends CommonOptions, LiveOptionFlags {
  format?: string;
  dryRun?: boolean;
  backfill?: boolean;
  allowRegress?: boolean;
  keep: string;
  printSchema?: boolean;
  campeonatoNome?: string;
  temporada?: string;
  tipo?: 'pontos-corridos' | 'mata-mata';
  regiao?: string;
  slug?: string;
  pauseAt?: PublishStep;
  follow?: boolean;
  resident?: boolean;
  every: number;
}

const DEFAULT_EVERY_MS = 15_000;

export function registerIngest(program: Command): void {
  const cmd = program
    .command('ingest')
    .description('valida feeds e publica um novo snapshot (arquivos, pastas ou URLs https://)')
    .argument('[feeds...]', 'arquivos, pastas ou URLs https:// de feeds')
    .addOption(new Option('--format <format>', 'força o formato de entrada em vez de detectá-lo').choices(FORMAT_NAMES))
    .option('--dry-run', 'mostra o plano (o que mudaria, os eventos de webhook que registraria); não grava nada', false)
    .option('--backfill', 'carrega histórico sem registrar eventos de webhook', false)
    .option(
      '--allow-regress',
      'aplica registros que voltam uma partida no tempo (encerrada → aguardando, placar removido); sem ela, ficam de fora como conflito',
      false,
    )
    .option('--keep <n>', 'snapshots a manter (retenção)', String(DEFAULT_KEEP))
    .option('--print-schema', 'imprime o JSON Schema do feed canônico svc-feed/1 e sai', false)
    .option('--campeonato-nome <nome>', 'nome do campeonato, para formatos que não o trazem')
    .option('--temporada <temporada>', 'temporada, para formatos que não a trazem')
    .addOption(new Option('--tipo <tipo>', 'tipo do campeonato').choices(['pontos-corridos', 'mata-mata']))
    .option('--regiao <regiao>', 'região do campeonato (padrão: nacional)')
    .option('--slug <slug>', 'slug do campeonato, comum a temporadas e fontes')
    .option(
      '--aliases <file>',
      'apelidos extras de times ("clubes", formato de src/feeds/team-aliases.json) e grafias de jogadores ("jogadores", formato de src/feeds/player-aliases.json)',
    )
    .option(
      '--follow',
      'continua rodando: relê os feeds a cada --every (arquivos também ao mudarem; URLs com GET condicional) e publica cada mudança',
      false,
    )
    .option(
      '--resident',
      'continua rodando e executa os `svc ingest` desta pasta de dados que chegarem (socket ingest.sock nela), sem o custo de um processo novo por passo',
      false,
    )
    .addOption(
      new Option('--every <duration>', 'intervalo do --follow (d, h, m, s)')
        .argParser(durationOption)
        .default(DEFAULT_EVERY_MS, '15s'),
    )
    // Internal, for the crash-safety tests (docs/internals.md): stop at a publish step and wait to be killed.
    .addOption(new Option('--pause-at <step>').choices(PUBLISH_STEPS).hideHelp());
  withLiveOptions(cmd);
  withControlPlaneOptions(cmd);
  withExamples(cmd, [
    'svc ingest fixtures/demo/',
    'svc ingest live.ndjson --json',
    'svc ingest https://feeds.example.com/brasileirao.json --dry-run',
    'svc ingest ../shared/data/openfootball/2019/br.1.txt --format openfootball-txt --temporada 2019',
    'svc ingest history/ --backfill --keep 20',
    'svc ingest live.ndjson --live-window-before 1d --live-window-after 7d --event-warning 200',
    'svc ingest --print-schema > svc-feed-1.schema.json',
    'svc ingest https://feeds.example.com/live.json --follow --every 15s --json',
    'svc ingest ../shared/data/openfootball/ --aliases my-team-aliases.json',
    'svc ingest --resident --data-dir /var/lib/svc   # depois, cada `svc ingest` do cron nessa pasta roda nele',
  ]);
  cmd.action(async (feeds: string[], flags: IngestFlags) => {
    if (flags.printSchema) {
      if (flags.json) printJson({ schema: JSON.parse(feedSchemaText()) as object });
      else process.stdout.write(feedSchemaText());
      return;
    }
    if (flags.resident) {
      if (feeds.length > 0 || flags.follow || flags.dryRun)
        throw new CliError('--resident não recebe feeds nem combina com --follow ou --dry-run', EXIT.usage);
      return serveSteps(configFrom(flags));
    }
    if (feeds.length === 0) throw new CliError('informe ao menos um FEED (arquivo, pasta ou URL https://)', EXIT.usage);
    const keep = Number(flags.keep);
    if (!Number.isInteger(keep) || keep < 1)
      throw new CliError(`--keep deve ser um inteiro ≥ 1, recebido "${flags.keep}"`, EXIT.usage);
    if (flags.follow && flags.dryRun) throw new CliError('--follow e --dry-run não combinam', EXIT.usage);
    const config = configFrom(flags);
    if (flags.follow) return followFeeds(feeds, flags, config, keep);
    const progress = new Progress('ingest', !flags.json && process.stderr.isTTY === true);
    // A dry run writes nothing: it neither opens nor creates the control plane.
    const control = flags.dryRun ? null : await openControlPlane(config);
    try {
      if (config.aliasesFile !== undefined) loadAliases(config.aliasesFile);
      const summary = await ingest({
        ...(control ? { control } : { dryRun: true }),
        dataDir: config.dataDir,
        fetch: config.feeds,
        inputs: feeds,
        format: flags.format,
        backfill: flags.backfill,
        allowRegress: flags.allowRegress,
        keep,
        adapterOptions: adapterOptions(flags),
        ...liveSettings(flags),
        onStage: (_stage, index, total) => progress.update(index, total),
        atStep: flags.pauseAt === undefined ? undefined : pauseAt(flags.pauseAt),
        checkServable,
      });
      progress.done();
      report(summary, flags.json === true);
    } catch (err) {
      progress.done();
      throw toCliError(err);
    } finally {
      await control?.close();
    }
  });
}

function report(summary: IngestSummary, json: boolean): void {
  if (json) printJson(summary);
  else printSummary(summary);
  // On stderr in both modes, so that a cron log shows it.
  if (summary.eventos.acima_do_limite) {
    printWarning(
      `este ingest registrou ${summary.eventos.total} eventos de webhook (limite de aviso ${summary.eventos.limite_aviso}); carga de histórico? use --backfill`,
    );
  }
}

/**
 * `--follow`: one process publishes each change of the feeds until SIGTERM/SIGINT (then it finishes the round
 * under way and exits 0). Each round prints what a one-shot ingest prints (`--json`: one line per round); a round
 * that fails prints its error line and the loop goes on.
 */
async function followFeeds(feeds: string[], flags: IngestFlags, config: Config, keep: number): Promise<void> {
  const control = await openControlPlane(config);
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  try {
    if (config.aliasesFile !== undefined) loadAliases(config.aliasesFile);
    process.stderr.write(`svc ingest: seguindo ${feeds.join(', ')} (a cada ${flags.every / 1000} s)\n`);
    await follow({
      control,
      dataDir: config.dataDir,
      fetch: config.feeds,
      inputs: feeds,
      format: flags.format,
      backfill: flags.backfill,
      keep,
      adapterOptions: adapterOptions(flags),
      ...liveSettings(flags),
      everyMs: flags.every,
      checkServable,
      signal: stop.signal,
      onRound(round) {
        if (round.kind === 'publicado') report(round.summary, flags.json === true);
        else if (round.kind === 'erro') reportError(toCliError(round.error), flags.json === true);
      },
    });
  } finally {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    await control.close();
  }
}

/**
 * `--resident`: takes the `svc ingest` steps handed over the data dir's socket (src/cli/resident/) until
 * SIGTERM/SIGINT, each run as `svc` runs it in a process of its own.
 */
async function serveSteps(config: Config): Promise<void> {
  // main.ts loads this module: the resident runs each step through the same entry point as a fresh process.
  const [{ runCli }, { serveResident }] = await Promise.all([import('../main.js'), import('../resident/server.js')]);
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  warmPublishEngine();
  try {
    await serveResident({
      dataDir: config.dataDir,
      run: runCli,
      signal: stop.signal,
      log: (line) => process.stderr.write(`${line}\n`),
    });
  } finally {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    await closePublishEngine();
  }
}

// The serving part is loaded only when a publish checks its candidate (publish.ts checkedServable: a first build,
// or growth past a tenth), never for most live steps: loading it was ~10 ms of a fresh `svc ingest` (busy machine).
let servable: typeof import('../../api/snapshot/servable.js') | undefined;
async function checkServable(file: string): Promise<void> {
  servable ??= await import('../../api/snapshot/servable.js');
  await servable.checkServable(file);
}

/** `--pause-at`: announces the step on stderr and never returns, so a test can SIGKILL the process there. */
function pauseAt(step: PublishStep): PublishStepHook {
  return async (reached) => {
    if (reached !== step) return;
    process.stderr.write(`svc: pausado em ${step}\n`);
    await new Promise<never>(() => setInterval(() => undefined, 60_000));
  };
}

function adapterOptions(flags: IngestFlags): AdapterOptions {
  const campeonato = {
    ...(flags.campeonatoNome !== undefined && { nome: flags.campeonatoNome }),
    ...(flags.temporada !== undefined && { temporada: flags.temporada }),
    ...(flags.tipo !== undefined && { tipo: flags.tipo }),
    ...(flags.regiao !== undefined && { regiao: flags.regiao }),
    ...(flags.slug !== undefined && { slug: flags.slug }),
  };
  return Object.keys(campeonato).length > 0 ? { campeonato } : {};
}

/** The part's expected failures, as one line and the documented exit code. */
function toCliError(err: unknown): unknown {
  if (err instanceof FeedRejectedError) {
    const more = err.totalIssues - err.issues.length;
    return new CliError(err.message, EXIT.invalidInput, [
      ...(err.issues.length > 1 ? err.issues.map(formatIssue) : []),
      ...(more > 0 ? [`… e mais ${more} problema(s)`] : []),
      'nada foi publicado',
    ]);
  }
  if (err instanceof UnknownFormatError || (servable && err instanceof servable.UnservableSnapshotError))
    return new CliError(err.message, EXIT.invalidInput, ['nada foi publicado']);
  if (err instanceof FeedUnreachableError) return new CliError(err.message, EXIT.unreachable, ['nada foi publicado']);
  if (err instanceof IngestLockedError) return new CliError(err.message, EXIT.locked);
  if (err instanceof DiskFullError) return new CliError(err.message, EXIT.notReady, ['nada foi publicado']);
  // Every control-plane call of an ingest comes before CURRENT is replaced (ingest.ts): lost, nothing was published.
  if (controlPlaneUnreachable(err))
    return new CliError(`plano de controle inacessível: ${(err as Error).message}`, EXIT.unreachable, [
      'nada foi publicado',
    ]);
  return err;
}

function printSummary(s: IngestSummary): void {
  // Records read, rows the snapshot holds, and (for the entities tracked) rows this ingest changed.
  const alterados = s.alterados as unknown as Record<string, number | boolean>;
  const counts = Object.entries(s.contagens)
    .filter(([k, n]) => k !== 'feeds' && n > 0)
    .map(([k, n]) => [k, n, s.gravados[k] ?? '—', typeof alterados[k] === 'number' ? alterados[k] : '—']);
  printLine(
    s.dry_run
      ? `feed válido (dry-run): nada publicado (${s.duracao_ms} ms)`
      : s.nada_mudou
        ? `nada mudou: snapshot ${s.snapshot_id ?? '?'} mantido, nada publicado (${s.duracao_ms} ms)`
        : `snapshot ${s.snapshot_id ?? '?'} publicado em ${s.duracao_ms} ms`,
  );
  // A dry run writes nothing: its changes are the plan's, and the other columns would read 0.
  if (counts.length > 0 && s.dry_run)
    printLine(
      formatTable(
        ['registros', 'lidos'],
        counts.map(([k, n]) => [k, n]),
      ),
    );
  else if (counts.length > 0) printLine(formatTable(['registros', 'lidos', 'no snapshot', 'alterados'], counts));
  if (s.plano) {
    printLine(s.nada_mudou ? 'plano: nada mudaria' : `plano (contra o snapshot ${s.plano.de ?? 'vazio'}):`);
    if (!s.nada_mudou) printPlan(s.plano);
  } else {
    const tipos = Object.entries(s.eventos.por_tipo)
      .map(([t, n]) => `${t} ×${n}`)
      .join(', ');
    printLine(
      s.eventos.total === 0
        ? 'eventos de webhook registrados: 0'
        : `eventos de webhook registrados: ${s.eventos.total} (seq ${s.eventos.seq_inicio}–${s.eventos.seq_fim}): ${tipos}`,
    );
  }
  if (s.eventos.fora_da_janela) printLine(outsideWindowLine(s.eventos.fora_da_janela));
  if (s.removidos.length > 0) printLine(`retenção: removidos ${s.removidos.join(', ')}`);
  for (const aviso of s.avisos) printWarning(aviso);
  printConflicts(s.conflitos);
  for (const t of s.conflitos_tolerados)
    printLine(
      `${t.campo}: ${t.total} diferença(s) de até ${t.tolerancia_minutos} min entre fontes, mesmo horário (mantido: ${t.mantido})`,
    );
}

/** Why changed matches got no webhook events: their kick-offs against the live window (UTC, as stored). */
function outsideWindowLine(f: OutsideWindow): string {
  const day = (utc: string | null) => (utc ? utc.slice(0, 16).replace('T', ' ') : 'sem horário');
  const inicios = f.inicio_min === f.inicio_max ? day(f.inicio_min) : `${day(f.inicio_min)} a ${day(f.inicio_max)}`;
  return (
    `${f.partidas} partida(s) mudaram fora da janela ao vivo, sem eventos de webhook: início ${inicios} UTC; ` +
    `janela ${day(f.janela.desde)} a ${day(f.janela.ate)} UTC (--now, --live-window-before, --live-window-after)`
  );
}

/** Conflicts between sources: the first ones as a table, all of them with --json. */
function printConflicts(conflitos: readonly Conflito[]): void {
  if (conflitos.length === 0) return;
  printWarning(`${conflitos.length} conflito(s) entre fontes; regra de precedência em docs/loading-data.md`);
  const rows = conflitos
    .slice(0, CONFLICTS_SHOWN)
    .map((c) => [
      c.partida_id,
      c.campo,
      `${c.guardado.valor} (${c.guardado.fonte})`,
      `${c.recebido.valor} (${c.recebido.fonte})`,
      c.mantido,
    ]);
  printLine(formatTable(['partida', 'campo', 'guardado', 'recebido', 'mantido'], rows));
  if (conflitos.length > CONFLICTS_SHOWN)
    printLine(`… e mais ${conflitos.length - CONFLICTS_SHOWN} (--json lista todos)`);
}
