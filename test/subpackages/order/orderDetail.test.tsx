import { fireEvent, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { CarrierCode } from '@domain/carrier'
import { ElectricAccountType, ElectricType } from '@domain/electric'
import { GasProvider } from '@domain/gas'
import { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { LifePayType } from '@domain/lifePayType'
import LoginRequired from '../../../src/components/LoginRequired'
import OrderDetailView from '../../../src/subpackages/order/components/OrderDetailView'
import { orderMessages } from '../../../src/subpackages/order/messages'
import type { LifePayOrderDetail } from '@contract/lifePay'
import { beijing, shenzhen } from '../../support/electricAreas'
import { regionTree } from '../../support/regions'
import { withFakeApi } from '../../support/fakeApi'
import { orderDetail } from './support/orders'
import { renderScreen } from './support/render'
import { showPageAgain } from './support/taroPage'

jest.mock('@tarojs/taro', () => jest.requireActual('./support/taroPage').taroWithPageHooks())

const api = withFakeApi()
const DETAIL = '/api/LifePay/GetUserLifePayOrderDetail'
const AREAS = '/api/LifePay/GetElectricSupportArea'

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()
const buttons = () => [...document.querySelectorAll('.lp-order-actions__button')].map((b) => b.textContent)

async function openDetail(order: LifePayOrderDetail, locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  api.answer(DETAIL, order)
  const view = renderScreen(<OrderDetailView orderNo={order.orderNo} />, { locale })
  await waitFor(() => expect(document.querySelector('.lp-order-detail')).not.toBeNull())
  return view
}

describe('order detail', () => {
  beforeEach(() => {
    jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
    jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
    // The detail opened on its own (nothing below it).
    jest
      .spyOn(Taro, 'getCurrentPages')
      .mockReturnValue([{ route: 'subpackages/order/order/order' }] as unknown as ReturnType<
        typeof Taro.getCurrentPages
      >)
    api.answer(AREAS, [])
  })
  afterEach(() => jest.restoreAllMocks())

  it('an open unpaid order counts down to its closing time and offers only to pay', async () => {
    await openDetail(
      orderDetail({
        payStatus: LifePayStatus.Unpaid,
        lifePayOrderStatus: LifePayOrderStatus.PendingConfirmation,
        payTime: null,
        finishTime: null,
        lifePayType: null,
        expireTime: minutesFromNow(10),
      }),
    )
    expect(document.querySelector('.lp-order-detail__status')?.textContent).toBe('待支付')
    expect(screen.getByText(/^剩余支付时间 (10:00|09:5\d)$/)).not.toBeNull()
    expect(screen.getByText('关闭时间')).not.toBeNull()
    expect(screen.getByText('未支付')).not.toBeNull()
    expect(buttons()).toEqual(['去支付'])
    fireEvent.click(screen.getByText('去支付'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({
      url: '/subpackages/recharge/selectPayType/selectPayType?orderNo=LP202605010001',
    })
  })

  it('an unpaid order past its closing time is closed and cannot be paid', async () => {
    await openDetail(
      orderDetail({
        payStatus: LifePayStatus.Unpaid,
        lifePayOrderStatus: LifePayOrderStatus.PendingConfirmation,
        payTime: null,
        finishTime: null,
        expireTime: minutesFromNow(-1),
      }),
      'en-US',
    )
    expect(document.querySelector('.lp-order-detail__status')?.textContent).toBe('Closed')
    expect(screen.getByText('Not paid in time, the order was closed')).not.toBeNull()
    expect(buttons()).toEqual(['Top up again'])
  })

  it('a paid order the server allows to refund offers the refund form', async () => {
    await openDetail(
      orderDetail({
        lifePayOrderStatus: LifePayOrderStatus.PendingConfirmation,
        finishTime: null,
        canApplyRefund: true,
      }),
    )
    expect(document.querySelector('.lp-order-detail__status')?.textContent).toBe('充值中')
    expect(buttons()).toEqual(['申请退款', '再次充值'])
    fireEvent.click(screen.getByText('申请退款'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({
      url: '/subpackages/order/orderApplyRefund/orderApplyRefund?orderNo=LP202605010001',
    })
  })

  it('a recharge still on time says when a refund may be asked for, and offers none yet', async () => {
    await openDetail(
      orderDetail({
        lifePayOrderStatus: LifePayOrderStatus.PendingConfirmation,
        finishTime: null,
        canApplyRefund: false,
      }),
    )
    expect(screen.getByText('已支付，正在为您充值；支付30分钟后仍未到账可申请退款')).not.toBeNull()
    expect(buttons()).toEqual(['再次充值'])
  })

  it('an overdue recharge says the user may wait or ask for a refund', async () => {
    await openDetail(
      orderDetail({
        lifePayOrderStatus: LifePayOrderStatus.PendingConfirmation,
        finishTime: null,
        canApplyRefund: true,
      }),
      'en-US',
    )
    expect(
      screen.getByText('This top-up is taking longer than usual: you can keep waiting or ask for a refund'),
    ).not.toBeNull()
  })

  it('a completed order the server does not allow to refund has no refund button (its receipt instead)', async () => {
    await openDetail(orderDetail({ canApplyRefund: false }))
    expect(buttons()).toEqual(['电子凭证', '再次充值'])
  })

  it('a failed recharge shows the automatic refund and its progress', async () => {
    await openDetail(
      orderDetail({
        payStatus: LifePayStatus.PendingRefund,
        lifePayOrderStatus: LifePayOrderStatus.Failed,
        refundCheckRemark: '运营商维护，充值失败',
      }),
    )
    expect(document.querySelector('.lp-order-detail__status')?.textContent).toBe('充值失败，退款中')
    expect(screen.getByText('充值未成功，款项将原路自动退回')).not.toBeNull()
    expect(screen.getByText('退款说明')).not.toBeNull()
    expect(screen.getByText('运营商维护，充值失败')).not.toBeNull()
    expect(buttons()).toEqual(['退款进度', '再次充值'])
    fireEvent.click(screen.getByText('退款进度'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({
      url: '/subpackages/order/orderRefundResult/orderRefundResult?orderNo=LP202605010001',
    })
  })

  it('an automatic refund’s note in the user’s language, without the supplier’s words (issue 17, item 3)', async () => {
    await openDetail(
      orderDetail({
        payStatus: LifePayStatus.Refunded,
        lifePayOrderStatus: LifePayOrderStatus.Refunded,
        refundTime: '2026-05-01T08:00:00.000Z',
        refundCheckRemark: '充值失败，款项已原路退回',
      }),
      'en-US',
    )
    expect(screen.getByText('The top-up failed; your money has been returned')).not.toBeNull()
    expect(document.body.textContent).not.toContain('充值失败')
  })

  it('a refused refund says why', async () => {
    await openDetail(
      orderDetail({
        payStatus: LifePayStatus.Paid,
        lifePayOrderStatus: LifePayOrderStatus.RefundFailed,
        refundApplyTime: '2026-05-01T07:00:00.000Z',
        refundApplyRemark: '重复充值',
        refundCheckRemark: '已到账，无法退款',
      }),
      'en-US',
    )
    expect(screen.getByText('Your refund request was declined: 已到账，无法退款')).not.toBeNull()
    expect(screen.getByText('Review note')).not.toBeNull()
    expect(screen.getByText('Refund reason')).not.toBeNull()
    expect(screen.getByText('Refund applied at')).not.toBeNull()
  })

  it('shows everything about a phone order, and copies the order number', async () => {
    const setClipboard = jest
      .spyOn(Taro, 'setClipboardData')
      .mockResolvedValue({ errMsg: 'setClipboardData:ok', data: 'LP202605010001' })
    await openDetail(orderDetail({ ispCode: CarrierCode.Yidong }), 'en-US')
    const text = document.querySelector('.lp-order-detail')?.textContent ?? ''
    for (const expected of [
      'LP202605010001',
      'Phone bill',
      '13812345678',
      'China Mobile',
      'Face value',
      '¥100.00',
      '-¥1.50',
      'you pay 98.5% of face value',
      'Amount paid',
      '¥98.50',
      'WeChat Pay',
      'Ordered at',
      'Paid at',
      'Completed at',
      'Recharge succeeded',
    ]) {
      expect(text).toContain(expected)
    }
    fireEvent.click(screen.getByText('Copy'))
    expect(setClipboard).toHaveBeenCalledWith({ data: 'LP202605010001' })
  })

  it.each([
    [
      orderDetail({ lifePayOrderType: LifePayOrderType.Phone, account: '13812345678', parValue: 50 }),
      '/subpackages/recharge/phoneBillRecharge/phoneBillRecharge?phone=13812345678&parValue=50&fromOrderNo=LP202605010001',
    ],
    [
      orderDetail({
        lifePayOrderType: LifePayOrderType.Electric,
        account: '0101234567890',
        parValue: 200,
        electricType: ElectricType.Nanwang,
        electricAccountType: ElectricAccountType.House,
        province: '440000',
        city: '440300',
      }),
      '/subpackages/recharge/electricBillRecharge/electricBillRecharge?parValue=200&fromOrderNo=LP202605010001',
    ],
    [
      orderDetail({
        lifePayOrderType: LifePayOrderType.Gas,
        account: 'GZ12345678',
        parValue: 100,
        gasOrgType: GasProvider.HuaRun,
      }),
      '/subpackages/recharge/gasBillRecharge/gasBillRecharge?parValue=100&fromOrderNo=LP202605010001',
    ],
  ])('tops up again with the same account (%#)', async (order, url) => {
    await openDetail(order)
    fireEvent.click(screen.getByText('再次充值'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url })
  })

  it('says not found for an order number that is unknown or someone else’s', async () => {
    api.refuse(DETAIL, 'ORDER_NOT_FOUND', '订单不存在')
    renderScreen(<OrderDetailView orderNo='LPFOREIGN' />)
    await waitFor(() => expect(screen.getByText('订单不存在，或不属于当前账号')).not.toBeNull())
    fireEvent.click(screen.getByText('返回我的订单'))
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/subpackages/order/order/order' })
  })

  it('any other failure can be retried', async () => {
    api.fail(DETAIL)
    renderScreen(<OrderDetailView orderNo='LP202605010001' />)
    // The page says why in place, beside the request layer's toast.
    const failed = await waitFor(() => screen.getByText('重新加载').closest('[role="alert"]') as HTMLElement)
    expect(failed.textContent).toContain('服务器无响应，请重试')
    api.answer(DETAIL, orderDetail())
    fireEvent.click(screen.getByText('重新加载'))
    await waitFor(() => expect(document.querySelector('.lp-order-detail')).not.toBeNull())
    expect(api.sent(DETAIL).map((request) => request.query.get('orderNo'))).toEqual([
      'LP202605010001',
      'LP202605010001',
    ])
    // The page draws its own loading state: no masked indicator over it.
    expect(api.loadingShown()).toBe(0)
  })

  it('fetches the order again when the page shows again', async () => {
    api.answer(DETAIL, orderDetail())
    renderScreen(<OrderDetailView orderNo='LP202605010001' />)
    await waitFor(() => expect(document.querySelector('.lp-order-detail')).not.toBeNull())
    api.answer(
      DETAIL,
      orderDetail({
        payStatus: LifePayStatus.Refunded,
        lifePayOrderStatus: LifePayOrderStatus.Refunded,
        refundTime: '2026-05-02T00:00:00.000Z',
      }),
    )
    showPageAgain()
    await waitFor(() => expect(document.querySelector('.lp-order-detail__status')?.textContent).toBe('已退款'))
    expect(api.sent(DETAIL)).toHaveLength(2)
  })

  it('asks a logged-out user to log in instead of fetching', () => {
    const { queryClient } = renderScreen(
      <LoginRequired messages={orderMessages}>
        <OrderDetailView orderNo='LP1' />
      </LoginRequired>,
      { loggedIn: false },
    )
    expect(screen.getByText('登录后查看您的订单')).not.toBeNull()
    expect(queryClient.isFetching()).toBe(0)
    expect(api.sent(DETAIL)).toEqual([])
  })

  it('names an electricity order’s region, which the server keeps as codes', async () => {
    api.answer(AREAS, [
      {
        provinceCode: '440000',
        provinceName: '广东省',
        cityCode: '440300',
        cityName: '深圳市',
        electricType: ElectricType.Nanwang,
        needHolderName: true,
      },
    ])
    await openDetail(
      orderDetail({
        lifePayOrderType: LifePayOrderType.Electric,
        account: '0101234567890',
        electricType: ElectricType.Nanwang,
        electricAccountType: ElectricAccountType.Shop,
        province: '440000',
        city: '440300',
        name: '张三',
      }),
    )
    await waitFor(() => expect(screen.getByText('广东省 深圳市')).not.toBeNull())
    const text = document.querySelector('.lp-order-detail')?.textContent ?? ''
    for (const expected of ['电费', '南方电网', '店铺', '张三', '0101234567890']) expect(text).toContain(expected)
  })

  it('shows a Southern Grid order’s sixID by its check character only, and a China Telecom number’s holder', async () => {
    // Masked by the server; masked again here should an answer ever carry it whole.
    const { unmount } = await openDetail(
      orderDetail({
        lifePayOrderType: LifePayOrderType.Electric,
        account: '0101234567890',
        electricType: ElectricType.Nanwang,
        province: '440000',
        city: '440300',
        sixID: '12345X',
      }),
    )
    let text = document.querySelector('.lp-order-detail')?.textContent ?? ''
    expect(text).toContain('身份证后6位*****X')
    expect(text).not.toContain('12345X')
    unmount()
    await openDetail(orderDetail({ ispCode: CarrierCode.Dianxin, account: '13312345678', name: '李四' }))
    text = document.querySelector('.lp-order-detail')?.textContent ?? ''
    expect(text).toContain('机主姓名李四')
    expect(text).not.toContain('身份证后6位')
  })

  it('names a gas order’s city from the region list (the server keeps codes)', async () => {
    api.answer('/api/Area/GetRegionalManagementList', regionTree)
    await openDetail(
      orderDetail({
        lifePayOrderType: LifePayOrderType.Gas,
        account: 'SJZ2024001',
        gasOrgType: GasProvider.XinAo,
        province: '130000',
        city: '130100',
      }),
    )
    await waitFor(() => expect(screen.getByText('河北省 石家庄市')).not.toBeNull())
  })

  it('names the region in English in en-US, and a municipality once (issue 17, item 3)', async () => {
    api.answer(AREAS, [shenzhen, beijing])
    const electric = { lifePayOrderType: LifePayOrderType.Electric, electricType: ElectricType.Nanwang }
    const { unmount } = await openDetail(orderDetail({ ...electric, province: '440000', city: '440300' }), 'en-US')
    await waitFor(() => expect(screen.getByText('Shenzhen, Guangdong')).not.toBeNull())
    unmount()
    await openDetail(orderDetail({ ...electric, province: '110000', city: '110100' }))
    await waitFor(() => expect(screen.getByText('北京市')).not.toBeNull())
    expect(screen.queryByText('北京市 北京市')).toBeNull()
  })

  it('shows the pay type only once paid', async () => {
    await openDetail(orderDetail({ lifePayType: LifePayType.AliPay }), 'en-US')
    expect(screen.getByText('Alipay')).not.toBeNull()
  })
})
