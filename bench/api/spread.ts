export interface Spread {
  min: number
  median: number
  max: number
}

/** Minimum, median (the mean of the middle two for an even count) and maximum of some runs' figures. */
export function spread(values: readonly number[]): Spread {
  if (values.length === 0) throw new Error('spread of no values')
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  return { min: sorted[0], median, max: sorted[sorted.length - 1] }
}
