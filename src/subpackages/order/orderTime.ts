import { formatLocalTime, parseServerTime } from '@domain/localTime'

/** Server times (ISO, UTC) in the device's local time, e.g. '2026-05-01 14:03'; '' when absent or unreadable. */
export function formatOrderTime(iso: string | null | undefined, format = 'YYYY-MM-DD HH:mm'): string {
  if (!iso) return ''
  const time = parseServerTime(iso)
  return time ? formatLocalTime(time, format) : ''
}

/** 'mm:ss' (or 'h:mm:ss') left until `iso`; null once it has passed. */
export function timeLeft(iso: string | null | undefined, nowMs: number): string | null {
  if (!iso) return null
  const ms = (parseServerTime(iso)?.getTime() ?? NaN) - nowMs
  if (!Number.isFinite(ms) || ms <= 0) return null
  const total = Math.ceil(ms / 1000)
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  const pad = (n: number) => String(n).padStart(2, '0')
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`
}
