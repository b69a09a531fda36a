// Business days are Asia/Shanghai calendar days, as the providers' bills are: China has kept +08:00 all year since
// 1991, so a day there is a fixed 24-hour window.

const SHANGHAI_OFFSET = '+08:00'
export const DAY_MS = 24 * 60 * 60 * 1000

export interface DayWindow {
  date: string
  from: Date
  to: Date
}

/** The Asia/Shanghai calendar day `date` (YYYY-MM-DD) as [from, to); null when it is not a real date. */
export function shanghaiDay(date: string): DayWindow | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null
  const from = new Date(`${date}T00:00:00${SHANGHAI_OFFSET}`)
  // Date.parse rolls 2026-02-30 over to March: a date that does not come back as itself is not a date.
  if (Number.isNaN(from.getTime()) || shanghaiDate(from) !== date) return null
  return { date, from, to: new Date(from.getTime() + DAY_MS) }
}

/** The Asia/Shanghai calendar date of an instant, YYYY-MM-DD. */
export function shanghaiDate(instant: Date): string {
  return new Date(instant.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

/** Yesterday in Asia/Shanghai: the default day, the last one complete when a nightly job runs. */
export function previousShanghaiDate(now: Date): string {
  return shanghaiDate(new Date(now.getTime() - DAY_MS))
}

/** `hh:mm` Asia/Shanghai on the day after `date`: when that day's bills are cut and read. */
export function dayAfterAt(date: string, hhmm: string): Date {
  const day = shanghaiDay(date)
  if (!day) throw new Error(`not a date: ${date}`)
  const [hours, minutes] = hhmm.split(':').map(Number)
  return new Date(day.to.getTime() + (hours * 60 + minutes) * 60_000)
}
