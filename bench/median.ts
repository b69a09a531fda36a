/**
 * The median (the mean of the middle two for an even count) of the finite values: a run whose figure is missing (a
 * Lighthouse score it could not compute comes back NaN) is left out rather than sorting anywhere.
 */
export function median(values: readonly number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b)
  if (!sorted.length) return Number.NaN
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
