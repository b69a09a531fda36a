import dayjs from 'dayjs'

/** An API time (ISO 8601) as the console shows it, in the browser's zone; null as "—". */
export function formatTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—'
}
