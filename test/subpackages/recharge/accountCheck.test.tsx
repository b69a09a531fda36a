import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { LifePayAccountCheck, PhoneCarrierCheck, PhoneParValue } from '@contract/lifePay'
import { CarrierCode } from '@domain/carrier'
import { ElectricType } from '@domain/electric'
import { GasProvider } from '@domain/gas'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { useLocaleStore } from '../../../src/i18n/i18n'
import { useRechargeDraftStore } from '../../../src/subpackages/recharge/hooks/rechargeDraftStore'
import { useLocationCityStore } from '../../../src/stores/locationCity'
import { electricAreas } from '../../support/electricAreas'
import { withFakeApi } from '../../support/fakeApi'
import { queriesSettled } from '../../support/queries'
import { ok, refusal, type Reply } from '../../support/testServer'
import { useToastStore } from '../../../src/components/toastStore'
import { logIn, logOut, PATHS, rates, renderWithQuery, typeInto } from './support'
import RechargeForm from '../../../src/subpackages/recharge/components/RechargeForm'
import { phoneRecharge } from '../../../src/subpackages/recharge/kinds/phoneRecharge'
import { electricRecharge } from '../../../src/subpackages/recharge/kinds/electricRecharge'
import { gasRecharge } from '../../../src/subpackages/recharge/kinds/gasRecharge'

// Issue 20: the account check before paying (electricity, gas) and the carrier check (phone), as the user sees them:
// checking, found (masked holder, balance or owed), not found (the account field's error, no order), unavailable
// (said, and the user may go on); a ported number's carrier corrected and ordered with.

const created = { orderNo: 'LP9', payAmount: 99, parValue: 100, discountAmount: 1 }
const found = (fields: Partial<LifePayAccountCheck> = {}): LifePayAccountCheck => ({
  status: 'found',
  holderName: '张*三',
  balance: null,
  owed: null,
  ...fields,
})

const api = withFakeApi()
let navigateTo: jest.SpyInstance
/** The account checks asked, oldest first. */
const checks = () => api.bodies(PATHS.accountCheck)

beforeEach(() => {
  useLocaleStore.setState({ locale: 'en-US' })
  useToastStore.setState({ toast: null })
  useRechargeDraftStore.setState({ electric: undefined, gas: undefined, phone: undefined })
  useLocationCityStore.getState().setCity('北京市')
  logIn()
  api.answer(PATHS.rate, rates)
  api.answer(PATHS.userAccounts, [])
  api.answer(PATHS.electricAreas, electricAreas)
  api.answer(PATHS.electricParValue, [{ electricType: ElectricType.Guowang, parValue: [50, 100, 200] }])
  api.answer(PATHS.gasParValue, [{ gasOrgType: GasProvider.XinAo, gasOrgName: '新奥燃气', parValue: [50, 100] }])
  api.answer(PATHS.accountCheck, found())
  api.answer(PATHS.createElectric, created)
  api.answer(PATHS.createPhone, created)
  navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
})

afterEach(() => {
  jest.restoreAllMocks()
  logOut()
})

const amounts = () => within(screen.getByRole('radiogroup', { name: 'Amount' })).getAllByRole('radio')
const topUp = () => fireEvent.click(screen.getByRole('button', { name: /Top up now/ }))

/** The electricity form in Beijing (State Grid) with `account` typed and an amount picked. */
async function electricWith(account: string) {
  const { container, queryClient } = renderWithQuery(<RechargeForm kind={electricRecharge} />)
  await waitFor(() => expect(screen.getByRole('button', { name: 'Region' }).textContent).toBe('Beijing'))
  await queriesSettled(queryClient)
  typeInto(container.querySelector('taro-input-core'), account)
  fireEvent.click(amounts()[0])
}
/** The electricity orders sent. */
const electricOrders = () => api.sent(PATHS.createElectric)

describe('electricity: the account check', () => {
  it('says it is checking, then shows the masked holder and the balance, asked once for the finished account', async () => {
    const answer = api.hold(PATHS.accountCheck)
    await electricWith('1100123451020')
    expect((await screen.findByRole('status')).textContent).toBe('Checking the account…')
    // Submitting before the supplier has answered waits for it: no order yet.
    topUp()
    expect(await screen.findByText('Still checking the account, one moment')).not.toBeNull()
    expect(electricOrders()).toHaveLength(0)
    answer.answer(found({ balance: 10.2 }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Holder: 张*三Balance ¥10.20'))
    expect(checks()).toEqual([
      {
        lifePayOrderType: LifePayOrderType.Electric,
        account: '1100123451020',
        electricType: ElectricType.Guowang,
        province: '110000',
        city: '110100',
      },
    ])
    topUp()
    await waitFor(() => expect(navigateTo).toHaveBeenCalledTimes(1))
    expect(electricOrders()).toHaveLength(1)
  })

  it('an amount owed is shown as owed', async () => {
    api.answer(PATHS.accountCheck, found({ holderName: '王*', owed: 12.31 }))
    await electricWith('1100123451231')
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Holder: 王*Owes ¥12.31'))
  })

  it('a wrong account: the account field says so (alert) and no order is made', async () => {
    api.route(PATHS.accountCheck, () => refusal('国家电网查无此户号，请核对户号和地区', 'LIFE_PAY_ACCOUNT_NOT_FOUND'))
    await electricWith('1100123454044')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('No such account found: check the account number and the area before paying')
    expect(alert.closest('.lp-field')?.textContent).toContain('Electricity account')
    topUp()
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1))
    expect(electricOrders()).toHaveLength(0)
    expect(navigateTo).not.toHaveBeenCalled()
  })

  it('the supplier cannot answer: said, and the user may go on', async () => {
    api.answer(PATHS.accountCheck, { status: 'unavailable', holderName: null, balance: null, owed: null })
    await electricWith('1100123455035')
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The account cannot be checked right now: you may go on, but make sure the number is right',
      ),
    )
    topUp()
    await waitFor(() => expect(electricOrders()).toHaveLength(1))
  })

  it.each<[string, Reply]>([
    ['a bare 404', { status: 404, text: '' }],
    ['the unknown-route envelope', { status: 404, json: { success: false, error: 'NOT_FOUND', msg: '请求地址出错' } }],
    ['an answer without its status', ok({ holderName: '张*三' })],
  ])('a back end without the lookup (%s): nothing said, no toast, the order goes on (issue 36)', async (_, reply) => {
    api.route(PATHS.accountCheck, () => reply)
    await electricWith('1100123451020')
    await waitFor(() => expect(checks()).toHaveLength(1))
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull())
    expect(screen.queryByRole('alert')).toBeNull()
    expect(useToastStore.getState().toast).toBeNull()
    topUp()
    await waitFor(() => expect(electricOrders()).toHaveLength(1))
  })

  it('logged out: no lookup (it needs a user), the form works as before', async () => {
    logOut()
    const { container, queryClient } = renderWithQuery(<RechargeForm kind={electricRecharge} />)
    await queriesSettled(queryClient)
    typeInto(container.querySelector('taro-input-core'), '1100123451020')
    await queriesSettled(queryClient)
    expect(screen.queryByRole('status')).toBeNull()
    expect(checks()).toHaveLength(0)
  })
})

describe('gas: the account check', () => {
  it('in Chinese: the masked holder under the account, for the gas company chosen', async () => {
    useLocaleStore.setState({ locale: 'zh-CN' })
    const { container, queryClient } = renderWithQuery(<RechargeForm kind={gasRecharge} />)
    await queriesSettled(queryClient)
    fireEvent.click(screen.getByRole('radio', { name: '新奥燃气' }))
    typeInto(container.querySelector('taro-input-core'), 'GZ88001231')
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('户名：张*三'))
    expect(checks()).toEqual([
      { lifePayOrderType: LifePayOrderType.Gas, account: 'GZ88001231', gasOrgType: GasProvider.XinAo },
    ])
  })
})

describe('phone: the carrier check', () => {
  const parValues: PhoneParValue[] = [
    { ispCode: CarrierCode.Yidong, ispName: '中国移动', parValue: [30, 50, 100] },
    { ispCode: CarrierCode.Liantong, ispName: '中国联通', parValue: [20, 50, 100] },
    { ispCode: CarrierCode.Dianxin, ispName: '中国电信', parValue: [50, 100] },
  ]
  const carrierCheck = (fields: Partial<PhoneCarrierCheck>): PhoneCarrierCheck => ({
    verified: true,
    ispCode: CarrierCode.Yidong,
    guessedIspCode: CarrierCode.Yidong,
    ported: false,
    province: '广东',
    city: '广州',
    ...fields,
  })
  beforeEach(() => {
    api.answer(PATHS.phoneParValue, parValues)
  })
  /** The phone orders sent. */
  const phoneOrders = () => api.bodies(PATHS.createPhone)

  it('confirms the guess with where the number is registered (zh-CN)', async () => {
    useLocaleStore.setState({ locale: 'zh-CN' })
    api.answer(PATHS.carrierCheck, carrierCheck({}))
    renderWithQuery(<RechargeForm kind={phoneRecharge} phone='13900000001' />)
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('中国移动 · 广东广州'))
  })

  it('a ported 139 number: says it moved to China Unicom, selects it, and orders with it', async () => {
    api.answer(PATHS.carrierCheck, carrierCheck({ ispCode: CarrierCode.Liantong, ported: true }))
    renderWithQuery(<RechargeForm kind={phoneRecharge} phone='13900000088' />)
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Ported to China Unicom'))
    expect(api.bodies(PATHS.carrierCheck)).toEqual([{ phone: '13900000088' }])
    // Asked quietly: the form shows the lookup in place, no masked indicator.
    expect(api.loadingShown()).toBe(0)
    expect(screen.getByRole('radio', { name: /China Unicom/ }).getAttribute('aria-checked')).toBe('true')
    // Marked as the lookup's answer: the chip must not claim the 139 segment says China Unicom.
    expect(screen.getByRole('radio', { name: /China Unicom/ }).textContent).toBe('China UnicomVerified')
    expect(screen.getByRole('radio', { name: /China Mobile/ }).textContent).toBe('China Mobile')
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Amount' })).getAllByRole('radio')[0])
    topUp()
    await waitFor(() => expect(phoneOrders()).toHaveLength(1))
    expect(phoneOrders()[0]).toMatchObject({ phone: '13900000088', ispCode: CarrierCode.Liantong, parValue: 20 })
  })

  it('a tap before the lookup answered waits for it: a ported number never goes out with the prefix guess', async () => {
    const answer = api.hold(PATHS.carrierCheck)
    renderWithQuery(<RechargeForm kind={phoneRecharge} phone='13900000088' />)
    const amounts = await screen.findByRole('radiogroup', { name: 'Amount' })
    fireEvent.click(within(amounts).getAllByRole('radio')[1])
    topUp()
    expect(await screen.findByText('Still checking the carrier, one moment')).not.toBeNull()
    expect(phoneOrders()).toHaveLength(0)
    answer.answer(carrierCheck({ ispCode: CarrierCode.Liantong, ported: true }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Ported to China Unicom'))
    topUp()
    await waitFor(() => expect(phoneOrders()).toHaveLength(1))
    expect(phoneOrders()[0]).toMatchObject({ phone: '13900000088', ispCode: CarrierCode.Liantong })
  })

  it('a back end without the lookup (404): the prefix guess stays, no toast, the order goes on (issue 36)', async () => {
    api.route(PATHS.carrierCheck, () => ({ status: 404, text: '' }))
    const { queryClient } = renderWithQuery(<RechargeForm kind={phoneRecharge} phone='13900000055' />)
    await queriesSettled(queryClient)
    await waitFor(() => expect(api.sent(PATHS.carrierCheck)).toHaveLength(1))
    await queriesSettled(queryClient)
    expect(screen.queryByRole('status')).toBeNull()
    expect(useToastStore.getState().toast).toBeNull()
    expect(screen.getByRole('radio', { name: /China Mobile/ }).textContent).toBe('China MobileDetected')
  })

  it('the lookup fails: the prefix guess stays, nothing alarming is said', async () => {
    api.fail(PATHS.carrierCheck)
    const { queryClient } = renderWithQuery(<RechargeForm kind={phoneRecharge} phone='13900000055' />)
    await queriesSettled(queryClient)
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('radio', { name: /China Mobile/ }).getAttribute('aria-checked')).toBe('true')
    expect(screen.getByRole('radio', { name: /China Mobile/ }).textContent).toBe('China MobileDetected')
  })
})
