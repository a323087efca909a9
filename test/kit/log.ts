import { createLogger, type Logger, type LogFormat } from '../../src/log.js';

/** The product's logger writing into memory: each line as written and, for JSON, as parsed. */
export function memoryLog(format: LogFormat = 'json'): {
  log: Logger;
  lines: string[];
  records: Record<string, unknown>[];
} {
  const lines: string[] = [];
  const records: Record<string, unknown>[] = [];
  const log = createLogger({
    format,
    destination: {
      write(line: string) {
        lines.push(line);
        if (format === 'json') records.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  });
  return { log, lines, records };
}

/** A logger that writes nothing, for tests that do not read the log. */
export const silentLog: Logger = createLogger({ level: 'silent', destination: { write() {} } });
