import type { FastifySchemaValidationError } from 'fastify/types/schema'
import type { ApiErrorCode } from '@contract/errorCodes'
import type { Locale } from '@domain/locale'
import { validationMessages, type ValidationMessageKey } from '@domain/validationMessages'
import { validateField, type Rule } from '@domain/validators'
import { ApiError, type LocalizedText } from './apiError'

export const VALIDATION_FAILED = 'VALIDATION_FAILED' satisfies ApiErrorCode

/** How a request field is named in messages; an unlisted field is named as on the wire. */
const fieldLabels: Record<string, LocalizedText> = {
  phoneNumber: { 'zh-CN': '手机号', 'en-US': 'Phone number' },
  phone: { 'zh-CN': '手机号', 'en-US': 'Phone number' },
  loginName: { 'zh-CN': '账号', 'en-US': 'Login name' },
  password: { 'zh-CN': '密码', 'en-US': 'Password' },
  code: { 'zh-CN': '验证码', 'en-US': 'Verification code' },
  userName: { 'zh-CN': '用户名', 'en-US': 'User name' },
  businessType: { 'zh-CN': '验证码用途', 'en-US': 'Code purpose' },
  openId: { 'zh-CN': 'openId', 'en-US': 'openId' },
  sessionKey: { 'zh-CN': 'sessionKey', 'en-US': 'sessionKey' },
  encryptedData: { 'zh-CN': '授权数据', 'en-US': 'encryptedData' },
  iv: { 'zh-CN': '授权数据', 'en-US': 'iv' },
  uId: { 'zh-CN': '推荐人', 'en-US': 'uId' },
  refreshToken: { 'zh-CN': '刷新令牌', 'en-US': 'Refresh token' },
  clientId: { 'zh-CN': '客户端', 'en-US': 'Client id' },
  parValue: { 'zh-CN': '充值面额', 'en-US': 'Face value' },
  idempotencyKey: { 'zh-CN': '请求编号', 'en-US': 'Idempotency key' },
  ispCode: { 'zh-CN': '运营商', 'en-US': 'Carrier' },
  name: { 'zh-CN': '户主姓名', 'en-US': 'Holder name' },
  electricAccount: { 'zh-CN': '电费户号', 'en-US': 'Electricity account' },
  electricType: { 'zh-CN': '电网类型', 'en-US': 'Grid' },
  electricAccountType: { 'zh-CN': '户号类型', 'en-US': 'Account type' },
  sixID: { 'zh-CN': '身份证后6位', 'en-US': 'ID number, last 6' },
  province: { 'zh-CN': '省份', 'en-US': 'Province' },
  city: { 'zh-CN': '城市', 'en-US': 'City' },
  gasAccount: { 'zh-CN': '燃气户号', 'en-US': 'Gas account' },
  gasOrgType: { 'zh-CN': '燃气公司', 'en-US': 'Gas company' },
  orderNo: { 'zh-CN': '订单号', 'en-US': 'Order number' },
  date: { 'zh-CN': '日期', 'en-US': 'Date' },
  lifePayType: { 'zh-CN': '类型', 'en-US': 'Type' },
  lifePayOrderType: { 'zh-CN': '订单类型', 'en-US': 'Order type' },
  refundApplyRemark: { 'zh-CN': '退款原因', 'en-US': 'Refund reason' },
  refundApplyReason: { 'zh-CN': '退款原因', 'en-US': 'Refund reason' },
  reason: { 'zh-CN': '原因', 'en-US': 'Reason' },
  pageIndex: { 'zh-CN': '页码', 'en-US': 'Page' },
  pageSize: { 'zh-CN': '每页条数', 'en-US': 'Page size' },
  content: { 'zh-CN': '账户', 'en-US': 'Account' },
  remark: { 'zh-CN': '备注', 'en-US': 'Remark' },
  id: { 'zh-CN': '编号', 'en-US': 'Id' },
  refundCredentialsImgUrl: { 'zh-CN': '退款凭证', 'en-US': 'Refund voucher' },
  // Issue 20: the account lookup's account number (electricity or gas).
  account: { 'zh-CN': '户号', 'en-US': 'Account number' },
}

function labelOf(field: string): LocalizedText {
  return fieldLabels[field] ?? { 'zh-CN': field, 'en-US': field }
}

/** `VALIDATION_FAILED` naming the field: '手机号：请输入正确的手机号' / 'Phone number: Please enter …'. */
export function invalidField(field: string, message: LocalizedText): ApiError {
  const label = labelOf(field)
  return new ApiError(
    VALIDATION_FAILED,
    { 'zh-CN': `${label['zh-CN']}：${message['zh-CN']}`, 'en-US': `${label['en-US']}: ${message['en-US']}` },
    { field },
  )
}

function messageOf(key: ValidationMessageKey): LocalizedText {
  const text = (locale: Locale) => validationMessages[locale][key]
  return { 'zh-CN': text('zh-CN'), 'en-US': text('en-US') }
}

/** Runs the shared validators (domain/validators) on one field; throws the first failure. */
export function checkField(field: string, value: unknown, rules: readonly Rule[]): void {
  const key = validateField(value, rules)
  if (key) throw invalidField(field, messageOf(key))
}

const invalidValue: LocalizedText = { 'zh-CN': '格式不正确', 'en-US': 'invalid value' }

/** A JSON-schema failure (wrong type, missing, not one of the allowed values) as VALIDATION_FAILED. */
export function schemaValidationError(validation: readonly FastifySchemaValidationError[]): ApiError {
  const first = validation[0]
  const params = (first?.params ?? {}) as { missingProperty?: string; allowedValues?: unknown[] }
  const fromPath = (first?.instancePath ?? '').split('/').filter(Boolean).pop()
  const field = params.missingProperty ?? fromPath ?? 'body'
  if (first?.keyword === 'required') return invalidField(field, messageOf('required'))
  if (first?.keyword === 'enum' && params.allowedValues) {
    const allowed = params.allowedValues.join(', ')
    return invalidField(field, { 'zh-CN': `取值应为 ${allowed} 之一`, 'en-US': `must be one of ${allowed}` })
  }
  if (first?.keyword === 'maxLength' || first?.keyword === 'minLength') {
    return invalidField(field, { 'zh-CN': '长度不正确', 'en-US': first.message ?? 'invalid length' })
  }
  if (first?.keyword === 'minimum' || first?.keyword === 'maximum') {
    return invalidField(field, { 'zh-CN': '超出允许范围', 'en-US': first.message ?? 'out of range' })
  }
  return invalidField(field, invalidValue)
}
