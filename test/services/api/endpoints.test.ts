/** @jest-environment node */
// Every endpoint function against a real server: method, path, where the payload travels, what the caller gets.
import { AxiosError } from 'axios'
import { OSS_STS_CACHE_MS } from '@domain/constants'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { LifePayType } from '@domain/lifePayType'
import { VerificationCodeBusinessType } from '@domain/verificationCodePurpose'
import * as account from '../../../src/services/api/account'
import * as area from '../../../src/services/api/area'
import { newIdempotencyKey } from '../../../src/services/api/idempotencyKey'
import * as accountChecks from '../../../src/services/api/accountChecks'
import * as catalog from '../../../src/services/api/catalog'
import * as orders from '../../../src/services/api/orders'
import * as reminders from '../../../src/services/api/reminders'
import * as sandboxCashier from '../../../src/services/api/sandboxCashier'
import * as userAccounts from '../../../src/services/api/userAccounts'
import * as notifications from '../../../src/services/api/notifications'
import { LifePayNotificationChannel } from '@domain/lifePayNotification'
import * as user from '../../../src/services/api/user'
import { BizError } from '../../../src/services/http/bizError'
import { getTokenByRefreshToken } from '../../../src/services/http/interceptors/refreshCall'
import { DEFAULT_AVATAR_URL, useSessionStore } from '../../../src/stores/session'
import { fullLogin } from '../../../src/hooks/fullLogin'
import { useLifePayStore } from '../../../src/stores/lifePay'
import { accessToken, logIn, withTestServer } from '../support/harness'
import { envelope } from '../../support/testServer'
import { CarrierCode } from '@domain/carrier'
import { ElectricAccountType, ElectricType } from '@domain/electric'
import { GasProvider } from '@domain/gas'
import { ReminderKind } from '@domain/reminderSchedule'

jest.mock('@tarojs/taro', () => ({ __esModule: true, default: jest.requireActual('../support/taroNode').default }))

const { server, ui } = withTestServer()

type Call = [
  name: string,
  method: 'GET' | 'POST',
  path: string,
  payload: 'body' | 'query' | 'none',
  input: Record<string, unknown> | undefined,
  call: () => Promise<unknown>,
]

const idInput = { id: 'acc-1' }
const ORDER_ID = '8f0c2b6e-3d4a-4f5b-9c1d-2e3f4a5b6c7d'
const phoneOrder = { parValue: 100, idempotencyKey: 'k-1', phone: '13800138000', ispCode: CarrierCode.Yidong }
const electricOrder = {
  parValue: 100,
  idempotencyKey: 'k-2',
  electricAccount: '0101',
  electricType: ElectricType.Guowang,
  electricAccountType: ElectricAccountType.House,
  province: '广东',
  city: '广州',
}
const gasAccountCheck = {
  lifePayOrderType: LifePayOrderType.Gas as const,
  account: 'g-1',
  gasOrgType: GasProvider.XinAo,
}
const gasOrder = { parValue: 50, idempotencyKey: 'k-3', gasAccount: 'g-1', gasOrgType: GasProvider.XinAo }
const reminder = {
  userAccountId: 'acc-1',
  kind: ReminderKind.MonthlyDay,
  dayOfMonth: 5,
  channel: LifePayNotificationChannel.Sms,
  consent: true,
  consentText: 'I agree',
}
const resubscription = { id: 'r-1', subscription: { templateId: 'tpl-1', decision: 'accept' as const } }

const calls: Call[] = [
  ['getUserInfo', 'GET', '/api/User/GetUserInfo', 'none', undefined, () => user.getUserInfo()],
  ['getOssSTS', 'POST', '/api/Account/GetOssSTS', 'none', undefined, () => account.getOssSTS()],
  [
    'getWxIndentity',
    'GET',
    '/api/Account/GetWxIndentity',
    'query',
    { code: 'c1' },
    () => account.getWxIndentity({ code: 'c1' }),
  ],
  [
    'getLifePayWxIndentity',
    'GET',
    '/api/Account/GetLifePayWxIndentity',
    'query',
    { code: 'c1' },
    () => account.getLifePayWxIndentity({ code: 'c1' }),
  ],
  [
    'lifePayPhoneMesssageCodeLogin',
    'POST',
    '/api/Account/LifePayPhoneMesssageCodeLogin',
    'body',
    { phoneNumber: '13800138000', code: '1234' },
    () => account.lifePayPhoneMesssageCodeLogin({ phoneNumber: '13800138000', code: '1234' }),
  ],
  [
    'passwordLogin',
    'POST',
    '/api/Account/PasswordLogin',
    'body',
    { loginName: 'u', password: 'p' },
    () => account.passwordLogin({ loginName: 'u', password: 'p' }),
  ],
  [
    'phoneMesssageCodeRegister',
    'POST',
    '/api/Account/PhoneMesssageCodeRegister',
    'body',
    { phoneNumber: '13800138000', code: '1', password: 'p' },
    () => account.phoneMesssageCodeRegister({ phoneNumber: '13800138000', code: '1', password: 'p' }),
  ],
  [
    'wxMiniAppPhoneAuthLogin',
    'POST',
    '/api/Account/WxMiniAppPhoneAuthLogin',
    'body',
    { openId: 'o', sessionKey: 's', encryptedData: 'e', iv: 'i' },
    () => account.wxMiniAppPhoneAuthLogin({ openId: 'o', sessionKey: 's', encryptedData: 'e', iv: 'i' }),
  ],
  [
    'wxMiniAppPhoneAuthLoginFromScan',
    'POST',
    '/api/Account/WxMiniAppPhoneAuthLoginFromScan',
    'body',
    { uId: 'u', openId: 'o', sessionKey: 's', encryptedData: 'e', iv: 'i' },
    () =>
      account.wxMiniAppPhoneAuthLoginFromScan({ uId: 'u', openId: 'o', sessionKey: 's', encryptedData: 'e', iv: 'i' }),
  ],
  [
    'wxMiniAppUserLogin',
    'GET',
    '/api/Account/WxMiniAppUserLogin',
    'query',
    { code: 'c1' },
    () => account.wxMiniAppUserLogin({ code: 'c1' }),
  ],
  [
    'wxMiniAppUserLoginFromScan',
    'POST',
    '/api/Account/WxMiniAppUserLoginFromScan',
    'body',
    { uId: 'u', userName: 'n', openId: 'o' },
    () => account.wxMiniAppUserLoginFromScan({ uId: 'u', userName: 'n', openId: 'o' }),
  ],
  [
    'sendPhoneMessageCode',
    'POST',
    '/api/Account/SendPhoneMessageCode',
    'body',
    { phoneNumber: '13800138000', businessType: 80 },
    () =>
      account.sendPhoneMessageCode({
        phoneNumber: '13800138000',
        businessType: VerificationCodeBusinessType.LifePayPhoneCodeLogin,
      }),
  ],
  [
    'getTokenByRefreshToken',
    'POST',
    '/api/accountAuth/GetTokenByRefreshToken',
    'body',
    { refreshToken: 'r', clientId: 'c' },
    () => getTokenByRefreshToken({ refreshToken: 'r', clientId: 'c' }),
  ],
  ['getRate', 'GET', '/api/LifePay/GetRate', 'none', undefined, () => catalog.getRate()],
  [
    'getElectricSupportArea',
    'POST',
    '/api/LifePay/GetElectricSupportArea',
    'none',
    undefined,
    () => catalog.getElectricSupportArea(),
  ],
  [
    'getElectricParValue',
    'POST',
    '/api/LifePay/GetElectricParValue',
    'none',
    undefined,
    () => catalog.getElectricParValue(),
  ],
  ['getPhoneParValue', 'POST', '/api/LifePay/GetPhoneParValue', 'none', undefined, () => catalog.getPhoneParValue()],
  ['getGasParValue', 'POST', '/api/LifePay/GetGasParValue', 'none', undefined, () => catalog.getGasParValue()],
  // Issue 20: the checks before paying.
  [
    'checkLifePayAccount',
    'POST',
    '/api/LifePay/CheckLifePayAccount',
    'body',
    gasAccountCheck,
    () => accountChecks.checkLifePayAccount(gasAccountCheck),
  ],
  [
    'checkPhoneCarrier',
    'POST',
    '/api/LifePay/CheckPhoneCarrier',
    'body',
    { phone: '13800138000' },
    () => accountChecks.checkPhoneCarrier({ phone: '13800138000' }),
  ],
  [
    'createLifePayPhoneOrder',
    'POST',
    '/api/LifePay/CreateLifePayPhoneOrder',
    'body',
    phoneOrder,
    () => orders.createLifePayPhoneOrder(phoneOrder),
  ],
  [
    'createLifePayElectricOrder',
    'POST',
    '/api/LifePay/CreateLifePayElectricOrder',
    'body',
    electricOrder,
    () => orders.createLifePayElectricOrder(electricOrder),
  ],
  [
    'createLifePayGasOrder',
    'POST',
    '/api/LifePay/CreateLifePayGasOrder',
    'body',
    gasOrder,
    () => orders.createLifePayGasOrder(gasOrder),
  ],
  [
    'getPayStatusByOrderNo',
    'POST',
    '/api/LifePay/GetPayStatusByOrderNo',
    'body',
    { orderNo: 'A1' },
    () => orders.getPayStatusByOrderNo({ orderNo: 'A1' }),
  ],
  [
    'setLifePayOrderPayType',
    'POST',
    '/api/LifePay/SetLifePayOrderPayType',
    'body',
    { orderNo: 'A1', lifePayType: 20 },
    () => orders.setLifePayOrderPayType({ orderNo: 'A1', lifePayType: LifePayType.AliPay }),
  ],
  [
    'getUserLifePayOrderPage',
    'POST',
    '/api/LifePay/GetUserLifePayOrderPage',
    'body',
    { pageIndex: 1, pageSize: 20, lifePayOrderType: 30 },
    () => orders.getUserLifePayOrderPage({ pageIndex: 1, pageSize: 20, lifePayOrderType: LifePayOrderType.Gas }),
  ],
  [
    'getPayOrderForJsAPI',
    'POST',
    '/api/LifePay/GetPayOrderForJsAPI',
    'body',
    { orderNo: 'A1', lifePayType: 10 },
    () => orders.getPayOrderForJsAPI({ orderNo: 'A1', lifePayType: LifePayType.WxPay }),
  ],
  [
    'getUserAccountAllList',
    'POST',
    '/api/LifePay/GetUserAccountAllList',
    'body',
    { lifePayOrderType: 10 },
    () => userAccounts.getUserAccountAllList({ lifePayOrderType: LifePayOrderType.Phone }),
  ],
  [
    'getUserAccountList',
    'POST',
    '/api/LifePay/GetUserAccountList',
    'body',
    { pageIndex: 2, pageSize: 5 },
    () => userAccounts.getUserAccountList({ pageIndex: 2, pageSize: 5 }),
  ],
  [
    'addUpdateUserAccount',
    'POST',
    '/api/LifePay/AddUpdateUserAccount',
    'body',
    { lifePayType: 10, content: '13800138000' },
    () => userAccounts.addUpdateUserAccount({ lifePayType: LifePayOrderType.Phone, content: '13800138000' }),
  ],
  [
    'refundUserLifePayOrder',
    'POST',
    '/api/LifePay/RefundUserLifePayOrder',
    'body',
    { id: ORDER_ID, refundApplyRemark: 'r' },
    () => orders.refundUserLifePayOrder({ id: ORDER_ID, refundApplyRemark: 'r' }),
  ],
  [
    'deleteUserAccount',
    'POST',
    '/api/LifePay/DeleteUserAccount',
    'query',
    idInput,
    () => userAccounts.deleteUserAccount(idInput),
  ],
  [
    'getUserAccountDetail',
    'GET',
    '/api/LifePay/GetUserAccountDetail',
    'query',
    idInput,
    () => userAccounts.getUserAccountDetail(idInput),
  ],
  [
    'getUserLifePayOrderDetail',
    'GET',
    '/api/LifePay/GetUserLifePayOrderDetail',
    'query',
    { orderNo: 'A1' },
    () => orders.getUserLifePayOrderDetail({ orderNo: 'A1' }),
  ],
  [
    'getNotificationTemplates',
    'GET',
    '/api/LifePay/GetNotificationTemplates',
    'query',
    { channel: 'wechat' },
    () => notifications.getNotificationTemplates({ channel: LifePayNotificationChannel.Wechat }),
  ],
  [
    'setLifePayOrderNotifications',
    'POST',
    '/api/LifePay/SetLifePayOrderNotifications',
    'body',
    { orderNo: 'A1', channel: 'sms', optIn: true },
    () =>
      notifications.setLifePayOrderNotifications({
        orderNo: 'A1',
        channel: LifePayNotificationChannel.Sms,
        optIn: true,
      }),
  ],
  [
    'getRegionalManagementList',
    'GET',
    '/api/Area/GetRegionalManagementList',
    'none',
    undefined,
    () => area.getRegionalManagementList(),
  ],
  // Not in SPEC §7: the server ends the login the app forgets (docs/api.md § POST /api/Account/Logout).
  ['logout', 'POST', '/api/Account/Logout', 'none', undefined, () => account.logout({ token: '', virtualUserId: '' })],
  // Issue 20 part 4: top-up reminders (docs/reminders.md).
  [
    'addTopUpReminder',
    'POST',
    '/api/LifePay/AddTopUpReminder',
    'body',
    reminder,
    () => reminders.addTopUpReminder(reminder),
  ],
  [
    'getTopUpReminderList',
    'POST',
    '/api/LifePay/GetTopUpReminderList',
    'none',
    undefined,
    () => reminders.getTopUpReminderList(),
  ],
  [
    'cancelTopUpReminder',
    'POST',
    '/api/LifePay/CancelTopUpReminder',
    'body',
    { id: 'r-1' },
    () => reminders.cancelTopUpReminder('r-1'),
  ],
  [
    'subscribeTopUpReminder',
    'POST',
    '/api/LifePay/SubscribeTopUpReminder',
    'body',
    resubscription,
    () => reminders.subscribeTopUpReminder(resubscription),
  ],
  [
    'cancelTopUpReminderByToken',
    'POST',
    '/api/LifePay/CancelTopUpReminderByToken',
    'body',
    { token: 't-1' },
    () => reminders.cancelTopUpReminderByToken('t-1'),
  ],
  // The reference server's sandbox cashier (development only, docs/payment.md).
  [
    'confirmSandboxPayment',
    'POST',
    '/api/dev/pay/confirm',
    'body',
    { orderNo: 'A1' },
    () => sandboxCashier.confirmSandboxPayment({ orderNo: 'A1' }),
  ],
  [
    'cancelSandboxPayment',
    'POST',
    '/api/dev/pay/cancel',
    'body',
    { orderNo: 'A1' },
    () => sandboxCashier.cancelSandboxPayment({ orderNo: 'A1' }),
  ],
]

/** The modules' endpoint functions: what else they export (query and mutation options, keys, helpers) is not one. */
const endpointModules = [
  account,
  accountChecks,
  area,
  catalog,
  notifications,
  orders,
  reminders,
  sandboxCashier,
  user,
  userAccounts,
]
const notEndpoints = new Set(['forgetOssSTS', 'isOrderNotFound'])

describe('endpoint functions', () => {
  it('cover the 32 calls of SPEC §7, SendPhoneMessageCode, Logout, issue 20’s nine and the sandbox cashier’s two', () => {
    expect(new Set(calls.map(([, , path]) => path)).size).toBe(45)
    // The refresh call is the http layer's own (services/http/interceptors/refreshCall.ts).
    const exported = endpointModules
      .flatMap((module) =>
        Object.entries(module)
          .filter(
            ([name, value]) => typeof value === 'function' && !/QueryOptions$/.test(name) && !notEndpoints.has(name),
          )
          .map(([name]) => name),
      )
      .concat('getTokenByRefreshToken')
    expect(exported.sort()).toEqual(calls.map(([name]) => name).sort())
  })

  it.each(calls)('%s: %s %s, payload in the %s', async (_name, method, path, payload, input, call) => {
    server().route(path, () => ({ json: envelope({ answer: path }) }))
    const result = await call()
    const [received] = server().hits(path)
    expect(received.method).toBe(method)
    if (payload === 'body') expect(received.body).toEqual(input)
    if (payload === 'query') {
      expect(Object.fromEntries(received.query)).toEqual(input)
      if (method === 'POST') expect(received.body).toEqual({})
    }
    if (payload === 'none') {
      expect(Object.fromEntries(received.query)).toEqual({})
      expect(received.body).toEqual(method === 'POST' ? {} : undefined)
    }
    expect(result).toEqual({ answer: path })
  })
})

describe('login calls', () => {
  const loginCalls = calls.filter(([name]) => /Login/.test(name) && name !== 'lifePayPhoneMesssageCodeLogin')

  it.each(loginCalls)(
    '%s fails silently: no toast, the error reaches the caller',
    async (_name, _method, path, _payload, _input, call) => {
      server().route(path, () => ({
        status: 400,
        json: { success: false, error: 'BAD_LOGIN', msg: '密码错误', showType: 2 },
      }))
      await expect(call()).rejects.toBeInstanceOf(AxiosError)
      expect(ui().toasts).toEqual([])
    },
  )

  it('the phone-code login resolves with the user id and wraps any failure in Error("error") with its cause', async () => {
    const path = '/api/Account/LifePayPhoneMesssageCodeLogin'
    server().route(path, () => ({ json: envelope('virtual-7') }))
    await expect(account.lifePayPhoneMesssageCodeLogin({ phoneNumber: '13800138000', code: '1' })).resolves.toBe(
      'virtual-7',
    )
    server().route(path, () => ({
      json: { success: false, error: 'CODE_WRONG', msg: '验证码错误', showType: 2, data: null },
    }))
    const error = await account
      .lifePayPhoneMesssageCodeLogin({ phoneNumber: '13800138000', code: '1' })
      .catch((e: Error) => e)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe('error')
    expect((error as Error).cause).toBeInstanceOf(BizError)
    expect(((error as Error).cause as BizError).code).toBe('CODE_WRONG')
    expect(ui().toasts).toEqual([])
  })

  it('reads tokens, session keys and payment parameters unmasked while other results are filtered', async () => {
    server().route('/static/sensitive-words.txt', () => ({ text: 'abc' }))
    server().route('/api/Account/PasswordLogin', () => ({
      json: envelope({ accessToken: 'xxabcxx', refreshToken: 'ABC', expiresIn: 3600, creationTime: 1 }),
    }))
    server().route('/api/Account/GetWxIndentity', () => ({
      json: envelope({ openId: 'o', sessionKey: 'abc=', unionId: null }),
    }))
    server().route('/api/LifePay/GetPayOrderForJsAPI', () => ({ json: envelope({ wxPay: { paySign: 'zabc' } }) }))
    server().route('/api/User/GetUserInfo', () => ({ json: envelope({ userName: 'abc' }) }))
    await expect(account.passwordLogin({ loginName: 'u', password: 'p' })).resolves.toMatchObject({
      accessToken: 'xxabcxx',
      refreshToken: 'ABC',
    })
    await expect(account.getWxIndentity({ code: 'c' })).resolves.toMatchObject({ sessionKey: 'abc=' })
    await expect(orders.getPayOrderForJsAPI({ orderNo: 'A1', lifePayType: LifePayType.WxPay })).resolves.toMatchObject({
      wxPay: { paySign: 'zabc' },
    })
    await expect(user.getUserInfo()).resolves.toEqual({ userName: '***' })
  })
})

describe('GetOssSTS cache', () => {
  const path = '/api/Account/GetOssSTS'
  let now = 1_700_000_000_000

  beforeEach(() => {
    account.forgetOssSTS()
    now = 1_700_000_000_000
    jest.spyOn(Date, 'now').mockImplementation(() => now)
  })
  afterEach(() => jest.restoreAllMocks())

  it('reuses the credentials for 20 minutes, then fetches new ones', async () => {
    let issued = 0
    server().route(path, () => ({ json: envelope({ accessKeyId: `key-${++issued}` }) }))
    await expect(account.getOssSTS()).resolves.toEqual({ accessKeyId: 'key-1' })
    now += OSS_STS_CACHE_MS - 1
    await expect(account.getOssSTS()).resolves.toEqual({ accessKeyId: 'key-1' })
    now += 1
    await expect(account.getOssSTS()).resolves.toEqual({ accessKeyId: 'key-2' })
    expect(server().hits(path)).toHaveLength(2)
  })

  it('does not keep a failure, nor hand one user’s credentials to another', async () => {
    let fail = true
    server().route(path, () => (fail ? { status: 500, text: '' } : { json: envelope({ accessKeyId: 'k' }) }))
    await expect(account.getOssSTS()).rejects.toBeInstanceOf(AxiosError)
    fail = false
    await expect(account.getOssSTS()).resolves.toEqual({ accessKeyId: 'k' })
    logIn('other-user')
    await account.getOssSTS()
    expect(server().hits(path)).toHaveLength(3)
  })
})

describe('orders', () => {
  it('sends an order once, even when it fails, with the caller’s idempotency key', async () => {
    server().route('/api/LifePay/CreateLifePayPhoneOrder', () => ({ status: 502, text: '' }))
    const key = newIdempotencyKey()
    await expect(orders.createLifePayPhoneOrder({ ...phoneOrder, idempotencyKey: key })).rejects.toBeInstanceOf(
      AxiosError,
    )
    const sent = server().hits('/api/LifePay/CreateLifePayPhoneOrder')
    expect(sent).toHaveLength(1)
    expect((sent[0].body as { idempotencyKey: string }).idempotencyKey).toBe(key)
  })

  it('makes distinct RFC 4122 version 4 keys', () => {
    const keys = Array.from({ length: 2000 }, () => newIdempotencyKey())
    expect(new Set(keys).size).toBe(2000)
    keys.forEach((key) => expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/))
  })
})

describe('fullLogin', () => {
  it('stores the tokens, then fetches the user with the new bearer token and keeps the original avatar', async () => {
    const token = accessToken('login')
    server().route('/api/User/GetUserInfo', (received) => ({
      json: envelope({
        userId: 'u1',
        userName: 'Li',
        phoneNumber: '13800138000',
        avatarUrl: received.headers.authorization === `Bearer ${token}` ? null : 'wrong',
        creationTime: '2024-01-01',
      }),
    }))
    const detail = await fullLogin({ accessToken: token, refreshToken: 'r', expiresIn: 3600, creationTime: Date.now() })
    expect(detail).toMatchObject({ userId: 'u1', avatarUrl: DEFAULT_AVATAR_URL, originalAvatarUrl: null })
    const session = useSessionStore.getState()
    expect(session.token).toBe(token)
    expect(session.refreshToken).toBe('r')
    expect(session.userDetail).toEqual(detail)
    expect(session.firstGetUserDetail).toBe(false)
    // The fully logged-in user is the recharge module's user too.
    expect(useLifePayStore.getState()).toMatchObject({ userId: 'u1', phoneNumber: '13800138000', channlesNum: '818' })
  })
})
