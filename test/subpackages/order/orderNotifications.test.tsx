import { screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { LifePayNotificationChannel, LifePayNotificationEvent } from '@domain/lifePayNotification'
import { OrderNotificationStatus } from '@domain/orderNotifications'
import OrderDetailView from '../../../src/subpackages/order/components/OrderDetailView'
import type { LifePayOrderDetail } from '@contract/lifePay'
import { withFakeApi } from '../../support/fakeApi'
import { orderDetail } from './support/orders'
import { renderScreen } from './support/render'

jest.mock('@tarojs/taro', () => jest.requireActual('./support/taroPage').taroWithPageHooks())

// Issue 20: the order detail says what the user subscribed to for the order and what became of it.

const api = withFakeApi()

async function openDetail(order: LifePayOrderDetail, locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  api.answer('/api/LifePay/GetUserLifePayOrderDetail', order)
  renderScreen(<OrderDetailView orderNo={order.orderNo} />, { locale })
  await waitFor(() => expect(document.querySelector('.lp-order-detail')).not.toBeNull())
}

const rows = () =>
  [...document.querySelectorAll('[data-testid=order-notifications] .lp-info-row')].map((row) => row.textContent)

describe('order detail: notifications', () => {
  beforeEach(() => {
    jest
      .spyOn(Taro, 'getCurrentPages')
      .mockReturnValue([{ route: 'subpackages/order/order/order' }] as unknown as ReturnType<
        typeof Taro.getCurrentPages
      >)
  })
  afterEach(() => jest.restoreAllMocks())

  const notifications = [
    {
      event: LifePayNotificationEvent.Paid,
      channel: LifePayNotificationChannel.Wechat,
      status: OrderNotificationStatus.Sent,
    },
    {
      event: LifePayNotificationEvent.RechargeSucceeded,
      channel: LifePayNotificationChannel.Wechat,
      status: OrderNotificationStatus.Sending,
    },
  ]

  it('lists each subscription with its channel and state, in zh-CN', async () => {
    await openDetail(orderDetail({ notifications }))
    expect(screen.getByRole('heading', { name: '消息通知' })).not.toBeNull()
    expect(rows()).toEqual(['支付成功通知微信 · 已发送', '充值到账通知微信 · 发送中'])
  })

  it('and in en-US', async () => {
    await openDetail(
      orderDetail({
        notifications: [
          {
            event: LifePayNotificationEvent.RechargeSucceeded,
            channel: LifePayNotificationChannel.Sms,
            status: OrderNotificationStatus.Subscribed,
          },
        ],
      }),
      'en-US',
    )
    expect(rows()).toEqual(['Top-up delivered noticeSMS · Subscribed'])
  })

  it('shows no section when the user subscribed to nothing', async () => {
    await openDetail(orderDetail({ notifications: [] }))
    expect(document.querySelector('[data-testid=order-notifications]')).toBeNull()
    expect(screen.queryByText('消息通知')).toBeNull()
  })
})
