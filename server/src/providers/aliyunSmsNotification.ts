import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../clock'
import type { SmsNotifySettings } from '../config'
import { callAliyun } from './aliyunCall'
import type { AliyunCredentials } from './aliyunSignature'
import { DYSMSAPI_VERSION } from './aliyunSms'
import {
  NotificationRefusedError,
  NotificationUnavailableError,
  type NotificationProvider,
  type OutgoingNotification,
} from './notification'
import { cutText, notificationFieldValues } from './notificationFields'

// Notification SMS on Alibaba Cloud (issue 20): Dysmsapi SendSms with the event's approved notification template
// (短信通知, NOTIFY_SMS_TEMPLATES), TemplateParam from the event's variable map, each variable cut to the 35
// characters a notification template's variable may hold, and OutId = our outbox row's id (Alibaba Cloud echoes it in
// delivery receipts). The same V3-signed call as verification codes (aliyunCall.ts). docs/notifications.md § Vendors.

export interface AliyunSmsNotificationDeps {
  settings: SmsNotifySettings
  credentials: AliyunCredentials
  clock: Clock
  log: FastifyBaseLogger
  fetch?: typeof fetch
}

/** A notification template's variable: at most 35 characters (isv.PARAM_LENGTH_LIMIT beyond). */
export const SMS_VARIABLE_MAX = 35

/**
 * Flow control: refused before sending, worth a later try. Alibaba Cloud's own failures (isp.SYSTEM_ERROR,
 * ServiceUnavailable, HTTP 5xx) are not here: the SMS may have left before the failure, so they count as maybe sent.
 */
const UNAVAILABLE = new Set(['isv.BUSINESS_LIMIT_CONTROL', 'isv.DAY_LIMIT_CONTROL', 'isv.MONTH_LIMIT_CONTROL'])

/** Alibaba Cloud failed on its side: whether the SMS went out is unknown. */
const MAYBE_SENT = new Set(['isp.SYSTEM_ERROR', 'ServiceUnavailable', 'InternalError'])

export function createAliyunSmsNotification(deps: AliyunSmsNotificationDeps): NotificationProvider {
  const { settings, log } = deps
  return {
    sandbox: false,
    async send(message: OutgoingNotification) {
      const templateCode = settings.templateCodes[message.event]
      if (!templateCode) {
        throw new NotificationRefusedError(`no SMS template configured for ${message.event}`, 'NO_TEMPLATE')
      }
      const variables: Record<string, string> = {}
      for (const [name, value] of Object.entries(notificationFieldValues(message, settings.fields))) {
        variables[name] = cutText(value, SMS_VARIABLE_MAX)
      }
      let answer
      try {
        answer = await callAliyun(
          { ...deps, credentials: deps.credentials },
          {
            endpoint: settings.endpoint,
            action: 'SendSms',
            version: DYSMSAPI_VERSION,
            params: {
              PhoneNumbers: message.recipient,
              SignName: settings.signName,
              TemplateCode: templateCode,
              TemplateParam: JSON.stringify(variables),
              OutId: String(message.id),
            },
          },
          { message: 'Alibaba Cloud SendSms (notification) failed', context: { notificationId: message.id } },
        )
      } catch {
        // No answer (timeout, connection lost; logged by callAliyun): the SMS may have gone out.
        throw new Error('Alibaba Cloud SendSms: no answer; the SMS may have been sent')
      }
      const code = typeof answer.body.Code === 'string' ? answer.body.Code : ''
      if (answer.status === 200 && code === 'OK') return { messageId: String(answer.body.BizId ?? `sms-${message.id}`) }
      const reason =
        `Alibaba Cloud SendSms: ${code || `HTTP ${answer.status}`} ${String(answer.body.Message ?? '')}`.trim()
      const detail = { notificationId: message.id, status: answer.status, code, requestId: answer.body.RequestId }
      if (UNAVAILABLE.has(code) || code.startsWith('Throttling')) {
        log.warn(detail, 'Alibaba Cloud SMS: not now')
        throw new NotificationUnavailableError(reason)
      }
      if (MAYBE_SENT.has(code) || answer.status >= 500) {
        log.warn(detail, 'Alibaba Cloud SMS failed on its side: the SMS may have been sent')
        throw new Error(`${reason}; the SMS may have been sent`)
      }
      // The number, the template's variables, the balance, the sign name or our AccessKey: not sent, not retried.
      log.error(detail, 'Alibaba Cloud SMS refused the notification')
      throw new NotificationRefusedError(reason, code || `HTTP_${answer.status}`)
    },
  }
}
