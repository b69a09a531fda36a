import { median } from '../median'
export interface Spread {
  min: number
  median: number
  max: number
}

/** Minimum, median (the mean of the middle two for an even count) and maximum of some runs' figures. */
export function spread(values: readonly number[]): Spread {
  if (values.length === 0) throw new Error('spread of no values')
  const sorted = [...values].sort((a, b) => a - b)
  return { min: sorted[0], median: median(sorted), max: sorted[sorted.length - 1] }
}
