/** The summary statistics the benchmarks print. */

/** The median (the mean of the two middle values for an even count); NaN for no values. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile `p` (0–100) of values sorted ascending; NaN for none. */
export function percentile(sorted: readonly number[], p: number): number {
  // p × n before dividing: (99.9 / 100) × 1000 is 999.0000000000001 in floating point, one rank too high.
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p * sorted.length) / 100) - 1))] ?? NaN;
}
