import { controlPlaneFull } from '../control/control-plane.js';

/** An ingest could not write its snapshot for want of space: nothing was published; it lasts until space is freed. */
export class DiskFullError extends Error {
  override name = 'DiskFullError';
}

/** What the operating system says, by errno: a full disk, a file past the process's size limit, a quota. */
const REASONS: Record<string, string> = {
  ENOSPC: 'No space left on device',
  EFBIG: 'File too large',
  EDQUOT: 'Disk quota exceeded',
};
/** DuckDB carries the operating system's words in its message only. */
const DUCKDB = new RegExp(Object.values(REASONS).join('|'));

/** `err` as a DiskFullError naming `dir` when it is a want of space (node, DuckDB or the control plane); else `err`. */
export function asDiskFull(err: unknown, dir: string): unknown {
  const code = typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
  const reason =
    REASONS[code] ??
    (controlPlaneFull(err) ? 'database or disk is full' : undefined) ??
    (err instanceof Error ? DUCKDB.exec(err.message)?.[0] : undefined);
  if (reason === undefined) return err;
  return new DiskFullError(
    `sem espaço em disco para gravar o snapshot em ${dir} (${reason}): libere espaço e rode o ingest de novo`,
  );
}
