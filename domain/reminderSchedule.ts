import type { Labels, Locale } from './locale'

// Issue 20 § reminders: when a top-up reminder falls due, shared by the server (which schedules the runs) and the app
// (which shows "下次提醒：12月15日 09:00"). Times are Asia/Shanghai, which has had no daylight saving since 1991, so a
// fixed UTC+8 offset is exact and needs no time-zone database (Intl time zones are not on the iOS 11 floor everywhere).

/** What makes a reminder fall due. */
export enum ReminderKind {
  /** On a day of the month (clamped to the month's last day). */
  MonthlyDay = 'monthlyDay',
  /** When the supplier's balance lookup falls below the user's threshold (electricity and gas only). */
  LowBalance = 'lowBalance',
}

export const reminderKindValues: readonly ReminderKind[] = [ReminderKind.MonthlyDay, ReminderKind.LowBalance]

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000
/** Reminders go out at 09:00 Shanghai time: awake, not yet busy; low balances are checked at the same hour. */
export const REMINDER_HOUR = 9

export const REMINDER_DAY_MIN = 1
/** 29–31 are allowed and fall on the last day of shorter months: "the 31st" means "month end" to users. */
export const REMINDER_DAY_MAX = 31
/** Active reminders a user may have at once. */
export const MAX_REMINDERS_PER_USER = 10
/** Low-balance thresholds, fen: ¥1 to ¥5,000. */
export const REMINDER_THRESHOLD_MIN_FEN = 100
export const REMINDER_THRESHOLD_MAX_FEN = 500_000

interface LocalDate {
  year: number
  /** 1–12 */
  month: number
  day: number
}

/** The Shanghai calendar date of an instant. */
export function shanghaiDate(instant: Date): LocalDate {
  const shifted = new Date(instant.getTime() + SHANGHAI_OFFSET_MS)
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() }
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** The chosen day in this month: the 31st in April is the 30th, in February the 28th or 29th. */
export function clampedDay(year: number, month: number, dayOfMonth: number): number {
  return Math.min(dayOfMonth, daysInMonth(year, month))
}

/** REMINDER_HOUR on a Shanghai date, as an instant. */
function dueInstant(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day, REMINDER_HOUR) - SHANGHAI_OFFSET_MS)
}

/** The first monthly run strictly after `after`: this month's (clamped) day at 09:00 if ahead, else next month's. */
export function nextMonthlyRun(dayOfMonth: number, after: Date): Date {
  const { year, month } = shanghaiDate(after)
  const thisMonth = dueInstant(year, month, clampedDay(year, month, dayOfMonth))
  if (thisMonth.getTime() > after.getTime()) return thisMonth
  const nextYear = month === 12 ? year + 1 : year
  const nextMonth = month === 12 ? 1 : month + 1
  return dueInstant(nextYear, nextMonth, clampedDay(nextYear, nextMonth, dayOfMonth))
}

/** The first daily check (09:00 Shanghai) strictly after `after`. */
export function nextDailyCheck(after: Date): Date {
  const { year, month, day } = shanghaiDate(after)
  const today = dueInstant(year, month, day)
  if (today.getTime() > after.getTime()) return today
  return new Date(today.getTime() + 24 * 60 * 60 * 1000)
}

/** The next run of a reminder of `kind` after `after`. */
export function nextReminderRun(kind: ReminderKind, dayOfMonth: number | null, after: Date): Date {
  return kind === ReminderKind.MonthlyDay && dayOfMonth !== null
    ? nextMonthlyRun(dayOfMonth, after)
    : nextDailyCheck(after)
}

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * The period a run belongs to — `YYYY-MM` for a monthly reminder, `YYYY-MM-DD` for a daily check — so that one
 * reminder is sent per period whatever retries or instances do (the outbox's dedupe key carries it).
 */
export function reminderPeriod(kind: ReminderKind, due: Date): string {
  const { year, month, day } = shanghaiDate(due)
  return kind === ReminderKind.MonthlyDay ? `${year}-${pad(month)}` : `${year}-${pad(month)}-${pad(day)}`
}

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "12月15日 09:00" / "Dec 15, 09:00", in Shanghai time. */
export function formatReminderTime(instant: Date, locale: Locale): string {
  const shifted = new Date(instant.getTime() + SHANGHAI_OFFSET_MS)
  const month = shifted.getUTCMonth() + 1
  const day = shifted.getUTCDate()
  const time = `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`
  return locale === 'en-US' ? `${MONTHS_EN[month - 1]} ${day}, ${time}` : `${month}月${day}日 ${time}`
}

/** When a reminder falls due, in words (the notification's `remindWhen`, the list's subtitle). */
export function reminderWhenText(
  kind: ReminderKind,
  dayOfMonth: number | null,
  thresholdYuan: string | null,
  locale: Locale,
): string {
  if (kind === ReminderKind.LowBalance) {
    return locale === 'en-US' ? `Balance below ¥${thresholdYuan}` : `余额低于${thresholdYuan}元`
  }
  if (locale === 'en-US') return `Day ${dayOfMonth} of each month`
  return `每月${dayOfMonth}日`
}

/**
 * The consent the user ticks (never pre-ticked), stored with its time as the user saw it. The server accepts only
 * these words, in either language, so what is stored is what was shown.
 */
export const reminderConsentText: Labels<'consent'> = {
  'zh-CN': {
    consent:
      '我同意接收本账户的充值提醒。提醒仅为通知，不会自动扣款或自动充值；我可随时在“我的-充值提醒”中一键取消，删除该常用账户也会取消提醒。',
  },
  'en-US': {
    consent:
      'I agree to receive top-up reminders for this account. Reminders are only notices: nothing is charged or topped up automatically, and I can cancel at any time in one tap under Mine › Reminders; deleting the saved account cancels them too.',
  },
}

/** True when `text` is the consent text of one of the app's languages. */
export function isReminderConsentText(text: string): boolean {
  return Object.values(reminderConsentText).some((texts) => texts.consent === text)
}
