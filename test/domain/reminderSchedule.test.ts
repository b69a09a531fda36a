import {
  clampedDay,
  formatReminderTime,
  isReminderConsentText,
  nextDailyCheck,
  nextMonthlyRun,
  reminderConsentText,
  reminderPeriod,
  ReminderKind,
} from '@domain/reminderSchedule'
import { reminderCancelPage, reminderTopUpPage } from '@domain/reminderMessagePages'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { pagePath, rechargeFormUrl } from '../../src/routes'

const at = (iso: string) => new Date(iso)
const iso = (date: Date) => date.toISOString()

describe('reminder schedule', () => {
  test('a day past the month’s end is its last day', () => {
    expect([
      clampedDay(2026, 2, 31),
      clampedDay(2028, 2, 31),
      clampedDay(2026, 4, 31),
      clampedDay(2026, 5, 31),
    ]).toEqual([28, 29, 30, 31])
  })

  test('the next monthly run is 09:00 Shanghai on the (clamped) day, this month if still ahead', () => {
    expect(iso(nextMonthlyRun(31, at('2026-02-01T00:00:00Z')))).toBe('2026-02-28T01:00:00.000Z')
    expect(iso(nextMonthlyRun(31, at('2026-02-28T01:00:00Z')))).toBe('2026-03-31T01:00:00.000Z')
    expect(iso(nextMonthlyRun(31, at('2026-04-02T00:00:00Z')))).toBe('2026-04-30T01:00:00.000Z')
    // End of year.
    expect(iso(nextMonthlyRun(15, at('2026-12-16T00:00:00Z')))).toBe('2027-01-15T01:00:00.000Z')
    // 20:00 UTC on Jan 31 is Feb 1 in Shanghai: the 1st's 09:00 is still ahead.
    expect(iso(nextMonthlyRun(1, at('2026-01-31T20:00:00Z')))).toBe('2026-02-01T01:00:00.000Z')
  })

  test('daily checks at 09:00 Shanghai', () => {
    expect(iso(nextDailyCheck(at('2026-03-01T00:59:59Z')))).toBe('2026-03-01T01:00:00.000Z')
    expect(iso(nextDailyCheck(at('2026-03-01T01:00:00Z')))).toBe('2026-03-02T01:00:00.000Z')
    expect(iso(nextDailyCheck(at('2026-12-31T16:30:00Z')))).toBe('2027-01-01T01:00:00.000Z')
  })

  test('periods and display', () => {
    expect(reminderPeriod(ReminderKind.MonthlyDay, at('2026-12-31T20:00:00Z'))).toBe('2027-01')
    expect(reminderPeriod(ReminderKind.LowBalance, at('2026-03-01T01:00:00Z'))).toBe('2026-03-01')
    expect(formatReminderTime(at('2026-12-15T01:00:00Z'), 'zh-CN')).toBe('12月15日 09:00')
    expect(formatReminderTime(at('2026-12-15T01:00:00Z'), 'en-US')).toBe('Dec 15, 09:00')
  })

  test('consent: only the app’s own words, and they say nothing is charged', () => {
    expect(isReminderConsentText(reminderConsentText['zh-CN'].consent)).toBe(true)
    expect(isReminderConsentText(reminderConsentText['en-US'].consent)).toBe(true)
    expect(isReminderConsentText('I agree')).toBe(false)
    expect(reminderConsentText['zh-CN'].consent).toContain('不会自动扣款')
    expect(reminderConsentText['en-US'].consent).toContain('nothing is charged')
  })

  test('the message’s pages are the app’s routes', () => {
    expect(reminderTopUpPage(LifePayOrderType.Gas, 'a1')).toBe(rechargeFormUrl('gas', { accountId: 'a1' }))
    expect(reminderTopUpPage(LifePayOrderType.Phone, 'a1', '13900000001')).toBe(
      rechargeFormUrl('phone', { phone: '13900000001', accountId: 'a1' }),
    )
    expect(reminderCancelPage('tok')).toBe(`${pagePath('cancelReminder')}?token=tok`)
  })
})
