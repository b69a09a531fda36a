import { CarrierCode } from '@domain/carrier'
import type { AliyunSettings } from '../config'
import { callAliyun, type AliyunCallDeps } from './aliyunCall'
import type { CarrierAttribute, CarrierLookupProvider } from './carrierLookup'

// Alibaba Cloud 号码百科 (Dytnsapi 2020-02-17) DescribePhoneNumberOperatorAttribute: the number's carrier today
// (BasicCarrier, after any porting), whether it was ported (IsNumberPortability), its province and city. Signed with
// ACS3-HMAC-SHA256 like the SMS and STS calls; AuthCode is the authorisation id the 号码百科 console issues once the
// tag is approved; the number goes in plain (Mask NORMAL). Any failure is "could not say": the app keeps its prefix
// guess, so a lookup outage never stops a top-up.

export const DYTNSAPI_VERSION = '2020-02-17'
export const DESCRIBE_OPERATOR_ACTION = 'DescribePhoneNumberOperatorAttribute'

/** BasicCarrier's words for the carriers we top up; China Broadnet (中国广电) and others have no code. */
const CARRIERS: Record<string, CarrierCode> = {
  中国移动: CarrierCode.Yidong,
  中国联通: CarrierCode.Liantong,
  中国电信: CarrierCode.Dianxin,
}

export interface AliyunCarrierLookupDeps extends AliyunCallDeps {
  settings: NonNullable<AliyunSettings['carrierLookup']>
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null)

export function createAliyunCarrierLookup(deps: AliyunCarrierLookupDeps): CarrierLookupProvider {
  const { settings, log } = deps
  return {
    sandbox: false,
    async lookup(phone): Promise<CarrierAttribute | null> {
      let answer
      try {
        answer = await callAliyun(
          deps,
          {
            endpoint: settings.endpoint,
            action: DESCRIBE_OPERATOR_ACTION,
            version: DYTNSAPI_VERSION,
            params: { AuthCode: settings.authCode, InputNumber: phone, Mask: 'NORMAL' },
          },
          // Never the number in the log: whose number was looked up is the user's business.
          { message: 'Alibaba Cloud DescribePhoneNumberOperatorAttribute failed' },
        )
      } catch {
        return null
      }
      const code = text(answer.body.Code)
      const data = answer.body.Data as Record<string, unknown> | undefined
      if (answer.status !== 200 || code !== 'OK' || !data || typeof data !== 'object') {
        const detail = { status: answer.status, code, message: answer.body.Message, requestId: answer.body.RequestId }
        log.warn(detail, 'Alibaba Cloud carrier lookup: no answer for this number')
        return null
      }
      const basic = text(data.BasicCarrier)
      return {
        carrier: (basic && CARRIERS[basic]) || null,
        ported: data.IsNumberPortability === true,
        province: text(data.Province),
        city: text(data.City),
      }
    },
  }
}
