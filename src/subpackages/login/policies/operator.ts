import type { Locale } from '../../../domain/locale'

// The operator's identity on the legal pages, from the build's configuration (README § Configuration:
// TARO_APP_OPERATOR_*). Without it, a sample identity that reads as a real one, so a development build shows the
// pages as users will see them; a release build sets the operator's own.

export interface OperatorDetails {
  name: string
  email: string
  phone: string
  address: string
  effectiveDate: string
  partners: string
}

const sample: Record<Locale, OperatorDetails> = {
  'zh-CN': {
    name: '杭州生活缴费网络科技有限公司',
    email: 'service@life-pay.example',
    phone: '400-826-0580',
    address: '浙江省杭州市西湖区文三路 478 号华星时代广场 A 座 12 楼',
    effectiveDate: '2026年1月1日',
    partners: '话费、电费、燃气费充值服务商，短信服务商，以及提供云计算与对象存储服务的云服务商',
  },
  'en-US': {
    name: 'Hangzhou Life Pay Network Technology Co., Ltd.',
    email: 'service@life-pay.example',
    phone: '+86 400-826-0580',
    address: '12/F, Tower A, Huaxing Times Square, 478 Wensan Road, Xihu District, Hangzhou, Zhejiang, China',
    effectiveDate: '1 January 2026',
    partners: 'phone, electricity and gas top-up suppliers, an SMS provider and a cloud computing and storage provider',
  },
}

const configured = (value: string | undefined, fallback: string) => value?.trim() || fallback

// Each variable is written out in full: the build replaces `process.env.TARO_APP_…` expressions by their values.
export const operatorDetails: Record<Locale, OperatorDetails> = {
  'zh-CN': {
    name: configured(process.env.TARO_APP_OPERATOR_NAME, sample['zh-CN'].name),
    email: configured(process.env.TARO_APP_OPERATOR_EMAIL, sample['zh-CN'].email),
    phone: configured(process.env.TARO_APP_OPERATOR_PHONE, sample['zh-CN'].phone),
    address: configured(process.env.TARO_APP_OPERATOR_ADDRESS, sample['zh-CN'].address),
    effectiveDate: configured(process.env.TARO_APP_OPERATOR_EFFECTIVE_DATE, sample['zh-CN'].effectiveDate),
    partners: configured(process.env.TARO_APP_OPERATOR_PARTNERS, sample['zh-CN'].partners),
  },
  'en-US': {
    name: configured(process.env.TARO_APP_OPERATOR_NAME_EN, sample['en-US'].name),
    email: configured(process.env.TARO_APP_OPERATOR_EMAIL, sample['en-US'].email),
    phone: configured(process.env.TARO_APP_OPERATOR_PHONE_EN, sample['en-US'].phone),
    address: configured(process.env.TARO_APP_OPERATOR_ADDRESS_EN, sample['en-US'].address),
    effectiveDate: configured(process.env.TARO_APP_OPERATOR_EFFECTIVE_DATE_EN, sample['en-US'].effectiveDate),
    partners: configured(process.env.TARO_APP_OPERATOR_PARTNERS_EN, sample['en-US'].partners),
  },
}
