import { render, screen } from '@testing-library/react'
import { LifePayOrderStatus, LifePayStatus, lifePayOrderStatusValues, lifePayStatusValues } from '@domain/lifePayStatus'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { useLocaleStore } from '../../../src/i18n/i18n'
import OrderRow from '../../../src/subpackages/order/components/OrderRow'
import OrderStatusTag from '../../../src/subpackages/order/components/OrderStatusTag'
import { listItem } from './support/orders'

// The lead's order state model, as a user must read it (BRIEF "Order state model").
const reachable: [LifePayStatus, LifePayOrderStatus, string, string, string][] = [
  [LifePayStatus.Unpaid, LifePayOrderStatus.PendingConfirmation, '待支付', 'Unpaid', 'warning'],
  [LifePayStatus.Unpaid, LifePayOrderStatus.Failed, '已关闭', 'Closed', 'default'],
  [LifePayStatus.Paid, LifePayOrderStatus.PendingConfirmation, '充值中', 'Recharging', 'primary'],
  [LifePayStatus.Paid, LifePayOrderStatus.Completed, '充值成功', 'Recharge succeeded', 'success'],
  [LifePayStatus.PendingRefund, LifePayOrderStatus.Failed, '充值失败，退款中', 'Recharge failed, refunding', 'danger'],
  [
    LifePayStatus.PendingRefund,
    LifePayOrderStatus.RefundPendingReview,
    '退款审核中',
    'Refund pending review',
    'warning',
  ],
  [LifePayStatus.Refunded, LifePayOrderStatus.Refunded, '已退款', 'Refunded', 'default'],
  [LifePayStatus.Paid, LifePayOrderStatus.RefundFailed, '退款未通过，充值中', 'Refund declined, recharging', 'primary'],
]

function renderTag(payStatus: LifePayStatus, orderStatus: LifePayOrderStatus, rechargeDelivered?: boolean) {
  const { container, unmount } = render(
    <OrderStatusTag payStatus={payStatus} lifePayOrderStatus={orderStatus} rechargeDelivered={rechargeDelivered} />,
  )
  const tag = container.querySelector('.lp-order-status') as HTMLElement
  const colour = [...tag.classList].find((c) => /^lp-order-status--(warning|primary|success|danger|default)$/.test(c))
  return { text: tag.textContent, colour: colour?.replace('lp-order-status--', ''), unmount }
}

describe('order status in words and colour', () => {
  it.each(reachable)('payStatus %s + orderStatus %s reads "%s" / "%s" in %s', (pay, status, zh, en, colour) => {
    useLocaleStore.setState({ locale: 'zh-CN' })
    const chinese = renderTag(pay, status)
    expect(chinese).toMatchObject({ text: zh, colour })
    chinese.unmount()
    useLocaleStore.setState({ locale: 'en-US' })
    expect(renderTag(pay, status)).toMatchObject({ text: en, colour })
  })

  it('a declined refund on a delivered top-up says it arrived, never "refund failed" (issue 37, item 2)', () => {
    useLocaleStore.setState({ locale: 'zh-CN' })
    const chinese = renderTag(LifePayStatus.Paid, LifePayOrderStatus.RefundFailed, true)
    expect(chinese).toMatchObject({ text: '充值成功，退款未通过', colour: 'success' })
    chinese.unmount()
    useLocaleStore.setState({ locale: 'en-US' })
    expect(renderTag(LifePayStatus.Paid, LifePayOrderStatus.RefundFailed, true)).toMatchObject({
      text: 'Recharge succeeded, refund declined',
    })
  })

  it('gives every pair of enum values, reachable or not, a status word and a colour (never a raw number)', () => {
    useLocaleStore.setState({ locale: 'zh-CN' })
    const words = new Set<string>()
    for (const pay of lifePayStatusValues) {
      for (const status of lifePayOrderStatusValues) {
        const tag = renderTag(pay, status)
        expect(tag.text).toMatch(/^[^\d]+$/)
        expect(tag.colour).toBeDefined()
        words.add(tag.text ?? '')
        tag.unmount()
      }
    }
    // The 24 pairs fold onto the 8 statuses of the model.
    expect([...words].sort()).toEqual(reachable.map(([, , zh]) => zh).sort())
  })

  it('a refunded payment reads refunded whatever the recharge status says', () => {
    useLocaleStore.setState({ locale: 'en-US' })
    for (const status of lifePayOrderStatusValues) {
      const tag = renderTag(LifePayStatus.Refunded, status)
      expect(tag.text).toBe('Refunded')
      tag.unmount()
    }
  })
})

describe('order row', () => {
  /** The device's wall-clock time of an instant, built without dayjs. */
  function localMinute(iso: string): string {
    const d = new Date(iso)
    const pad = (n: number) => String(n).padStart(2, '0')
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
  }

  it('shows the type, the masked account, face value, amount paid, local time and status', () => {
    useLocaleStore.setState({ locale: 'zh-CN' })
    const onOpen = jest.fn()
    const order = listItem(1, {
      account: '13812345678',
      parValue: 100,
      payAmount: 98.5,
      creationTime: '2026-05-01T06:03:00.000Z',
    })
    const { container } = render(<OrderRow order={order} onOpen={onOpen} />)
    const text = container.textContent ?? ''
    expect(text).toContain('话费')
    expect(text).toContain('138****5678')
    expect(text).not.toContain('13812345678')
    expect(text).toContain('面值 ¥100.00')
    expect(text).toContain('实付¥98.50')
    expect(text).toContain(localMinute('2026-05-01T06:03:00.000Z'))
    expect(text).toContain('充值成功')
    ;(container.querySelector('.lp-order-row') as HTMLElement).click()
    expect(onOpen).toHaveBeenCalledWith(order.orderNo)
  })

  it('masks utility accounts and says an unpaid amount is still to pay', () => {
    useLocaleStore.setState({ locale: 'en-US' })
    const order = listItem(2, {
      lifePayOrderType: LifePayOrderType.Electric,
      account: '0101234567890',
      payStatus: LifePayStatus.Unpaid,
      lifePayOrderStatus: LifePayOrderStatus.PendingConfirmation,
    })
    render(<OrderRow order={order} onOpen={() => undefined} />)
    expect(screen.getByText('Electricity bill')).not.toBeNull()
    expect(screen.getByText('010******7890')).not.toBeNull()
    expect(screen.getByText('To pay')).not.toBeNull()
    expect(screen.getByText('Unpaid')).not.toBeNull()
  })
})
