/**
 * Options of the commands that ingest (`ingest`, `demo`): apart from options.ts, which every command loads,
 * because they name the warehouse's defaults (loading it is what these commands do anyway).
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_LIVE_WINDOW, parseDuration, type LiveWindow } from '../warehouse/events/live-window.js';
import { DEFAULT_EVENT_WARNING } from '../warehouse/ingest.js';
import { intOption } from './options.js';

/** The live window and event-warning options, shared by `ingest` and `demo` (docs/webhooks.md "Live window"). */
export interface LiveOptionFlags {
  now?: Date;
  liveWindowBefore: number;
  liveWindowAfter: number;
  eventWarning: number;
}

export function durationOption(value: string): number {
  const ms = parseDuration(value);
  if (ms === null) throw new InvalidArgumentError('deve ser uma duração como 3d, 12h, 90m ou 30s.');
  return ms;
}

function instantOption(value: string): Date {
  const date = new Date(value);
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(value) || Number.isNaN(date.getTime())) {
    throw new InvalidArgumentError('deve ser uma data-hora RFC 3339 com fuso, como 2026-11-22T17:10:00-03:00.');
  }
  return date;
}

export function withLiveOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option(
        '--live-window-before <duration>',
        'eventos de webhook só para partidas com início a partir deste tempo antes de agora (d, h, m, s)',
      )
        .argParser(durationOption)
        .default(DEFAULT_LIVE_WINDOW.beforeMs, '3d'),
    )
    .addOption(
      new Option('--live-window-after <duration>', '… até este tempo depois de agora')
        .argParser(durationOption)
        .default(DEFAULT_LIVE_WINDOW.afterMs, '30d'),
    )
    .addOption(
      new Option(
        '--now <datetime>',
        'o instante em torno do qual fica a janela ao vivo (padrão: o relógio; replays, testes)',
      ).argParser(instantOption),
    )
    .addOption(
      new Option('--event-warning <n>', 'avisa quando um ingest registra mais eventos de webhook que isto')
        .argParser(intOption(0, 1_000_000_000))
        .default(DEFAULT_EVENT_WARNING),
    );
}

/** What `ingest()` takes from those flags. */
export function liveSettings(flags: LiveOptionFlags): { now?: Date; liveWindow: LiveWindow; eventWarning: number } {
  return {
    ...(flags.now !== undefined && { now: flags.now }),
    liveWindow: { beforeMs: flags.liveWindowBefore, afterMs: flags.liveWindowAfter },
    eventWarning: flags.eventWarning,
  };
}
