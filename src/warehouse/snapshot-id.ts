/** Snapshot ids: 8 digits, zero-padded (`00000042`). */
export const ID_DIGITS = 8;

export function formatSnapshotId(n: number): string {
  return String(n).padStart(ID_DIGITS, '0');
}

/** Accepts `42` or `00000042`; null when the text is not a snapshot id. */
export function parseSnapshotId(text: string): string | null {
  return /^\d{1,8}$/.test(text.trim()) ? formatSnapshotId(Number(text.trim())) : null;
}
