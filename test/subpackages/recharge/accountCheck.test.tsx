import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { LifePayAccountCheck, PhoneCarrierCheck, PhoneParValue } from '@contract/lifePay'
import { CarrierCode } from '@domain/carrier'
import { ElectricType } from '@domain/electric'
import { GasProvider } from '@domain/gas'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { useLocaleStore } from '../../../src/i18n/i18n'
import * as lifePayApi from '../../../src/services/api/lifePay'
import { BizError } from '../../../src/services/http/bizError'
import { electricRecharge } from '../../../src/subpackages/recharge/kinds/electricRecharge'
import { gasRecharge } from '../../../src/subpackages/recharge/kinds/gasRecharge'
import RechargeForm from '../../../src/subpackages/recharge/components/RechargeForm'
import { phoneRecharge } from '../../../src/subpackages/recharge/kinds/phoneRecharge'
import { useRechargeDraftStore } from '../../../src/subpackages/recharge/hooks/rechargeDraftStore'
import { useLocationCityStore } from '../../../src/stores/locationCity'
import { electricAreas } from '../../support/electricAreas'
import { queriesSettled } from '../../support/queries'
import { deferred, logIn, logOut, rates, renderWithQuery, typeInto } from './support'

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
const notFound = () =>
  new BizError({
    data: {
      success: false,
      data: null,
      error: 'LIFE_PAY_ACCOUNT_NOT_FOUND',
      msg: '国家电网查无此户号，请核对户号和地区',
      showType: 2,
    },
    config: {},
  } as never)

let navigateTo: jest.SpyInstance
let check: jest.SpyInstance

beforeEach(() => {
  useLocaleStore.setState({ locale: 'en-US' })
  useRechargeDraftStore.setState({ electric: undefined, gas: undefined, phone: undefined })
  useLocationCityStore.getState().setCity('北京市')
  logIn()
  jest.spyOn(lifePayApi, 'getRate').mockResolvedValue(rates)
  jest.spyOn(lifePayApi, 'getUserAccountAllList').mockResolvedValue([])
  jest.spyOn(lifePayApi, 'getElectricSupportArea').mockResolvedValue(electricAreas)
  jest
    .spyOn(lifePayApi, 'getElectricParValue')
    .mockResolvedValue([{ electricType: ElectricType.Guowang, parValue: [50, 100, 200] }])
  jest
    .spyOn(lifePayApi, 'getGasParValue')
    .mockResolvedValue([{ gasOrgType: GasProvider.XinAo, gasOrgName: '新奥燃气', parValue: [50, 100] }])
  check = jest.spyOn(lifePayApi, 'checkLifePayAccount').mockResolvedValue(found())
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
  const create = jest.spyOn(lifePayApi, 'createLifePayElectricOrder').mockResolvedValue(created)
  const { container, queryClient } = renderWithQuery(<RechargeForm kind={electricRecharge} />)
  await waitFor(() => expect(screen.getByRole('button', { name: 'Region' }).textContent).toBe('Beijing'))
  await queriesSettled(queryClient)
  typeInto(container.querySelector('taro-input-core'), account)
  fireEvent.click(amounts()[0])
  return create
}

describe('electricity: the account check', () => {
  it('says it is checking, then shows the masked holder and the balance, asked once for the finished account', async () => {
    const answer = deferred<LifePayAccountCheck>()
    check.mockReturnValue(answer.promise)
    const create = await electricWith('1100123451020')
    expect((await screen.findByRole('status')).textContent).toBe('Checking the account…')
    // Submitting before the supplier has answered waits for it: no order yet.
    topUp()
    expect(await screen.findByText('Still checking the account, one moment')).not.toBeNull()
    expect(create).not.toHaveBeenCalled()
    answer.resolve(found({ balance: 10.2 }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Holder: 张*三Balance ¥10.20'))
    expect(check).toHaveBeenCalledTimes(1)
    expect(check.mock.calls[0][0]).toEqual({
      lifePayOrderType: LifePayOrderType.Electric,
      account: '1100123451020',
      electricType: ElectricType.Guowang,
      province: '110000',
      city: '110100',
    })
    topUp()
    await waitFor(() => expect(navigateTo).toHaveBeenCalledTimes(1))
    expect(create).toHaveBeenCalledTimes(1)
  })

  it('an amount owed is shown as owed', async () => {
    check.mockResolvedValue(found({ holderName: '王*', owed: 12.31 }))
    await electricWith('1100123451231')
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Holder: 王*Owes ¥12.31'))
  })

  it('a wrong account: the account field says so (alert) and no order is made', async () => {
    check.mockRejectedValue(notFound())
    const create = await electricWith('1100123454044')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('No such account found: check the account number and the area before paying')
    expect(alert.closest('.lp-field')?.textContent).toContain('Electricity account')
    topUp()
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1))
    expect(create).not.toHaveBeenCalled()
    expect(navigateTo).not.toHaveBeenCalled()
  })

  it('the supplier cannot answer: said, and the user may go on', async () => {
    check.mockResolvedValue({ status: 'unavailable', holderName: null, balance: null, owed: null })
    const create = await electricWith('1100123455035')
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The account cannot be checked right now: you may go on, but make sure the number is right',
      ),
    )
    topUp()
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1))
  })

  it('logged out: no lookup (it needs a user), the form works as before', async () => {
    logOut()
    const { container, queryClient } = renderWithQuery(<RechargeForm kind={electricRecharge} />)
    await queriesSettled(queryClient)
    typeInto(container.querySelector('taro-input-core'), '1100123451020')
    await queriesSettled(queryClient)
    expect(screen.queryByRole('status')).toBeNull()
    expect(check).not.toHaveBeenCalled()
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
    expect(check.mock.calls[0][0]).toEqual({
      lifePayOrderType: LifePayOrderType.Gas,
      account: 'GZ88001231',
      gasOrgType: GasProvider.XinAo,
    })
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
    jest.spyOn(lifePayApi, 'getPhoneParValue').mockResolvedValue(parValues)
  })

  it('confirms the guess with where the number is registered (zh-CN)', async () => {
    useLocaleStore.setState({ locale: 'zh-CN' })
    jest.spyOn(lifePayApi, 'checkPhoneCarrier').mockResolvedValue(carrierCheck({}))
    renderWithQuery(<RechargeForm kind={phoneRecharge} phone='13900000001' />)
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('中国移动 · 广东广州'))
  })

  it('a ported 139 number: says it moved to China Unicom, selects it, and orders with it', async () => {
    const lookup = jest
      .spyOn(lifePayApi, 'checkPhoneCarrier')
      .mockResolvedValue(carrierCheck({ ispCode: CarrierCode.Liantong, ported: true }))
    const create = jest.spyOn(lifePayApi, 'createLifePayPhoneOrder').mockResolvedValue(created)
    renderWithQuery(<RechargeForm kind={phoneRecharge} phone='13900000088' />)
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Ported to China Unicom'))
    expect(lookup).toHaveBeenCalledWith({ phone: '13900000088' }, { showLoading: false, skipErrorHandler: true })
    expect(screen.getByRole('radio', { name: /China Unicom/ }).getAttribute('aria-checked')).toBe('true')
    // Marked as the lookup's answer: the chip must not claim the 139 segment says China Unicom.
    expect(screen.getByRole('radio', { name: /China Unicom/ }).textContent).toBe('China UnicomVerified')
    expect(screen.getByRole('radio', { name: /China Mobile/ }).textContent).toBe('China Mobile')
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Amount' })).getAllByRole('radio')[0])
    topUp()
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1))
    expect(create.mock.calls[0][0]).toMatchObject({ phone: '13900000088', ispCode: CarrierCode.Liantong, parValue: 20 })
  })

  it('a tap before the lookup answered waits for it: a ported number never goes out with the prefix guess', async () => {
    const answer = deferred<PhoneCarrierCheck>()
    jest.spyOn(lifePayApi, 'checkPhoneCarrier').mockReturnValue(answer.promise)
    const create = jest.spyOn(lifePayApi, 'createLifePayPhoneOrder').mockResolvedValue(created)
    renderWithQuery(<RechargeForm kind={phoneRecharge} phone='13900000088' />)
    const amounts = await screen.findByRole('radiogroup', { name: 'Amount' })
    fireEvent.click(within(amounts).getAllByRole('radio')[1])
    topUp()
    expect(await screen.findByText('Still checking the carrier, one moment')).not.toBeNull()
    expect(create).not.toHaveBeenCalled()
    answer.resolve(carrierCheck({ ispCode: CarrierCode.Liantong, ported: true }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Ported to China Unicom'))
    topUp()
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1))
    expect(create.mock.calls[0][0]).toMatchObject({ phone: '13900000088', ispCode: CarrierCode.Liantong })
  })

  it('the lookup fails: the prefix guess stays, nothing alarming is said', async () => {
    jest.spyOn(lifePayApi, 'checkPhoneCarrier').mockRejectedValue(new Error('Network Error'))
    const { queryClient } = renderWithQuery(<RechargeForm kind={phoneRecharge} phone='13900000055' />)
    await queriesSettled(queryClient)
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('radio', { name: /China Mobile/ }).getAttribute('aria-checked')).toBe('true')
    expect(screen.getByRole('radio', { name: /China Mobile/ }).textContent).toBe('China MobileDetected')
  })
})
