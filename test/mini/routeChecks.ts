import { SUBPACKAGES, TAB_PAGES } from '../../src/routes'

/**
 * Every SPEC route, opened as a shared link opens it (a fresh app launched on that page) by a returning user, in the
 * WeChat and the Alipay build on both client profiles: the page must render what it is for (texts that only the
 * server's answers can produce) after its reads were sent and answered, with no exception and no App.onError.
 */
export interface RouteCheck {
  route: string
  query?: (orders: Orders) => Record<string, string>
  /** Texts the page must show (joined text of its data tree). */
  shows: (orders: Orders) => string[]
  /** Values its inputs must hold (a form filled from a saved account). */
  values?: (orders: Orders) => string[]
  /** API paths the page must have requested and had answered. */
  reads: string[]
}

/** What the checks' user has on the server: two orders and a saved electricity and gas account (their ids). */
export interface Orders {
  completed: string
  unpaid: string
  electricAccount: string
  gasAccount: string
}

/** The saved accounts prepareRouteChecks() adds: their numbers and remarks only the server's answers bring back. */
export const SAVED_ELECTRIC = {
  content: '3100012345',
  masked: '310****2345',
  remark: '家里电费',
  province: '上海市',
  city: '上海市',
}
export const SAVED_GAS = { content: '8800012345', masked: '880****2345', remark: '家里燃气' }

const LP = '/api/LifePay'
export const PHONE = '13700001234'
const MASKED = '137****1234'

export const CHECKS: RouteCheck[] = [
  {
    route: 'pages/home/index',
    shows: () => ['9.85折', MASKED, '充值成功'],
    reads: [`${LP}/GetRate`, `${LP}/GetUserAccountAllList`, `${LP}/GetUserLifePayOrderPage`],
  },
  { route: 'pages/mine/index', shows: () => [MASKED, '我的订单', '退出登录'], reads: [] },
  {
    route: 'subpackages/login/authorization/authorization',
    shows: () => ['手机号快捷登录', '密码登录'],
    reads: ['/api/Account/WxMiniAppUserLogin'],
  },
  { route: 'subpackages/login/userPolicy/userPolicy', shows: () => ['生活缴费用户服务协议'], reads: [] },
  { route: 'subpackages/login/mineUserPolicy/mineUserPolicy', shows: () => ['生活缴费用户服务协议'], reads: [] },
  { route: 'subpackages/login/privacyPolicy/privacyPolicy', shows: () => ['生活缴费隐私政策'], reads: [] },
  { route: 'subpackages/login/loginByForm/loginByForm', shows: () => ['还没有账号？', '验证码登录'], reads: [] },
  { route: 'subpackages/login/registerForm/registerForm', shows: () => ['获取验证码', '注册并登录'], reads: [] },
  {
    route: 'subpackages/recharge/phoneBillRecharge/phoneBillRecharge',
    shows: () => [MASKED, '¥9.85', '¥295.50'],
    reads: [`${LP}/GetPhoneParValue`, `${LP}/GetRate`],
  },
  {
    route: 'subpackages/recharge/electricBillRecharge/electricBillRecharge',
    shows: () => ['国家电网', '南方电网'],
    reads: [`${LP}/GetElectricSupportArea`, `${LP}/GetElectricParValue`, `${LP}/GetRate`],
  },
  {
    route: 'subpackages/recharge/gasBillRecharge/gasBillRecharge',
    shows: () => ['新奥燃气', '北京燃气'],
    reads: [`${LP}/GetGasParValue`, `${LP}/GetRate`],
  },
  // From a saved account: region or company, account number and the priced face values all come from the server.
  {
    route: 'subpackages/recharge/electricBillRecharge/electricBillRecharge',
    query: (o) => ({ accountId: o.electricAccount }),
    shows: () => [SAVED_ELECTRIC.masked, SAVED_ELECTRIC.province, '¥49.50', '¥297.00'],
    reads: [`${LP}/GetUserAccountDetail`, `${LP}/GetElectricParValue`, `${LP}/GetRate`],
  },
  {
    route: 'subpackages/recharge/gasBillRecharge/gasBillRecharge',
    query: (o) => ({ accountId: o.gasAccount }),
    shows: () => [SAVED_GAS.masked, '¥49.75', '¥298.50'],
    reads: [`${LP}/GetUserAccountDetail`, `${LP}/GetGasParValue`, `${LP}/GetRate`],
  },
  {
    route: 'subpackages/recharge/selectPayType/selectPayType',
    query: (o) => ({ orderNo: o.unpaid }),
    shows: (o) => [o.unpaid, '¥19.70', '微信支付'],
    reads: [`${LP}/GetUserLifePayOrderDetail`],
  },
  ...['rechargeResult', 'rechargeElectricResult', 'rechargeGasResult'].map((page) => ({
    route: `subpackages/recharge/${page}/${page}`,
    query: (o: Orders) => ({ orderNo: o.completed }),
    shows: (o: Orders) => [o.completed, '充值成功', '¥49.25'],
    reads: [`${LP}/GetPayStatusByOrderNo`, `${LP}/GetUserLifePayOrderDetail`],
  })),
  {
    route: 'subpackages/order/order/order',
    shows: () => ['充值成功', '待支付', '¥49.25'],
    reads: [`${LP}/GetUserLifePayOrderPage`],
  },
  {
    route: 'subpackages/order/order/order',
    query: (o) => ({ orderNo: o.completed }),
    shows: (o) => [o.completed, '充值成功，已到账', '申请退款'],
    reads: [`${LP}/GetUserLifePayOrderDetail`],
  },
  {
    route: 'subpackages/order/orderApplyRefund/orderApplyRefund',
    query: (o) => ({ orderNo: o.completed }),
    shows: () => ['¥49.25', '提交申请'],
    reads: [`${LP}/GetUserLifePayOrderDetail`],
  },
  {
    route: 'subpackages/order/orderRefundResult/orderRefundResult',
    query: (o) => ({ orderNo: o.completed }),
    shows: (o) => [o.completed, '该订单没有退款'],
    reads: [`${LP}/GetUserLifePayOrderDetail`],
  },
  // Issue 20, item 5.
  {
    route: 'subpackages/order/orderReceipt/orderReceipt',
    query: (o) => ({ orderNo: o.completed }),
    shows: (o) => [o.completed, '充值电子凭证', '¥49.25'],
    reads: [`${LP}/GetUserLifePayOrderDetail`],
  },
  // Issue 20: the reminder pages — set one on a saved account, the (empty) list, and a message's cancel link whose
  // token the server no longer knows (its refusal, in words).
  {
    route: 'subpackages/userAccount/topUpReminder/topUpReminder',
    query: (o) => ({ accountId: o.electricAccount }),
    shows: () => [SAVED_ELECTRIC.remark, SAVED_ELECTRIC.masked, '每月几号提醒'],
    reads: [`${LP}/GetUserAccountDetail`],
  },
  {
    route: 'subpackages/userAccount/reminderList/reminderList',
    shows: () => ['还没有充值提醒'],
    reads: [`${LP}/GetTopUpReminderList`],
  },
  {
    route: 'subpackages/userAccount/cancelReminder/cancelReminder',
    query: () => ({ token: 'a-link-from-an-old-message' }),
    // The server's refusal in its own words (REMINDER_NOT_FOUND): a refused read, so not among `reads` (answered ones).
    shows: () => ['提醒不存在或已取消'],
    reads: [],
  },
  {
    route: 'subpackages/userAccount/userAccountList/userAccountList',
    shows: () => ['电费户号', '还没有常用手机号'],
    reads: [`${LP}/GetUserAccountAllList`],
  },
  {
    route: 'subpackages/userAccount/editGasUserAccount/editGasUserAccount',
    shows: () => ['保存常用燃气户号', '新奥燃气'],
    reads: [`${LP}/GetGasParValue`],
  },
  {
    route: 'subpackages/userAccount/editPhoneUserAccount/editPhoneUserAccount',
    shows: () => ['保存常用手机号', '中国联通'],
    reads: [],
  },
  {
    route: 'subpackages/userAccount/editElectricUserAccount/editElectricUserAccount',
    shows: () => ['保存常用电费户号', '国家电网'],
    reads: [`${LP}/GetElectricSupportArea`],
  },
  {
    route: 'subpackages/userAccount/editGasUserAccount/editGasUserAccount',
    query: (o) => ({ id: o.gasAccount }),
    shows: () => ['新奥燃气'],
    values: () => [SAVED_GAS.content, SAVED_GAS.remark],
    reads: [`${LP}/GetUserAccountDetail`, `${LP}/GetGasParValue`],
  },
  {
    route: 'subpackages/userAccount/editElectricUserAccount/editElectricUserAccount',
    query: (o) => ({ id: o.electricAccount }),
    shows: () => [SAVED_ELECTRIC.province],
    values: () => [SAVED_ELECTRIC.content, SAVED_ELECTRIC.remark],
    reads: [`${LP}/GetUserAccountDetail`, `${LP}/GetElectricSupportArea`],
  },
]

export const ALL_ROUTES = [
  ...TAB_PAGES,
  ...SUBPACKAGES.flatMap((group) => group.pages.map((page) => `${group.root}/${page}/${page}`)),
]
