/**
 * Human vs machine output: commands print through these so `--json` is honoured everywhere. A one-shot
 * command's `--json` result is this ONE line, `{"ok":true,…}`; a failure is `{"ok":false,"erro":…}` (program.ts).
 */
export function printJson(value: object): void {
  process.stdout.write(`${JSON.stringify({ ok: true, ...value })}\n`);
}

export function printLine(line = ''): void {
  process.stdout.write(`${line}\n`);
}

export function printWarning(line: string): void {
  process.stderr.write(`svc: aviso: ${line}\n`);
}

/** A fixed-width text table for human output. */
export function formatTable(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cells = [headers, ...rows.map((r) => r.map((c) => (c === null || c === undefined ? '—' : String(c))))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  return cells
    .map((r) =>
      r
        .map((c, i) => (c ?? '').padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/**
 * A single-line progress bar on a TTY (stderr), silent otherwise, so cron logs and `--json` stay clean.
 */
export class Progress {
  private last = 0;
  private readonly enabled: boolean;

  constructor(
    private readonly label: string,
    enabled = process.stderr.isTTY === true,
  ) {
    this.enabled = enabled;
  }

  update(done: number, total: number): void {
    if (!this.enabled) return;
    const now = performance.now();
    if (now - this.last < 80 && done < total) return;
    this.last = now;
    const width = 30;
    const ratio = total > 0 ? Math.min(1, done / total) : 0;
    const filled = Math.round(ratio * width);
    process.stderr.write(
      `\r${this.label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round(ratio * 100)}% (${done}/${total})`,
    );
  }

  done(): void {
    if (this.enabled) process.stderr.write('\r\x1b[K');
  }
}
