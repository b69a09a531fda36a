import { fireEvent, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import RefundResultView from '../../../src/subpackages/order/components/RefundResultView'
import type { LifePayOrderDetail } from '@contract/lifePay'
import { orderMessages } from '../../../src/subpackages/order/messages'
import { withFakeApi } from '../../support/fakeApi'
import { orderDetail } from './support/orders'
import { renderScreen } from './support/render'
import { showPageAgain } from './support/taroPage'

jest.mock('@tarojs/taro', () => jest.requireActual('./support/taroPage').taroWithPageHooks())

const applied = {
  refundApplyTime: '2026-05-01T07:00:00.000Z',
  refundApplyRemark: '重复充值：多充了一次',
}
const pendingReview = orderDetail({
  payStatus: LifePayStatus.PendingRefund,
  lifePayOrderStatus: LifePayOrderStatus.RefundPendingReview,
  ...applied,
})
const refunded = orderDetail({
  payStatus: LifePayStatus.Refunded,
  lifePayOrderStatus: LifePayOrderStatus.Refunded,
  refundTime: '2026-05-01T08:00:00.000Z',
  ...applied,
})
const rejected = orderDetail({
  payStatus: LifePayStatus.Paid,
  lifePayOrderStatus: LifePayOrderStatus.RefundFailed,
  refundTime: '2026-05-01T08:00:00.000Z',
  refundCheckRemark: '话费已到账，不予退款',
  finishTime: '2026-05-01T06:10:00.000Z',
  rechargeDelivered: true,
  ...applied,
})

const title = () => document.querySelector('.lp-refund-result__title')?.textContent
const steps = () =>
  [...document.querySelectorAll('.lp-refund-step')].map(
    (step) =>
      `${step.querySelector('.lp-refund-step__title')?.textContent}:${step.className.replace(/.*lp-refund-step--/, '')}`,
  )

const api = withFakeApi()
const DETAIL = '/api/LifePay/GetUserLifePayOrderDetail'
const detailReads = () => api.sent(DETAIL).length

async function open(order: LifePayOrderDetail, locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  api.answer(DETAIL, order)
  renderScreen(<RefundResultView orderNo={order.orderNo} />, { locale })
  await waitFor(() => expect(title()).toBeTruthy())
}

describe('refund result', () => {
  afterEach(() => jest.restoreAllMocks())

  it('follows the decision without being reopened: asks again every 5 s until decided (issue 17, item 10)', async () => {
    jest.useFakeTimers({ advanceTimers: true })
    try {
      await open(pendingReview)
      expect(title()).toBe('退款审核中')
      api.answer(DETAIL, refunded)
      await jest.advanceTimersByTimeAsync(5_000)
      await waitFor(() => expect(title()).toBe('退款成功'))
      const reads = detailReads()
      // Decided: no more asking.
      await jest.advanceTimersByTimeAsync(20_000)
      expect(detailReads()).toBe(reads)
    } finally {
      jest.useRealTimers()
    }
  })

  it('pending review: applied, under review, refund still to come', async () => {
    await open(pendingReview)
    expect(title()).toBe('退款审核中')
    expect(steps()).toEqual(['提交退款申请:done', '平台审核中:current', '退款成功:todo'])
    expect(screen.getByText('重复充值：多充了一次')).not.toBeNull()
    expect(screen.getByText('¥98.50')).not.toBeNull()
  })

  it('refunded: the amount is back', async () => {
    await open(refunded, 'en-US')
    expect(title()).toBe('Refunded')
    expect(screen.getByText('¥98.50 went back the way you paid')).not.toBeNull()
    expect(steps()).toEqual(['Refund requested:done', 'Reviewed:done', 'Refunded:done'])
  })

  it('declined on a delivered top-up: says it arrived, once with the operator’s reason (issue 37, item 2)', async () => {
    await open(rejected)
    expect(title()).toBe('退款未通过')
    expect(screen.getByText('¥100.00 已到账，退款申请未通过')).not.toBeNull()
    expect(screen.getAllByText('话费已到账，不予退款')).toHaveLength(1)
    expect(steps()).toEqual(['提交退款申请:done', '平台已审核:done', '退款未通过:failed'])
    expect(document.body.textContent).not.toMatch(/退款失败/)
    // Nothing is on its way back: the amount is the one asked for.
    expect(screen.getByText('申请退款金额')).not.toBeNull()
    expect(screen.queryByText('退款金额')).toBeNull()
  })

  it('declined while the top-up is still owed: it continues', async () => {
    await open({ ...rejected, finishTime: null, rechargeDelivered: false }, 'en-US')
    expect(title()).toBe('Refund declined')
    expect(screen.getByText('Your refund request was declined; the top-up continues')).not.toBeNull()
  })

  it('a long reason reads left to right beneath its label, and each hint fits a line in Chinese (issue 37, item 16)', async () => {
    await open({ ...pendingReview, refundApplyRemark: '重复充值：' + '同一个号码在同一分钟里被充了两次，'.repeat(3) })
    const row = screen.getByText(/^重复充值：同一个号码/).closest('.lp-info-row') as HTMLElement
    expect(row.className).toContain('lp-info-row--long')
    // 22 full-width characters fit the head's width at 390 px (622 design px at 28 each): no character alone below.
    for (const key of [
      'resultPendingReviewHint',
      'resultRefundedHint',
      'resultRefundDeclinedDelivered',
      'resultRefundDeclinedRecharging',
      'resultRefundingHint',
    ] as const) {
      const text = orderMessages['zh-CN'][key].replace('{amount}', '¥1000.00')
      expect([key, Array.from(text).length <= 22]).toEqual([key, true])
    }
  })

  it('a failed recharge is refunded without any application', async () => {
    await open(orderDetail({ payStatus: LifePayStatus.PendingRefund, lifePayOrderStatus: LifePayOrderStatus.Failed }))
    expect(title()).toBe('退款处理中')
    expect(steps()).toEqual(['充值失败，自动退款:done', '退款成功:current'])
  })

  it('an order without a refund says so', async () => {
    await open(orderDetail())
    expect(title()).toBe('该订单没有退款')
    expect(steps()).toEqual([])
  })

  it('is fetched again whenever it shows, so the operator’s decision appears on return', async () => {
    await open(pendingReview)
    api.answer(DETAIL, rejected)
    showPageAgain()
    await waitFor(() => expect(title()).toBe('退款未通过'))
    expect(detailReads()).toBe(2)
  })

  it('goes back to the order it came from, or opens it', async () => {
    await open(pendingReview)
    const back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' })
    const to = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
    const pages = jest.spyOn(Taro, 'getCurrentPages')
    pages.mockReturnValue([
      { route: 'subpackages/order/order/order', options: { orderNo: pendingReview.orderNo } },
      { route: 'subpackages/order/orderRefundResult/orderRefundResult', options: { orderNo: pendingReview.orderNo } },
    ] as unknown as Taro.Page[])
    fireEvent.click(screen.getByText('查看订单'))
    expect(back).toHaveBeenCalledTimes(1)
    pages.mockReturnValue([] as unknown as Taro.Page[])
    fireEvent.click(screen.getByText('查看订单'))
    expect(to).toHaveBeenCalledWith({ url: '/subpackages/order/order/order?orderNo=LP202605010001' })
  })
})
