import type { Clock } from '../clock'
import type { AlipaySubscribeSettings } from '../config'
import { AlipayError, createAlipayGateway, type AlipayGatewayKeys } from './alipayGateway'
import {
  NotificationRefusedError,
  NotificationUnavailableError,
  type NotificationProvider,
  type OutgoingNotification,
} from './notification'
import { cutText, notificationFieldValues } from './notificationFields'
import { timedFetch } from './timedFetch'

// Alipay mini-program subscribe messages (issue 20): `alipay.open.app.mini.templatemessage.send`, the method Alipay's
// subscribe-message guide sends with once the user accepted the template in my.requestSubscribeMessage (no form_id
// for subscribe templates), signed through the same gateway as payments and login (alipayGateway.ts). `data` is a JSON
// string of {keywordN: {value}}: every keyword of the template (USER_TEMPLATE_LACK_KEYWORD otherwise), each value at
// most 50 characters (USER_KEYWORD_LENGTH_ERROR) — cut here, never sent too long. docs/notifications.md § Vendors.

export interface AlipaySubscribeDeps {
  keys: AlipayGatewayKeys
  settings: AlipaySubscribeSettings
  clock: Clock
  fetch?: typeof fetch
  /** How long a send may take before it counts as "maybe sent" (default 10 s). */
  timeoutMs?: number
}

export const ALIPAY_SUBSCRIBE_METHOD = 'alipay.open.app.mini.templatemessage.send'

/** Alipay's limit on one keyword's value. */
export const ALIPAY_KEYWORD_MAX = 50

/** A value as the keyword shows it: amounts in yuan with "元", everything at most 50 characters. */
export function alipayKeywordValue(source: string, text: string): string {
  if (source === 'amount' && Number.isFinite(Number(text))) return `${Number(text).toFixed(2)}元`
  return cutText(text, ALIPAY_KEYWORD_MAX)
}

export function createAlipaySubscribeMessage(deps: AlipaySubscribeDeps): NotificationProvider {
  const { settings } = deps
  const timeoutMs = deps.timeoutMs ?? 10_000
  // A notification must not hold a worker for as long as the gateway would wait.
  const gateway = createAlipayGateway(deps.keys, deps.clock, timedFetch(deps.fetch ?? fetch, timeoutMs))

  return {
    sandbox: false,
    async send(message: OutgoingNotification) {
      if (!message.templateId) throw new NotificationRefusedError('no Alipay template granted', 'NO_TEMPLATE')
      const map = settings.fields[message.event] ?? {}
      const data: Record<string, { value: string }> = {}
      for (const [keyword, value] of Object.entries(notificationFieldValues(message, settings.fields))) {
        data[keyword] = { value: alipayKeywordValue(map[keyword], value) }
      }
      // Users of apps created since 2023 are known by open_id; older apps' by user_id (2088 + 12 digits).
      const to = /^2088\d{12}$/.test(message.recipient)
        ? { to_user_id: message.recipient }
        : { to_open_id: message.recipient }
      try {
        await gateway(ALIPAY_SUBSCRIBE_METHOD, {
          biz: {
            ...to,
            user_template_id: message.templateId,
            page: message.params.page || settings.defaultPage,
            data: JSON.stringify(data),
          },
        })
      } catch (error) {
        if (error instanceof AlipayError) {
          const reason = error.message
          // 20000 service unavailable and isp.* (Alipay's own failure): the message may have left before it failed.
          if (error.code === '20000' || error.subCode.startsWith('isp.'))
            throw new Error(`${reason}; the message may have been sent`)
          // 40004 business failures (template, keywords, no subscription) and 4000x request errors: not sent.
          throw new NotificationRefusedError(reason, error.subCode || error.code)
        }
        const code = (error as { cause?: { code?: string } }).cause?.code
        if (code === 'ECONNREFUSED' || code === 'ENOTFOUND') {
          throw new NotificationUnavailableError(`Alipay unreachable (${code})`)
        }
        // A timeout, a reset, an HTTP error, garbage or an unsigned "success": Alipay may have sent it.
        throw new Error(
          `Alipay ${ALIPAY_SUBSCRIBE_METHOD}: ${(error as Error).message}; the message may have been sent`,
        )
      }
      return { messageId: `alipay-${message.id}` }
    },
  }
}
