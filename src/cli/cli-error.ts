import { EXIT, type ExitCode } from './exit-codes.js';

/**
 * An expected failure: printed as one line (`svc: <message>`) with its exit code, never a stack trace.
 * Parts throw their own error classes; commands translate them to CliError at the boundary.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.failure,
    /** Extra lines printed after the one-line cause (e.g. the first validation errors). */
    readonly details: readonly string[] = [],
    /** Fields the `--json` failure object carries beside `erro` (e.g. `svc doctor`'s checks). */
    readonly fields: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'CliError';
  }
}
