import type { AliyunSettings } from '../config'
import { errors } from '../http/errors'
import { callAliyun, type AliyunCallDeps } from './aliyunCall'
import type { SmsProvider } from './sms'

// Alibaba Cloud SMS (Dysmsapi 2017-05-25 SendSms) for verification codes: the approved template of the message's
// businessType (or the default one) with TemplateParam {"code": "…"}, under the approved sign name. The send runs in
// the transaction that stores the code, so any failure here — a refusal or an outage — leaves no code stored.

export const DYSMSAPI_VERSION = '2017-05-25'

export interface AliyunSmsDeps extends AliyunCallDeps {
  settings: NonNullable<AliyunSettings['sms']>
}

export function createAliyunSms(deps: AliyunSmsDeps): SmsProvider {
  const { settings, log } = deps
  return {
    sandbox: false,
    async send(_executor, message) {
      const templateCode = settings.templateCodes[message.businessType] ?? settings.templateCode
      const answer = await callAliyun(
        deps,
        {
          endpoint: settings.endpoint,
          action: 'SendSms',
          version: DYSMSAPI_VERSION,
          params: {
            PhoneNumbers: message.phoneNumber,
            SignName: settings.signName,
            TemplateCode: templateCode,
            TemplateParam: JSON.stringify({ code: message.code }),
          },
        },
        { message: 'Alibaba Cloud SendSms failed', context: { businessType: message.businessType } },
      )
      const code = typeof answer.body.Code === 'string' ? answer.body.Code : ''
      if (answer.status === 200 && code === 'OK') return
      // Never the code itself in the log: only what Alibaba Cloud answered.
      const detail = { status: answer.status, code, message: answer.body.Message, requestId: answer.body.RequestId }
      // Dysmsapi answers its business refusals with HTTP 200 and an isv.* code.
      // Per-number flow control (1 a minute, 5 an hour, 10 a day by default); isv.DAY_LIMIT_CONTROL is the account's.
      if (code === 'isv.BUSINESS_LIMIT_CONTROL') {
        log.warn(detail, 'Alibaba Cloud SMS: rate limit for this number')
        throw errors.smsSendLimited()
      }
      if (code === 'isv.MOBILE_NUMBER_ILLEGAL') {
        log.warn(detail, 'Alibaba Cloud SMS: number refused')
        throw errors.smsNumberUnreachable()
      }
      if (code.startsWith('isv.')) {
        // Sign name, template, parameters, account quota or balance: ours to fix, the user can only try later.
        log.error(detail, 'Alibaba Cloud SMS refused the message')
        throw errors.smsSendRefused()
      }
      // Signature, AccessKey, throttling or a server error: not the user's doing.
      log.error(detail, 'Alibaba Cloud SMS: error answer')
      throw errors.providerUnavailable()
    },
  }
}
