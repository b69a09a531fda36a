import dayjs from 'dayjs'
import { formatLocalTime, isSameLocalDay, parseServerTime } from '@domain/localTime'

// dayjs is what the app used before (the operator console still does): the same strings read and print the same.
const SAMPLES = [
  '2026-05-01T14:03:09.123Z',
  '2026-05-01T14:03:09Z',
  '2026-12-31T23:59:59.999z',
  '2026-05-01T14:03:09+08:00',
  '2026-05-01T06:03:09.5-05:30',
  '2026-05-01 14:03',
  '2026-05-01T14:03:09',
  '2026-05-01T14:03:09.1234',
  '2026-5-1 4:3:9',
  '2026-05-01',
  '2026/05/01 08:00',
  '20260501',
]
const PATTERNS = ['YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm:ss', 'MM-DD HH:mm', 'HH:mm']

describe('parseServerTime and formatLocalTime', () => {
  test.each(SAMPLES)('%s reads as the instant dayjs reads and prints as it prints', (iso) => {
    const time = parseServerTime(iso)
    expect(time?.getTime()).toBe(dayjs(iso).valueOf())
    for (const pattern of PATTERNS) expect(formatLocalTime(time as Date, pattern)).toBe(dayjs(iso).format(pattern))
  })

  test.each(['', 'soon', '2026-13-45T99:99:99Z', 'not a date Z'])('%j names no instant', (iso) => {
    expect(parseServerTime(iso)).toBeNull()
  })
})

describe('isSameLocalDay', () => {
  test('the same local calendar day, whatever the time', () => {
    expect(isSameLocalDay(new Date(2026, 4, 1, 0, 0, 0), new Date(2026, 4, 1, 23, 59, 59))).toBe(true)
    expect(isSameLocalDay(new Date(2026, 4, 1, 23, 59, 59), new Date(2026, 4, 2, 0, 0, 0))).toBe(false)
    expect(isSameLocalDay(new Date(2026, 4, 1), new Date(2025, 4, 1))).toBe(false)
  })
})
