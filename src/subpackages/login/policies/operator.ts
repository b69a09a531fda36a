import type { Locale } from '../../../domain/locale'

// Marked placeholders: the operator replaces them here before release, and every policy text follows.

export interface OperatorDetails {
  name: string
  email: string
  phone: string
  address: string
  effectiveDate: string
  partners: string
}

export const operatorDetails: Record<Locale, OperatorDetails> = {
  'zh-CN': {
    name: '【待运营方填写：运营主体全称】',
    email: '【待运营方填写：客服邮箱】',
    phone: '【待运营方填写：客服电话】',
    address: '【待运营方填写：联系地址】',
    effectiveDate: '【待运营方填写：生效日期】',
    partners: '【待运营方填写：实际接入的充值服务商、短信服务商和云服务商名称】',
  },
  'en-US': {
    name: '[Operator to fill in: legal name of the operator]',
    email: '[Operator to fill in: support email]',
    phone: '[Operator to fill in: support phone number]',
    address: '[Operator to fill in: contact address]',
    effectiveDate: '[Operator to fill in: effective date]',
    partners: '[Operator to fill in: names of the recharge suppliers, SMS provider and cloud provider in use]',
  },
}
