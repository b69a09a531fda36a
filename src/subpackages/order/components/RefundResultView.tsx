import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import OutlineButton from '../../../components/OutlineButton'
import { formatYuan } from '@domain/price'
import { remarkForUser } from '@domain/systemRemark'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { orderDetailUrl, pagePath } from '../../../routes'
import { openOrGoBack } from '../../../platform/navigation'
import type { LifePayOrderDetail } from '@contract/lifePay'
import { useOrderDetail } from '../hooks/useOrderDetail'
import OrderPendingState from './OrderPendingState'
import { orderMessages, type OrderMessageKey } from '../messages'
import { formatOrderTime } from '../orderTime'
import { RefundStage, refundStageOf } from '../refundProgress'
import InfoRow from './InfoRow'
import './RefundResultView.scss'

const TITLES: Record<RefundStage, OrderMessageKey> = {
  [RefundStage.PendingReview]: 'resultPendingReview',
  [RefundStage.Refunded]: 'resultRefunded',
  [RefundStage.Rejected]: 'resultRefundDeclined',
  [RefundStage.AutoRefunding]: 'resultRefunding',
  [RefundStage.None]: 'resultNoRefund',
}

const TONES: Record<RefundStage, string> = {
  [RefundStage.PendingReview]: 'waiting',
  [RefundStage.Refunded]: 'done',
  [RefundStage.Rejected]: 'failed',
  [RefundStage.AutoRefunding]: 'waiting',
  [RefundStage.None]: 'none',
}

interface Step {
  key: OrderMessageKey
  time: string | null
  state: 'done' | 'current' | 'failed' | 'todo'
  note?: string
}

function stepsOf(order: LifePayOrderDetail, stage: RefundStage, checkRemark: string | null): Step[] {
  const applied: Step =
    order.refundApplyTime !== null
      ? { key: 'stepApplied', time: order.refundApplyTime, state: 'done' }
      : { key: 'stepAutoRefund', time: order.finishTime, state: 'done' }
  const reviewing: Step = { key: 'stepReviewing', time: null, state: 'current' }
  const reviewed: Step = { key: 'stepReviewed', time: null, state: 'done' }
  switch (stage) {
    case RefundStage.PendingReview:
      return [applied, reviewing, { key: 'stepRefunded', time: null, state: 'todo' }]
    case RefundStage.AutoRefunding:
      return [applied, { key: 'stepRefunded', time: null, state: 'current' }]
    case RefundStage.Refunded:
      return order.refundApplyTime !== null
        ? [applied, reviewed, { key: 'stepRefunded', time: order.refundTime, state: 'done' }]
        : [applied, { key: 'stepRefunded', time: order.refundTime, state: 'done' }]
    case RefundStage.Rejected:
      return [
        applied,
        reviewed,
        { key: 'stepRejected', time: order.refundTime, state: 'failed', note: checkRemark ?? undefined },
      ]
    default:
      return []
  }
}

const awaitingDecision = (order: LifePayOrderDetail) =>
  [RefundStage.PendingReview, RefundStage.AutoRefunding].includes(refundStageOf(order))

function RefundResult({ order }: { order: LifePayOrderDetail }) {
  const m = useMessages(orderMessages)
  const locale = useLocaleStore((s) => s.locale)
  const checkRemark = order.refundCheckRemark ? remarkForUser(order.refundCheckRemark, locale) : null
  const stage = refundStageOf(order)
  const amount = formatYuan(order.payAmount)
  const hint = (() => {
    switch (stage) {
      case RefundStage.PendingReview:
        return m('resultPendingReviewHint')
      case RefundStage.Refunded:
        return m('resultRefundedHint', { amount })
      case RefundStage.Rejected:
        return m(order.rechargeDelivered ? 'resultRefundDeclinedDelivered' : 'resultRefundDeclinedRecharging', {
          amount: formatYuan(order.parValue),
        })
      case RefundStage.AutoRefunding:
        return m('resultRefundingHint')
      default:
        return ''
    }
  })()
  return (
    <View className='lp-refund-result'>
      <View className={`lp-refund-result__head lp-refund-result__head--${TONES[stage]}`}>
        <View className='lp-refund-result__badge' />
        <View className='lp-refund-result__title' data-stage={stage} role='heading' aria-level={2}>
          {m(TITLES[stage])}
        </View>
        {hint ? <Text className='lp-refund-result__hint'>{hint}</Text> : null}
      </View>

      {stage !== RefundStage.None ? (
        <View className='lp-refund-result__card'>
          {stepsOf(order, stage, checkRemark).map((step) => (
            <View key={step.key} className={`lp-refund-step lp-refund-step--${step.state}`}>
              <View className='lp-refund-step__dot' />
              <View className='lp-refund-step__body'>
                <Text className='lp-refund-step__title'>{m(step.key)}</Text>
                {step.time ? <Text className='lp-refund-step__time'>{formatOrderTime(step.time)}</Text> : null}
                {step.note ? <Text className='lp-refund-step__note'>{step.note}</Text> : null}
              </View>
            </View>
          ))}
        </View>
      ) : null}

      <View className='lp-refund-result__card'>
        {/* A declined refund returns nothing: the amount is what was asked for, not a sum on its way back. */}
        {stage === RefundStage.Rejected ? (
          <InfoRow label={m('refundRequestedAmount')} value={amount} />
        ) : (
          <InfoRow label={m('refundAmount')} value={amount} emphasis />
        )}
        {order.refundApplyRemark ? <InfoRow label={m('refundReason')} value={order.refundApplyRemark} long /> : null}
        <InfoRow label={m('orderNo')} value={order.orderNo} />
      </View>

      <View className='lp-refund-result__actions'>
        <OutlineButton onClick={() => void openOrGoBack(orderDetailUrl(order.orderNo))}>{m('viewOrder')}</OutlineButton>
        <OutlineButton onClick={() => void Taro.redirectTo({ url: pagePath('order') })}>
          {m('backToOrders')}
        </OutlineButton>
      </View>
    </View>
  )
}

/** orderRefundResult: fetched again every time it shows, so an operator's decision appears on return. */
export default function RefundResultView({ orderNo }: { orderNo: string }) {
  // Until the refund is decided and paid, the page follows it: no need to reopen it to see the operator's decision.
  const detail = useOrderDetail(orderNo, { pollWhile: awaitingDecision })
  if (detail.data) return <RefundResult order={detail.data} />
  return <OrderPendingState orderNo={orderNo} detail={detail} />
}
