import { View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { useMessages } from '../../../i18n/messages'
import {
  applyRefundUrl,
  orderReceiptUrl,
  rechargeFormUrl,
  rechargeKindOf,
  refundResultUrl,
  selectPayTypeUrl,
} from '../../../routes'
import type { LifePayOrderDetail } from '@contract/lifePay'
import { orderMessages, type OrderMessageKey } from '../messages'
import { orderActions } from '../orderState'
import './OrderActions.scss'
import { openOrGoBack } from '../../../platform/navigation'
import { useBottomBar } from '../../../components/bottomBar'

/** The bar's height in design units: 20 + the 88 buttons + 20 (OrderActions.scss). */
const ACTIONS_BAR_DESIGN_HEIGHT = 128

interface Action {
  key: OrderMessageKey
  url: string
  primary: boolean
}

/** The order's form again: the phone number and face value at once; the form loads the rest from the order. */
function topUpAgainUrl(order: LifePayOrderDetail): string {
  const phone = order.lifePayOrderType === LifePayOrderType.Phone ? order.account : undefined
  return rechargeFormUrl(rechargeKindOf[order.lifePayOrderType], {
    phone,
    parValue: order.parValue,
    fromOrderNo: order.orderNo,
  })
}

/** The buttons an order's state allows: pay, apply for a refund, follow the refund, top up again. */
export default function OrderActions({ order, now }: { order: LifePayOrderDetail; now: number }) {
  const m = useMessages(orderMessages)
  const allowed = orderActions(order, now)
  const actions: Action[] = []
  if (allowed.applyRefund) actions.push({ key: 'applyRefund', url: applyRefundUrl(order.orderNo), primary: false })
  if (allowed.refundProgress)
    actions.push({ key: 'refundProgress', url: refundResultUrl(order.orderNo), primary: false })
  if (allowed.receipt) actions.push({ key: 'receipt', url: orderReceiptUrl(order.orderNo), primary: false })
  if (allowed.topUpAgain) actions.push({ key: 'topUpAgain', url: topUpAgainUrl(order), primary: !allowed.pay })
  if (allowed.pay) actions.push({ key: 'pay', url: selectPayTypeUrl(order.orderNo), primary: true })
  useBottomBar(actions.length === 0 ? 0 : ACTIONS_BAR_DESIGN_HEIGHT)
  if (actions.length === 0) return null
  return (
    <View className='lp-order-actions' role='group' aria-label={m('orderActions')}>
      {actions.map((action) => (
        <View
          key={action.key}
          className={`lp-order-actions__button${action.primary ? ' lp-order-actions__button--primary' : ''}`}
          role='button'
          tabIndex={0}
          // The refund progress and the order link to each other: going back instead of stacking them up.
          onClick={() =>
            void (action.key === 'refundProgress' ? openOrGoBack(action.url) : Taro.navigateTo({ url: action.url }))
          }
        >
          {m(action.key)}
        </View>
      ))}
    </View>
  )
}
