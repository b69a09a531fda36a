import { LifePayOrderType } from './lifePayOrderType'

// The app pages a reminder message opens, built here because the server writes them into the message (it cannot read
// src/routes.ts, which is app code); test/domain/reminderMessagePages.test.ts holds them equal to the app's routes.

const TOP_UP_PAGE: Record<LifePayOrderType, string> = {
  [LifePayOrderType.Phone]: '/subpackages/recharge/phoneBillRecharge/phoneBillRecharge',
  [LifePayOrderType.Electric]: '/subpackages/recharge/electricBillRecharge/electricBillRecharge',
  [LifePayOrderType.Gas]: '/subpackages/recharge/gasBillRecharge/gasBillRecharge',
}

/** The top-up page with the saved account filled in (the message's own page). */
export function reminderTopUpPage(type: LifePayOrderType, accountId: string | null, phone?: string): string {
  const query = [phone ? `phone=${encodeURIComponent(phone)}` : '', accountId ? `accountId=${accountId}` : '']
    .filter(Boolean)
    .join('&')
  return query ? `${TOP_UP_PAGE[type]}?${query}` : TOP_UP_PAGE[type]
}

/** The one-tap cancel page of a reminder (no login: the token is the permission). */
export function reminderCancelPage(token: string): string {
  return `/subpackages/userAccount/cancelReminder/cancelReminder?token=${encodeURIComponent(token)}`
}
