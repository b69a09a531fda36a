import type { Locale } from '@domain/locale'

// The operator's identity on the legal pages, from the build's configuration (README § Configuration:
// TARO_APP_OPERATOR_*); a production build without it fails (config/operatorSettings.ts). Any other build without it
// says so on the page, rather than name an operator that does not exist.

export interface OperatorDetails {
  name: string
  email: string
  phone: string
  address: string
  effectiveDate: string
  /** The ICP filing number (ICP备案号) of the service. */
  icpFiling: string
  partners: string
}

const notConfigured: Record<Locale, string> = {
  'zh-CN': '（演示构建，运营方未配置）',
  'en-US': '(demo build: operator not configured)',
}

/** Not an identity, the kinds of partner the privacy policy names; a release may list them by name. */
const partners: Record<Locale, string> = {
  'zh-CN': '话费、电费、燃气费充值服务商，短信服务商，以及提供云计算与对象存储服务的云服务商',
  'en-US': 'phone, electricity and gas top-up suppliers, an SMS provider and a cloud computing and storage provider',
}

const configured = (value: string | undefined, fallback: string) => value?.trim() || fallback

// Each variable is written out in full: the build replaces `process.env.TARO_APP_…` expressions by their values.
export const operatorDetails: Record<Locale, OperatorDetails> = {
  'zh-CN': {
    name: configured(process.env.TARO_APP_OPERATOR_NAME, notConfigured['zh-CN']),
    email: configured(process.env.TARO_APP_OPERATOR_EMAIL, notConfigured['zh-CN']),
    phone: configured(process.env.TARO_APP_OPERATOR_PHONE, notConfigured['zh-CN']),
    address: configured(process.env.TARO_APP_OPERATOR_ADDRESS, notConfigured['zh-CN']),
    effectiveDate: configured(process.env.TARO_APP_OPERATOR_EFFECTIVE_DATE, notConfigured['zh-CN']),
    icpFiling: configured(process.env.TARO_APP_OPERATOR_ICP_FILING, notConfigured['zh-CN']),
    partners: configured(process.env.TARO_APP_OPERATOR_PARTNERS, partners['zh-CN']),
  },
  'en-US': {
    name: configured(process.env.TARO_APP_OPERATOR_NAME_EN, notConfigured['en-US']),
    email: configured(process.env.TARO_APP_OPERATOR_EMAIL, notConfigured['en-US']),
    phone: configured(
      process.env.TARO_APP_OPERATOR_PHONE_EN,
      configured(process.env.TARO_APP_OPERATOR_PHONE, notConfigured['en-US']),
    ),
    address: configured(process.env.TARO_APP_OPERATOR_ADDRESS_EN, notConfigured['en-US']),
    effectiveDate: configured(process.env.TARO_APP_OPERATOR_EFFECTIVE_DATE_EN, notConfigured['en-US']),
    icpFiling: configured(process.env.TARO_APP_OPERATOR_ICP_FILING, notConfigured['en-US']),
    partners: configured(process.env.TARO_APP_OPERATOR_PARTNERS_EN, partners['en-US']),
  },
}
