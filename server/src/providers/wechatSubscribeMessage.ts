import type { Clock } from '../clock'
import type { WechatSubscribeSettings } from '../config'
import {
  NotificationRefusedError,
  NotificationUnavailableError,
  type NotificationProvider,
  type OutgoingNotification,
} from './notification'
import { cutText, notificationFieldValues } from './notificationFields'
import { createWechatAccessToken, TOKEN_STALE } from './wechatAccessToken'

// WeChat mini-program subscribe messages (issue 20): POST /cgi-bin/message/subscribe/send with the app's access token
// (wechatAccessToken.ts, shared with the identity adapter), the user's openid, the template the user granted in
// wx.requestSubscribeMessage (one message per grant), and `data` built from the event's field map with WeChat's value
// rules applied here — a value WeChat would refuse (47003) is cut or reformatted before it is sent, never sent as is.
// docs/notifications.md § Vendors.

export interface WechatSubscribeDeps {
  settings: WechatSubscribeSettings
  clock: Clock
  fetch?: typeof fetch
  /** How long a send may take before it counts as "maybe sent" (default 10 s). */
  timeoutMs?: number
}

/** The user withdrew or never gave the grant (43101), a value or the page was refused, the openid or template wrong. */
const REFUSED = new Set([40003, 40037, 41030, 43101, 47003])
/** System busy, the daily quota, the per-minute rate: nothing was sent, worth a later try. */
const UNAVAILABLE = new Set([-1, 45009, 45011])

interface WxAnswer {
  errcode?: number
  errmsg?: string
  msgid?: number | string
}

/** A call that did not get through to WeChat at all: nothing can have been sent. */
class NotReached extends Error {}

/** "2026-03-05 14:30" (our params' Asia/Shanghai time) as WeChat's documented example writes it: 2026年3月5日 14:30. */
function wechatTime(text: string, withTime: boolean): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?/.exec(text)
  if (!match) return null
  const [, year, month, day, hour, minute] = match
  const date = `${year}年${Number(month)}月${Number(day)}日`
  return withTime && hour !== undefined ? `${date} ${hour}:${minute}` : date
}

/**
 * A value as WeChat takes it for this field, by the field's type (its name without the trailing number): WeChat's
 * 订阅消息参数值内容限制. Text is cut, formats are rewritten; a value that cannot be made valid is refused.
 */
export function wechatSubscribeValue(field: string, text: string): string {
  const type = field.replace(/\d+$/, '')
  const invalid = () =>
    new NotificationRefusedError(`"${text}" cannot be a WeChat ${type} value (${field})`, 'PARAM_INVALID')
  const kept = (value: string, max: number) => {
    const cut = [...value].slice(0, max).join('')
    if (cut === '') throw invalid()
    return cut
  }
  switch (type) {
    case 'thing':
      return cutText(text, 20)
    case 'character_string':
      return kept(text.replace(/[^A-Za-z0-9_-]/g, ''), 32)
    case 'number':
      return kept(text.replace(/[^0-9.]/g, ''), 32)
    case 'letter':
      return kept(text.replace(/[^A-Za-z]/g, ''), 32)
    case 'phrase':
      // 5 Chinese characters at most, nothing else.
      return kept(text.replace(/[^\p{Script=Han}]/gu, ''), 5)
    case 'phone_number':
      return kept(text.replace(/[^0-9+\-*]/g, ''), 17)
    case 'name':
      return /\p{Script=Han}/u.test(text) ? kept(text, 10) : kept(text, 20)
    case 'amount': {
      // A currency sign or none, at most 10 digits, "元" allowed at the end: our yuan with two decimals.
      const yuan = Number(text.replace(/[^0-9.]/g, ''))
      const digits = Number.isFinite(yuan) ? yuan.toFixed(2) : ''
      if (digits === '' || digits.replace('.', '').length > 10) throw invalid()
      return `${digits}元`
    }
    case 'time':
    case 'date': {
      const value = wechatTime(text, true)
      if (!value) throw invalid()
      return value
    }
    default:
      // symbol, car_number, enum…: no param of ours fits them; configuration is refused before it gets here.
      throw invalid()
  }
}

export function createWechatSubscribeMessage(deps: WechatSubscribeDeps): NotificationProvider {
  const { settings, clock } = deps
  const doFetch = deps.fetch ?? fetch
  const timeoutMs = deps.timeoutMs ?? 10_000

  async function call(path: string, body: unknown, query: Record<string, string> = {}): Promise<WxAnswer> {
    const url = new URL(path, settings.baseUrl)
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
    let response: Response
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      // Refused before a byte was sent: WeChat never saw it. A timeout or a reset may come after WeChat took it.
      const code = (error as { cause?: { code?: string } }).cause?.code
      if (code === 'ECONNREFUSED' || code === 'ENOTFOUND') throw new NotReached(`WeChat unreachable (${code})`)
      throw new Error(`WeChat ${path}: no answer (${(error as Error).message}); the message may have been sent`)
    }
    const text = await response.text()
    if (!response.ok) throw new Error(`WeChat ${path}: HTTP ${response.status}; the message may have been sent`)
    try {
      return JSON.parse(text) as WxAnswer
    } catch {
      throw new Error(`WeChat ${path}: answer is not JSON; the message may have been sent`)
    }
  }

  // The token fetch happens before anything is sent: any failure there is "not now".
  const token = createWechatAccessToken(settings, clock, async (path, init) => {
    try {
      const answer = await call(path, init.body)
      if (answer.errcode !== undefined && UNAVAILABLE.has(answer.errcode)) {
        throw new Error(`errcode ${answer.errcode}`)
      }
      return answer as Awaited<ReturnType<Parameters<typeof createWechatAccessToken>[2]>>
    } catch (error) {
      throw new NotificationUnavailableError(`WeChat access token: ${(error as Error).message}`)
    }
  })

  return {
    sandbox: false,
    async send(message: OutgoingNotification) {
      if (!message.templateId) throw new NotificationRefusedError('no WeChat template granted', 'NO_TEMPLATE')
      const data: Record<string, { value: string }> = {}
      for (const [field, value] of Object.entries(notificationFieldValues(message, settings.fields))) {
        data[field] = { value: wechatSubscribeValue(field, value) }
      }
      const body = {
        touser: message.recipient,
        template_id: message.templateId,
        ...(message.params.page ? { page: message.params.page } : {}),
        data,
        miniprogram_state: settings.miniprogramState,
        lang: 'zh_CN',
      }
      let current = await token.get()
      for (let attempt = 0; ; attempt++) {
        let answer: WxAnswer
        try {
          answer = await call('/cgi-bin/message/subscribe/send', body, { access_token: current })
        } catch (error) {
          if (error instanceof NotReached) throw new NotificationUnavailableError(error.message)
          throw error
        }
        const errcode = answer.errcode ?? 0
        if (errcode === 0) return { messageId: String(answer.msgid ?? `wx-${message.id}`) }
        // A token another server replaced or that expired early: refreshed once, the same message sent again (WeChat
        // sent nothing on a token error).
        if (TOKEN_STALE.has(errcode) && attempt === 0) {
          current = await token.get(current)
          continue
        }
        const reason = `WeChat subscribe/send: errcode ${errcode} ${answer.errmsg ?? ''}`.trim()
        if (UNAVAILABLE.has(errcode) || TOKEN_STALE.has(errcode)) throw new NotificationUnavailableError(reason)
        // 43101 no grant, 47003 a value refused, and anything else WeChat answers with an error code: not sent.
        throw new NotificationRefusedError(reason, REFUSED.has(errcode) ? String(errcode) : `WX_${errcode}`)
      }
    },
  }
}
