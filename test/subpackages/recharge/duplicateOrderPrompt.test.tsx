import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { DuplicateOrderRefusal, PhoneParValue } from '@contract/lifePay'
import DialogHost from '../../../src/components/Dialog'
import { useDialogStore } from '../../../src/components/dialogStore'
import { CarrierCode } from '@domain/carrier'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { useLocaleStore } from '../../../src/i18n/i18n'
import { useToastStore } from '../../../src/components/toastStore'
import { useRechargeDraftStore } from '../../../src/subpackages/recharge/hooks/rechargeDraftStore'
import { withFakeApi } from '../../support/fakeApi'
import { ok, type Reply } from '../../support/testServer'
import {
  carrierLookupAnswered,
  facesPriced,
  formUnlocked,
  logIn,
  logOut,
  PATHS,
  rates,
  refusalWith,
  renderWithQuery,
  unavailable,
} from './support'
import RechargeForm from '../../../src/subpackages/recharge/components/RechargeForm'
import { phoneRecharge } from '../../../src/subpackages/recharge/kinds/phoneRecharge'

// Issue 20, duplicate guard: the recharge submit answers DUPLICATE_ORDER and OPEN_ORDER_LIMIT with the app's dialog.

const parValues: PhoneParValue[] = [{ ispCode: CarrierCode.Yidong, ispName: '中国移动', parValue: [50, 100] }]
const created = { orderNo: 'LP2', payAmount: 98.5, parValue: 100, discountAmount: 1.5 }
const earlier: DuplicateOrderRefusal = {
  reason: 'recharging',
  order: {
    orderNo: 'LP1',
    payStatus: 20,
    lifePayOrderStatus: 10,
    frontStatus: 10,
    lifePayOrderType: LifePayOrderType.Phone,
    account: '13812345678',
    parValue: 100,
    payAmount: 98.5,
    lifePayType: 10,
    creationTime: '2024-05-01T06:05:00.000Z',
  },
}

const api = withFakeApi()
let navigateTo: jest.SpyInstance

/** The orders sent, oldest first. */
const orders = () => api.bodies(PATHS.createPhone)
/** The create call answered with each reply in turn, then with the order made. */
function createAnswers(...replies: Reply[]) {
  api.route(PATHS.createPhone, () => replies.shift() ?? ok(created))
}

beforeEach(() => {
  useLocaleStore.setState({ locale: 'en-US' })
  useRechargeDraftStore.setState({ phone: undefined })
  logIn('13800138000')
  useToastStore.setState({ toast: null })
  api.answer(PATHS.rate, rates)
  api.answer(PATHS.phoneParValue, parValues)
  api.answer(PATHS.userAccounts, [])
  // The carrier lookup cannot say: the prefix guess stands (the form waits for its answer before it orders).
  api.route(PATHS.carrierCheck, () => unavailable)
  createAnswers()
  navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
})

afterEach(() => {
  act(() => useDialogStore.setState({ dialog: null }))
  jest.restoreAllMocks()
  logOut()
})

/** The form filled (its helpers read English), then submitted in `locale`: the dialog it opens. */
async function submitted(locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  renderWithQuery(
    <>
      <RechargeForm kind={phoneRecharge} phone='13812345678' parValue={100} />
      <DialogHost />
    </>,
  )
  await facesPriced()
  await carrierLookupAnswered(api)
  act(() => useLocaleStore.setState({ locale }))
  fireEvent.click(screen.getByRole('button', { name: /立即充值|Top up now/ }))
  return screen.findByRole('dialog')
}

const button = (name: string) => screen.getByRole('button', { name })

describe('duplicate order prompt', () => {
  it('names the earlier order; "top up anyway" resends it acknowledged and goes on to pay', async () => {
    createAnswers(refusalWith('DUPLICATE_ORDER', '你有一笔相同账户的订单正在充值中', earlier))
    const dialog = await submitted()
    expect(dialog.textContent).toContain('你有一笔相同账户的订单正在充值中')
    // Its state, amount and time (the local time of creationTime).
    const time = new Date(earlier.order.creationTime)
    const hhmm = `${String(time.getHours()).padStart(2, '0')}:${String(time.getMinutes()).padStart(2, '0')}`
    expect(dialog.textContent).toContain('充值中 · ¥100.00')
    expect(dialog.textContent).toContain(hhmm)
    // No field, banner or toast repeats it.
    expect(screen.queryByRole('alert')).toBeNull()
    expect(useToastStore.getState().toast).toBeNull()
    fireEvent.click(button('仍要充值'))
    await waitFor(() => expect(orders()).toHaveLength(2))
    expect(orders()[1]).toMatchObject({ phone: '13812345678', parValue: 100, confirmDuplicate: true })
    expect(orders()[0].confirmDuplicate).toBeUndefined()
    await waitFor(() => expect(navigateTo).toHaveBeenCalledTimes(1))
    expect(navigateTo.mock.calls[0][0].url).toContain('selectPayType?orderNo=LP2')
  })

  it('"view order" opens the earlier order and places nothing', async () => {
    createAnswers(refusalWith('DUPLICATE_ORDER', '你有一笔相同账户的订单正在充值中', earlier))
    await submitted()
    fireEvent.click(button('查看订单'))
    await waitFor(() => expect(navigateTo).toHaveBeenCalledTimes(1))
    expect(navigateTo.mock.calls[0][0].url).toBe('/subpackages/order/order/order?orderNo=LP1')
    expect(orders()).toHaveLength(1)
    // The form is free for another try.
    expect(screen.getByRole('button', { name: /立即充值/ }).getAttribute('aria-disabled')).toBe('false')
  })

  it('a refusal without the earlier order (a back end that sends less, issue 36): its words, no link', async () => {
    createAnswers(refusalWith('DUPLICATE_ORDER', '你有一笔相同账户的订单正在充值中', { reason: 'paying' }))
    const dialog = await submitted()
    expect(dialog.textContent).toContain('你有一笔相同账户的订单正在充值中')
    fireEvent.click(button('查看订单'))
    await waitFor(() => expect(useDialogStore.getState().dialog?.visible).not.toBe(true))
    expect(navigateTo).not.toHaveBeenCalled()
    expect(useToastStore.getState().toast).toBeNull()
  })

  it('a tap beside the box only closes it', async () => {
    createAnswers(refusalWith('DUPLICATE_ORDER', '你有一笔相同账户的订单正在充值中', earlier))
    const dialog = await submitted()
    fireEvent.click(dialog.parentElement?.querySelector('.lp-dialog__mask') as Element)
    await waitFor(() => expect(useDialogStore.getState().dialog?.visible).not.toBe(true))
    expect(navigateTo).not.toHaveBeenCalled()
    expect(orders()).toHaveLength(1)
  })

  it('in English', async () => {
    createAnswers(refusalWith('DUPLICATE_ORDER', 'You have…', { ...earlier, reason: 'recentlyPaid' }))
    const dialog = await submitted('en-US')
    expect(dialog.textContent).toContain('You paid the same amount for this account less than 10 minutes ago')
    expect(dialog.textContent).toContain('Recharging · ¥100.00')
    expect(button('View order')).not.toBeNull()
    expect(button('Top up anyway')).not.toBeNull()
  })

  it('names an order paid just now by where it stands: 充值成功 once delivered, not 已支付 (issue 37, item 6)', async () => {
    const delivered = {
      reason: 'recentlyPaid',
      order: { ...earlier.order, lifePayOrderStatus: 30, frontStatus: 100, rechargeDelivered: true },
    }
    createAnswers(refusalWith('DUPLICATE_ORDER', '你在10分钟内…', delivered))
    const dialog = await submitted()
    expect(dialog.textContent).toContain('充值成功 · ¥100.00')
    expect(dialog.textContent).not.toContain('已支付')
  })

  it('OPEN_ORDER_LIMIT: the server’s words, and a way to the orders', async () => {
    const msg = '该账户已有3笔进行中的订单，请先支付或等待到账后再下单'
    createAnswers(refusalWith('OPEN_ORDER_LIMIT', msg))
    const dialog = await submitted()
    expect(dialog.textContent).toContain('进行中的订单已达上限')
    expect(dialog.textContent).toContain(msg)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(useToastStore.getState().toast).toBeNull()
    fireEvent.click(button('查看订单'))
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith({ url: '/subpackages/order/order/order' }))
    expect(orders()).toHaveLength(1)
  })

  it('the create call leaves the guard’s refusals to the dialog (no toast) and toasts the others as before', async () => {
    createAnswers(refusalWith('PAR_VALUE_NOT_OFFERED', '不支持该充值面额'))
    renderWithQuery(<RechargeForm kind={phoneRecharge} phone='13812345678' parValue={100} />)
    await facesPriced()
    await carrierLookupAnswered(api)
    fireEvent.click(screen.getByRole('button', { name: /Top up now/ }))
    await waitFor(() => expect(useToastStore.getState().toast?.text).toBe('不支持该充值面额'))
    await formUnlocked()
    expect(orders()).toHaveLength(1)
  })
})
