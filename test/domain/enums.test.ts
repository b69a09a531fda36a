import { CarrierCode, carrierCodeLabels, carrierCodeValues } from '@domain/carrier'
import * as constants from '@domain/constants'
import {
  ElectricAccountType,
  electricAccountTypeLabels,
  electricAccountTypeChoices,
  electricAccountTypeValues,
  ElectricType,
  electricTypeLabels,
  electricTypeValues,
} from '@domain/electric'
import { EnterpriseKind, enterpriseKindLabels, enterpriseKindValues } from '@domain/enterpriseKind'
import { GasProvider, gasProviderLabels, gasProviderValues } from '@domain/gas'
import {
  LifePayFrontStatus,
  lifePayFrontStatusLabels,
  lifePayFrontStatusValues,
  LifePayOrderStatus,
  lifePayOrderStatusLabels,
  lifePayOrderStatusValues,
  LifePayStatus,
  lifePayStatusLabels,
  lifePayStatusValues,
} from '@domain/lifePayStatus'
import { LifePayOrderType, lifePayOrderTypeLabels, lifePayOrderTypeValues } from '@domain/lifePayOrderType'
import { LifePayType, lifePayTypeLabels, lifePayTypeValues } from '@domain/lifePayType'
import { DEFAULT_LOCALE, label, type Labels, localeValues } from '@domain/locale'
import { PlatformType, platformTypeLabels, platformTypeValues } from '@domain/platformType'
import { LifePayRateType, lifePayRateTypeLabels, lifePayRateTypeValues } from '@domain/rateType'
import { RefreshKind, refreshKindLabels, refreshKindValues } from '@domain/refreshKind'
import { ShowType, showTypeLabels, showTypeValues } from '@domain/showType'
import {
  VerificationCodeBusinessType,
  verificationCodeBusinessTypeLabels,
  verificationCodeBusinessTypeValues,
} from '@domain/verificationCodePurpose'

// [member, value in the SPEC, English text in the SPEC] — en-US labels are that text, sentence-cased.
type Row<T> = readonly [member: T, specValue: string | number, specText: string]

function describeEnum<T extends string | number>(
  name: string,
  rows: readonly Row<T>[],
  values: readonly T[],
  labels: Labels<T>,
  zh: Record<string, string>,
) {
  describe(name, () => {
    it.each(rows.map((row) => [String(row[1]), ...row] as const))('%s has the SPEC value', (_, member, value) => {
      expect(member).toBe(value)
    })

    it('lists exactly the SPEC values, in order, in its values array', () => {
      expect(values).toEqual(rows.map((row) => row[1]))
    })

    it.each(rows.map((row) => [row[2], row[0]] as const))('en-US label is the SPEC text "%s"', (text, member) => {
      expect(label(labels, member, 'en-US').toLowerCase()).toBe(text.toLowerCase())
    })

    it('has a zh-CN label for every value', () => {
      const expected = Object.fromEntries(rows.map((row) => [String(row[1]), zh[String(row[1])]]))
      expect(Object.fromEntries(values.map((value) => [String(value), label(labels, value, 'zh-CN')]))).toEqual(
        expected,
      )
    })
  })
}

describeEnum(
  'LifePayStatus',
  [
    [LifePayStatus.Unpaid, 10, 'unpaid'],
    [LifePayStatus.Paid, 20, 'paid'],
    [LifePayStatus.PendingRefund, 30, 'pending refund'],
    [LifePayStatus.Refunded, 40, 'refunded'],
  ],
  lifePayStatusValues,
  lifePayStatusLabels,
  { 10: '待支付', 20: '已支付', 30: '待退款', 40: '已退款' },
)

describeEnum(
  'LifePayOrderStatus',
  [
    [LifePayOrderStatus.PendingConfirmation, 10, 'pending confirmation'],
    [LifePayOrderStatus.Failed, 20, 'failed'],
    [LifePayOrderStatus.Completed, 30, 'completed'],
    [LifePayOrderStatus.RefundPendingReview, 40, 'refund pending review'],
    [LifePayOrderStatus.Refunded, 50, 'refunded'],
    [LifePayOrderStatus.RefundFailed, 60, 'refund failed'],
  ],
  lifePayOrderStatusValues,
  lifePayOrderStatusLabels,
  { 10: '待确认', 20: '失败', 30: '已完成', 40: '退款待审核', 50: '已退款', 60: '退款失败' },
)

describeEnum(
  'LifePayFrontStatus',
  [
    [LifePayFrontStatus.PaymentSucceeded, 10, 'payment succeeded'],
    [LifePayFrontStatus.RefundPendingReview, 40, 'refund pending review'],
    [LifePayFrontStatus.Refunded, 50, 'refunded'],
    [LifePayFrontStatus.RefundFailed, 60, 'refund failed'],
    [LifePayFrontStatus.RechargeSucceeded, 100, 'recharge succeeded'],
  ],
  lifePayFrontStatusValues,
  lifePayFrontStatusLabels,
  { 10: '支付成功', 40: '退款待审核', 50: '已退款', 60: '退款失败', 100: '充值成功' },
)

describeEnum(
  'LifePayRateType',
  [
    [LifePayRateType.DefaultPhone, 10, 'default phone discount'],
    [LifePayRateType.DefaultElectric, 20, 'default electric discount'],
    [LifePayRateType.DefaultGas, 30, 'default gas discount'],
    [LifePayRateType.SupplierDiscount, 40, 'supplier discount price'],
  ],
  lifePayRateTypeValues,
  lifePayRateTypeLabels,
  { 10: '默认话费折扣', 20: '默认电费折扣', 30: '默认燃气费折扣', 40: '供应商折扣价' },
)

// SPEC names the pay types by their identifiers; the labels are the products' names.
describeEnum(
  'LifePayType',
  [
    [LifePayType.WxPay, 10, 'WeChat Pay'],
    [LifePayType.AliPay, 20, 'Alipay'],
  ],
  lifePayTypeValues,
  lifePayTypeLabels,
  { 10: '微信支付', 20: '支付宝' },
)

// SPEC §1 words: phone bill, electricity bill, gas bill.
describeEnum(
  'LifePayOrderType',
  [
    [LifePayOrderType.Phone, 10, 'phone bill'],
    [LifePayOrderType.Electric, 20, 'electricity bill'],
    [LifePayOrderType.Gas, 30, 'gas bill'],
  ],
  lifePayOrderTypeValues,
  lifePayOrderTypeLabels,
  { 10: '话费', 20: '电费', 30: '燃气费' },
)

describeEnum(
  'CarrierCode',
  [
    [CarrierCode.Yidong, 'yidong', 'China Mobile'],
    [CarrierCode.Dianxin, 'dianxin', 'China Telecom'],
    [CarrierCode.Liantong, 'liantong', 'China Unicom'],
  ],
  carrierCodeValues,
  carrierCodeLabels,
  { yidong: '中国移动', dianxin: '中国电信', liantong: '中国联通' },
)

describeEnum(
  'ElectricType',
  [
    [ElectricType.Guowang, 'guowang', 'State Grid'],
    [ElectricType.Nanwang, 'nanwang', 'Southern Grid'],
  ],
  electricTypeValues,
  electricTypeLabels,
  { guowang: '国家电网', nanwang: '南方电网' },
)

describeEnum(
  'ElectricAccountType',
  [
    // The SPEC's value 'house'; in English a person reads 住宅 as Residential (issue 37, item 13).
    [ElectricAccountType.House, 'house', 'Residential'],
    [ElectricAccountType.Enterprise, 'enterprise', 'enterprise'],
    [ElectricAccountType.Shop, 'shop', 'shop'],
    [ElectricAccountType.Nanwashopng, 'nanwashopng', 'shop, not recommended'],
  ],
  electricAccountTypeValues,
  electricAccountTypeLabels,
  { house: '住宅', enterprise: '企业', shop: '店铺', nanwashopng: '店铺（不推荐）' },
)

it('offers a user residential, enterprise and shop: never a second, "not recommended" shop (issue 37, item 13)', () => {
  expect(electricAccountTypeChoices).toEqual([
    ElectricAccountType.House,
    ElectricAccountType.Enterprise,
    ElectricAccountType.Shop,
  ])
})

describeEnum(
  'GasProvider',
  [
    [GasProvider.ZhongGuo, 'zhong_guo', 'China Gas'],
    [GasProvider.XinAo, 'xin_ao', 'ENN Natural Gas'],
    [GasProvider.HuaRun, 'hua_run', 'China Resources Gas'],
    [GasProvider.GangHua, 'gang_hua', 'Towngas'],
    [GasProvider.ZhongRan, 'zhong_ran', 'Zhongran Gas'],
    [GasProvider.BeiJing, 'bei_jing', 'Beijing Gas'],
  ],
  gasProviderValues,
  gasProviderLabels,
  {
    zhong_guo: '中国燃气',
    xin_ao: '新奥燃气',
    hua_run: '华润燃气',
    gang_hua: '港华燃气',
    zhong_ran: '中燃燃气',
    bei_jing: '北京燃气',
  },
)

describeEnum(
  'VerificationCodeBusinessType',
  [
    [VerificationCodeBusinessType.PhoneCodeLogin, 10, 'phone code login'],
    [VerificationCodeBusinessType.PhoneCodeRegister, 11, 'phone code register'],
    [VerificationCodeBusinessType.UserCertificationAudit, 20, 'user certification audit'],
    [VerificationCodeBusinessType.ChangeUserPhoneNumber, 30, 'change user phone number'],
    [VerificationCodeBusinessType.ChangePasswordFromPhoneNumber, 40, 'change password from phone number'],
    [VerificationCodeBusinessType.CreateOrUpdateCooperationApply, 50, 'create or update cooperation apply'],
    [VerificationCodeBusinessType.BindUserEmail, 51, 'bind user email'],
    [VerificationCodeBusinessType.BankWalletAccountOpen, 60, 'bank wallet account open'],
    [VerificationCodeBusinessType.LifePayPhoneCodeLogin, 80, 'life-pay phone code login'],
    [VerificationCodeBusinessType.UserCertificationPhoneCertification, 900, 'user certification phone certification'],
    [
      VerificationCodeBusinessType.UserCertificationBankCardCertification,
      910,
      'user certification bank card certification',
    ],
  ],
  verificationCodeBusinessTypeValues,
  verificationCodeBusinessTypeLabels,
  {
    10: '手机验证码登录',
    11: '手机验证码注册',
    20: '用户认证审核',
    30: '更换手机号',
    40: '通过手机号修改密码',
    50: '创建或更新合作申请',
    51: '绑定邮箱',
    60: '银行钱包开户',
    80: '生活缴费手机验证码登录',
    900: '用户认证：手机号认证',
    910: '用户认证：银行卡认证',
  },
)

describeEnum(
  'ShowType',
  [
    [ShowType.Silent, 0, 'silent'],
    [ShowType.Warn, 1, 'warn'],
    [ShowType.Error, 2, 'error'],
    [ShowType.Notification, 3, 'notification'],
    [ShowType.Redirect, 9, 'redirect'],
  ],
  showTypeValues,
  showTypeLabels,
  { 0: '静默', 1: '警告', 2: '错误', 3: '通知', 9: '跳转' },
)

describeEnum(
  'EnterpriseKind',
  [
    [EnterpriseKind.HREnterprise, 10, 'HR enterprise'],
    [EnterpriseKind.FirstPartyCompany, 20, 'first-party company'],
    [EnterpriseKind.IndustryMating, 30, 'industry mating'],
    [EnterpriseKind.IndustryBody, 40, 'industry body'],
  ],
  enterpriseKindValues,
  enterpriseKindLabels,
  { 10: '人力资源企业', 20: '甲方企业', 30: '行业配套', 40: '行业机构' },
)

describeEnum(
  'RefreshKind',
  [
    [RefreshKind.Refresh, '10', 'refresh'],
    [RefreshKind.RegisterExistsPhoneNumber, '11', 'register exists phone number'],
  ],
  refreshKindValues,
  refreshKindLabels,
  { 10: '刷新', 11: '注册手机号已存在' },
)

describeEnum(
  'PlatformType',
  [[PlatformType.CEndMiniProgram, 10, 'C-end mini-program']],
  platformTypeValues,
  platformTypeLabels,
  { 10: 'C端小程序' },
)

describe('label', () => {
  it('defaults to zh-CN', () => {
    expect(DEFAULT_LOCALE).toBe('zh-CN')
    expect(localeValues).toEqual(['zh-CN', 'en-US'])
    expect(label(lifePayStatusLabels, LifePayStatus.Paid)).toBe('已支付')
  })

  it('shows an unknown value (e.g. from a newer server) as itself', () => {
    expect(label(lifePayStatusLabels, 70 as LifePayStatus, 'en-US')).toBe('70')
  })
})

describe('SPEC §9 constants', () => {
  it.each([
    ['MAX_FACE_VALUE', 300],
    ['RECHARGE_CHANNEL', '818'],
    ['REQUEST_TIMEOUT_MS', 10000],
    ['CHUNK_LOAD_TIMEOUT_MS', 120000],
    ['CAPTCHA_COUNTDOWN_S', 60],
    ['OSS_STS_CACHE_MS', 1200000],
    ['TOKEN_EXPIRY_MARGIN_S', 300],
    ['UPDATE_FAIL_TOAST_MS', 2000],
    ['TOAST_DEFAULT_MS', 2000],
    ['TOAST_BOTTOM_OFFSET_PX', 30],
    ['DIALOG_OPEN_DELAY_MS', 30],
    ['DIALOG_REMOVE_DELAY_MS', 300],
    ['LOGIN_REDIRECT_DEBOUNCE_MS', 300],
    ['UNPAID_ORDER_CLOSE_MS', 30 * 60 * 1000],
  ])('%s is %p', (name, value) => {
    expect((constants as Record<string, unknown>)[name]).toBe(value)
  })
})
