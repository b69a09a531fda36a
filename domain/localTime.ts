/**
 * Server times (ISO 8601) shown in the device's local time by a fixed numeric pattern — the app's only date formatting,
 * so the mini-program subpackages that show times carry these few lines instead of a date library (dayjs, 6.8 KiB in
 * each of them). Read as dayjs reads them, which the app used before: a time with an offset (`Z`, `+08:00`) is that
 * instant; one without (`2026-05-01 14:03`) is a local wall-clock time, parsed by hand because old engines (iOS < 14)
 * read an ISO date-time without offset as UTC and refuse the space-separated form.
 */

// dayjs's own pattern for a date-time without offset: year, month, day, hours, minutes, seconds, fraction.
const LOCAL_DATE_TIME = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/

/** The instant an ISO string names; null when it names none. */
export function parseServerTime(iso: string): Date | null {
  const local = /Z$/i.test(iso) ? null : LOCAL_DATE_TIME.exec(iso)
  const date = local
    ? new Date(
        Number(local[1]),
        Number(local[2] || 1) - 1,
        Number(local[3] || 1),
        Number(local[4] || 0),
        Number(local[5] || 0),
        Number(local[6] || 0),
        Number((local[7] || '0').slice(0, 3)),
      )
    : new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** A pattern's YYYY, MM, DD, HH, mm and ss replaced by the local date and time ('MM-DD HH:mm' → '05-01 14:03'). */
export function formatLocalTime(date: Date, pattern: string): string {
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => {
    switch (token) {
      case 'YYYY':
        return pad(date.getFullYear(), 4)
      case 'MM':
        return pad(date.getMonth() + 1)
      case 'DD':
        return pad(date.getDate())
      case 'HH':
        return pad(date.getHours())
      case 'mm':
        return pad(date.getMinutes())
      default:
        return pad(date.getSeconds())
    }
  })
}

/** Whether two instants fall on the same local calendar day. */
export function isSameLocalDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate()
}
