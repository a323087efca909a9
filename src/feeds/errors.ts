/** Where in an input a problem is: a line/column for text, a JSON pointer for a parsed document. */
export interface FeedPosition {
  line?: number;
  column?: number;
  /** RFC 6901 pointer into the (canonical) feed document, e.g. `/partidas/3/placar_mandante`. */
  pointer?: string;
}

export interface FeedIssue {
  /** The input as the user named it (path or URL). */
  file: string;
  position: FeedPosition;
  reason: string;
}

export function formatIssue(issue: FeedIssue): string {
  const p = issue.position;
  const where = [
    p.line !== undefined ? `linha ${p.line}` : null,
    p.column !== undefined ? `coluna ${p.column}` : null,
    p.pointer !== undefined ? `em ${p.pointer || '/'}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return `${issue.file}${where ? ` (${where})` : ''}: ${issue.reason}`;
}

/** A feed that cannot be loaded: rejected whole, nothing published. Holds the first issues found. */
export class FeedRejectedError extends Error {
  constructor(
    readonly issues: readonly FeedIssue[],
    readonly totalIssues = issues.length,
  ) {
    super(
      issues.length === 1 && issues[0]
        ? `feed rejeitado: ${formatIssue(issues[0])}`
        : `feed rejeitado: ${totalIssues} problema(s); o primeiro: ${issues[0] ? formatIssue(issues[0]) : '?'}`,
    );
    this.name = 'FeedRejectedError';
  }
}

/** An input that could not be read at all: missing file, unreachable or failing URL. */
export class FeedUnreachableError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'FeedUnreachableError';
  }
}
