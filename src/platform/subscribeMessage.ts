import Taro from '@tarojs/taro'
import { LifePayNotificationChannel } from '../domain/lifePayNotification'
import type { ReminderSubscriptionAnswer } from '../../types/api/reminders'

// Subscribe messages (issue 20): WeChat's wx.requestSubscribeMessage and Alipay's my.requestSubscribeMessage are
// one-time grants asked on a user's tap; H5 has none (its reminders go by SMS). Small on purpose, to merge with the
// pay tap's helper (branch notifications).

/** How this build's reminders reach the user. */
export function notificationChannel(): LifePayNotificationChannel {
  if (process.env.TARO_ENV === 'weapp') return LifePayNotificationChannel.Wechat
  if (process.env.TARO_ENV === 'alipay') return LifePayNotificationChannel.Alipay
  return LifePayNotificationChannel.Sms
}

/** The reminder template of this host (its console's id; the server's sandbox id by default). */
export function reminderTemplateId(): string {
  const host = process.env.TARO_ENV === 'alipay' ? 'alipay' : 'wechat'
  return process.env.TARO_APP_REMINDER_TEMPLATE_ID || `sandbox-${host}-topUpReminder`
}

type Decision = ReminderSubscriptionAnswer['decision']

function decisionOf(value: unknown): Decision {
  return value === 'accept' || value === 'ban' || value === 'filter' ? value : 'reject'
}

interface AlipaySubscribeResult {
  /** Alipay: the template ids the user agreed to. */
  subscribeEntityIds?: string[]
  [templateId: string]: unknown
}

/**
 * Asks the host for one grant of `templateId` (call it inside the tap's handler: both hosts refuse it otherwise);
 * the host's answer, or null on H5 or when the host failed to ask (then the reminder is saved needing a subscribe).
 */
export async function requestSubscription(templateId: string): Promise<ReminderSubscriptionAnswer | null> {
  const env = process.env.TARO_ENV
  if (env !== 'weapp' && env !== 'alipay') return null
  try {
    if (env === 'alipay') {
      const my = (globalThis as unknown as { my: { requestSubscribeMessage: (o: object) => void } }).my
      const result = await new Promise<AlipaySubscribeResult>((resolve, reject) =>
        my.requestSubscribeMessage({ entityIds: [templateId], success: resolve, fail: reject }),
      )
      const accepted = result.subscribeEntityIds?.includes(templateId) ?? result[templateId] === 'accept'
      return { templateId, decision: accepted ? 'accept' : decisionOf(result[templateId]) }
    }
    const result = (await Taro.requestSubscribeMessage({ tmplIds: [templateId] } as never)) as unknown as Record<
      string,
      unknown
    >
    return { templateId, decision: decisionOf(result[templateId]) }
  } catch {
    return null
  }
}
