import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { showToast } from '../../../components/toastStore'
import { carrierCodeLabels } from '@domain/carrier'
import { electricAccountTypeLabels, electricTypeLabels } from '@domain/electric'
import { gasProviderLabels } from '@domain/gas'
import { label } from '@domain/locale'
import { remarkForUser } from '@domain/systemRemark'
import { LifePayOrderType, lifePayOrderTypeLabels } from '@domain/lifePayOrderType'
import { lifePayTypeLabels } from '@domain/lifePayType'
import { OrderDisplayStatus, orderDisplayStatusColors, orderDisplayStatusLabels } from '@domain/orderDisplayStatus'
import { formatYuan } from '@domain/price'
import { maskSixId } from '@domain/sixId'
import { RECHARGE_REFUNDABLE_AFTER_MINUTES } from '@domain/orderTransitions'
import { useLocaleStore } from '../../../i18n/i18n'
import { useElectricAreas } from '../../../hooks/useElectricAreas'
import { useRegionAreas } from '../../../hooks/useRegionAreas'
import { useMessages } from '../../../i18n/messages'
import type { LifePayOrderDetail } from '@contract/lifePay'
import { useNow } from '../hooks/useNow'
import { orderMessages } from '../messages'
import { orderStatusAt } from '../orderState'
import { regionText } from '../../../components/lifePayFields/electricArea'
import { formatOrderTime, timeLeft } from '../orderTime'
import InfoRow from './InfoRow'
import OrderActions from './OrderActions'
import OrderNotifications from './OrderNotifications'
import LifePayOrderTypeIcon from '../../../components/LifePayOrderTypeIcon'
import './OrderDetailContent.scss'

/** Everything about one order: where it stands and why, what was bought, paid and refunded, and when. */
export default function OrderDetailContent({ order }: { order: LifePayOrderDetail }) {
  const locale = useLocaleStore((s) => s.locale)
  // The server's own remarks in the user's language; an operator's words as typed.
  const checkRemark = order.refundCheckRemark ? remarkForUser(order.refundCheckRemark, locale) : null
  const m = useMessages(orderMessages)
  const unpaid = orderStatusAt(order, Date.now()) === OrderDisplayStatus.Unpaid
  const now = useNow(unpaid)
  const status = orderStatusAt(order, now)
  const left = status === OrderDisplayStatus.Unpaid ? timeLeft(order.expireTime, now) : null
  const time = (iso: string | null) => formatOrderTime(iso, 'YYYY-MM-DD HH:mm:ss')
  const userApplied = order.refundApplyTime !== null
  const hasRegion = !!(order.province || order.city)
  const isGas = order.lifePayOrderType === LifePayOrderType.Gas
  // The server keeps area codes: their names come from the list the order's top-up page picked them from.
  const electricAreas = useElectricAreas(hasRegion && !isGas)
  const regionAreas = useRegionAreas(hasRegion && isGas)
  const areas = isGas ? regionAreas : electricAreas

  const hint = (() => {
    switch (status) {
      case OrderDisplayStatus.Unpaid:
        return order.expireTime ? m('hintUnpaid', { time: formatOrderTime(order.expireTime, 'HH:mm') }) : ''
      case OrderDisplayStatus.Closed:
        return m('hintClosed')
      case OrderDisplayStatus.Recharging:
        // The server says when a refund may be asked for (canApplyRefund): once the delivery time has passed.
        return order.canApplyRefund
          ? m('hintRechargingOverdue')
          : m('hintRecharging', { minutes: RECHARGE_REFUNDABLE_AFTER_MINUTES })
      case OrderDisplayStatus.RechargeSucceeded:
        return m('hintSucceeded')
      case OrderDisplayStatus.Refunding:
        return m('hintRefunding')
      case OrderDisplayStatus.RefundPendingReview:
        return m('hintRefundPendingReview')
      case OrderDisplayStatus.Refunded:
        return m('hintRefunded', { amount: formatYuan(order.payAmount) })
      case OrderDisplayStatus.RefundInProgress:
        return m('hintRefundInProgress', { amount: formatYuan(order.payAmount) })
      default:
        return checkRemark ? m('hintRefundDeclinedReason', { reason: checkRemark }) : m('hintRefundDeclined')
    }
  })()

  const copyOrderNo = () => {
    // The hosts confirm a copy themselves ('内容已复制'); only a failure needs words from us.
    void Taro.setClipboardData({ data: order.orderNo }).catch(() => showToast('error', m('copyFailed')))
  }

  return (
    <View className='lp-order-detail'>
      <View className='lp-order-detail__scroll'>
        <View className={`lp-order-detail__head lp-order-detail__head--${orderDisplayStatusColors[status]}`}>
          <View className='lp-order-detail__status' data-status={status} role='heading' aria-level={2}>
            {label(orderDisplayStatusLabels, status, locale)}
          </View>
          {left ? <Text className='lp-order-detail__countdown'>{m('hintUnpaidCountdown', { left })}</Text> : null}
          {hint ? <Text className='lp-order-detail__hint'>{hint}</Text> : null}
        </View>

        <View className='lp-order-detail__card lp-order-detail__summary'>
          <LifePayOrderTypeIcon type={order.lifePayOrderType} size='large' />
          <View className='lp-order-detail__summary-main'>
            <Text className='lp-order-detail__summary-title'>
              {label(lifePayOrderTypeLabels, order.lifePayOrderType, locale)} {formatYuan(order.parValue)}
            </Text>
            <Text className='lp-order-detail__summary-account'>{order.account}</Text>
          </View>
          <View className='lp-order-detail__summary-amount'>
            <Text className='lp-order-detail__summary-amount-label'>
              {m(unpaidLike(status) ? 'amountDue' : 'amountPaid')}
            </Text>
            <Text className='lp-order-detail__summary-amount-value'>{formatYuan(order.payAmount)}</Text>
          </View>
        </View>

        <View className='lp-order-detail__card'>
          <InfoRow
            label={m('orderNo')}
            value={order.orderNo}
            extra={
              <View className='lp-order-detail__copy' role='button' tabIndex={0} onClick={copyOrderNo}>
                {m('copy')}
              </View>
            }
          />
          <InfoRow label={m('rechargeType')} value={label(lifePayOrderTypeLabels, order.lifePayOrderType, locale)} />
          <InfoRow label={m('account')} value={order.account} />
          {order.lifePayOrderType === LifePayOrderType.Phone && order.ispCode ? (
            <InfoRow label={m('carrier')} value={label(carrierCodeLabels, order.ispCode, locale)} />
          ) : null}
          {order.electricType ? (
            <InfoRow label={m('grid')} value={label(electricTypeLabels, order.electricType, locale)} />
          ) : null}
          {order.electricAccountType ? (
            <InfoRow
              label={m('electricAccountType')}
              value={label(electricAccountTypeLabels, order.electricAccountType, locale)}
            />
          ) : null}
          {hasRegion ? (
            <InfoRow label={m('region')} value={regionText(areas.data, order.province, order.city, locale)} />
          ) : null}
          {order.gasOrgType ? (
            <InfoRow label={m('gasProvider')} value={label(gasProviderLabels, order.gasOrgType, locale)} />
          ) : null}
          {order.name ? (
            <InfoRow
              label={m(order.lifePayOrderType === LifePayOrderType.Phone ? 'phoneHolderName' : 'holderName')}
              value={order.name}
            />
          ) : null}
          {/* Masked by the server (*****X): part of an ID number. */}
          {order.sixID ? <InfoRow label={m('sixId')} value={maskSixId(order.sixID)} /> : null}
        </View>

        <View className='lp-order-detail__card'>
          <InfoRow label={m('faceValue')} value={formatYuan(order.parValue)} />
          <InfoRow
            label={m('discount')}
            value={
              order.rate
                ? m('discountValue', { amount: formatYuan(order.discountAmount), rate: order.rate })
                : `-${formatYuan(order.discountAmount)}`
            }
          />
          <InfoRow
            label={m(unpaidLike(status) ? 'amountDue' : 'amountPaid')}
            value={formatYuan(order.payAmount)}
            emphasis
          />
          <InfoRow
            label={m('payType')}
            value={
              order.lifePayType && order.payTime ? label(lifePayTypeLabels, order.lifePayType, locale) : m('notPaid')
            }
          />
        </View>

        <View className='lp-order-detail__card'>
          <InfoRow label={m('createdAt')} value={time(order.creationTime)} />
          {order.payTime ? <InfoRow label={m('paidAt')} value={time(order.payTime)} /> : null}
          {order.finishTime ? <InfoRow label={m('finishedAt')} value={time(order.finishTime)} /> : null}
          {status === OrderDisplayStatus.Recharging && order.expectedDeliveryTime ? (
            <InfoRow
              label={m('expectedBy')}
              value={m('expectedByValue', { time: formatOrderTime(order.expectedDeliveryTime) })}
            />
          ) : null}
          {status === OrderDisplayStatus.Unpaid && order.expireTime ? (
            <InfoRow label={m('closesAt')} value={time(order.expireTime)} />
          ) : null}
          {status === OrderDisplayStatus.Closed && order.expireTime ? (
            <InfoRow label={m('closedAt')} value={time(order.expireTime)} />
          ) : null}
          {order.refundApplyTime ? <InfoRow label={m('refundAppliedAt')} value={time(order.refundApplyTime)} /> : null}
          {order.refundApplyRemark ? <InfoRow label={m('refundReason')} value={order.refundApplyRemark} long /> : null}
          {order.refundTime ? <InfoRow label={m('refundedAt')} value={time(order.refundTime)} /> : null}
          {checkRemark ? (
            <InfoRow label={m(userApplied ? 'refundCheckRemark' : 'autoRefundReason')} value={checkRemark} long />
          ) : null}
        </View>

        {/* Issue 20: the notifications the user subscribed to for this order. */}
        <OrderNotifications notifications={order.notifications ?? []} />
      </View>
      <OrderActions order={order} now={now} />
    </View>
  )
}

/** No money has moved: the amount is what would be paid. */
function unpaidLike(status: OrderDisplayStatus): boolean {
  return status === OrderDisplayStatus.Unpaid || status === OrderDisplayStatus.Closed
}
