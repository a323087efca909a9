/**
 * The one logger (pino). Every record is one line on stdout: `level` (a name), `time` (ISO 8601 with `+00:00`, the wire's form), then
 * English keys — `event` (the record's name, e.g. `snapshot_carregado`), its fields, `err`, `msg` (a sentence in
 * Portuguese, like the CLI's messages). An access line is `req, method, path, status, ms, key` after level and time.
 * The `json` format is pino's own serialization, written in batches (bufferedStdout; flushed at exit); `text`
 * rewrites each line for people at a terminal.
 */
import { createRequire } from 'node:module';
import type { DestinationStream, Logger } from 'pino';
import { systemClock, type Clock } from './clock.js';
import { isoWithOffset } from './time.js';

export type { Logger };

export const LOG_FORMATS = ['json', 'text'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

// pino (CommonJS) is loaded by the first logger, not with this module: every command imports it (the settings
// above, errorText) and most never log; loading pino was 15–20 ms of a fresh `svc ingest` (busy machine).
const require = createRequire(import.meta.url);
const loadPino = (): typeof import('pino').pino => (require('pino') as typeof import('pino')).pino;

export interface LoggerOptions {
  format?: LogFormat;
  level?: LogLevel;
  /** Where lines go; default stdout. */
  destination?: DestinationStream;
  /** The timestamps' clock; default the system clock. */
  clock?: Clock;
}

export function createLogger(o: LoggerOptions = {}): Logger {
  const clock = o.clock ?? systemClock;
  const out = o.destination ?? bufferedStdout();
  return loadPino()(
    {
      level: o.level ?? 'info',
      base: null,
      // isoWithOffset formats the date and second once per second: every request is stamped.
      timestamp: () => `,"time":"${isoWithOffset(clock.now())}"`,
      // Computed once per level by pino (its level cache), not per record.
      formatters: { level: (label) => ({ level: label }) },
    },
    o.format === 'text' ? textLines(out) : out,
  );
}

/** Lines are held until BATCH_BYTES or the next tick of FLUSH_MS, whichever first (and flushed at exit). */
const FLUSH_MS = 200;
const BATCH_BYTES = 64 * 1024;

/**
 * stdout written in batches: one queued write per access line was the largest single cost of a request in CPU
 * profiles. A line waits at most FLUSH_MS, so a quiet server's log still reads live; a process killed with
 * SIGKILL loses at most that much. Lines go in as bytes (sonic-boom's buffer mode): as text, sonic-boom measured
 * the whole pending batch again at every line, so a line cost more the fuller the batch (docs/decisions/api.md,
 * "The cost of a request besides Koa's").
 */
function bufferedStdout(): DestinationStream {
  const out = loadPino().destination({
    dest: 1,
    sync: false,
    contentMode: 'buffer',
    minLength: BATCH_BYTES,
    maxWrite: 4 * BATCH_BYTES,
  });
  setInterval(() => {
    try {
      out.flush();
    } catch {
      // Ended at exit (pino's own final flush): nothing left to write.
    }
  }, FLUSH_MS).unref();
  // pino's exit flush and broken-pipe guard act on `out` itself, so this wrapper holds nothing. (sonic-boom's
  // types declare text only.)
  return { write: (line: string) => out.write(Buffer.from(line) as unknown as string) };
}

/** The message of an error, for the `err` field (stacks only where a bug is reported). */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

const HEAD = new Set(['level', 'time', 'msg', 'event']);

/** `time LEVEL [event] msg key=value…`: one line per record, for a terminal. */
export function textLine(record: Record<string, unknown>): string {
  const parts = [String(record.time), String(record.level).toUpperCase().padEnd(5)];
  if (record.event !== undefined) parts.push(String(record.event));
  if (record.msg !== undefined) parts.push(String(record.msg));
  for (const [k, v] of Object.entries(record)) {
    if (!HEAD.has(k)) parts.push(`${k}=${typeof v === 'string' && !/[\s"=]/.test(v) ? v : JSON.stringify(v)}`);
  }
  return `${parts.join(' ')}\n`;
}

function textLines(out: DestinationStream): DestinationStream {
  return { write: (line: string) => out.write(textLine(JSON.parse(line) as Record<string, unknown>)) };
}
