import { useQuery } from '@tanstack/react-query'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import PageState from '../../../components/PageState'
import { OrderDisplayStatus, orderDisplayStatusOf } from '@domain/orderDisplayStatus'
import { deliveryTimeText } from '@domain/deliveryTime'
import { formatYuan } from '@domain/price'
import { remarkForUser, systemRemarkOf } from '@domain/systemRemark'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { returnedFromWebPayment } from '../../../platform/payment/webPayReturn'
import { getUserLifePayOrderDetailQueryOptions } from '../../../services/api/orders'
import { topUpAgain } from '../hooks/topUpAgain'
import { usePayStatusPolling } from '../hooks/usePayStatusPolling'
import { rechargeFormMessages } from '../formMessages'
import { rechargeMessages, type RechargeMessageKey } from '../messages'
import { orderDetailUrl, rechargeOrderType, selectPayTypeUrl, type RechargeKind } from '../../../routes'
import ExpectedDelivery from './ExpectedDelivery'
import ResultSteps, { type ResultStep } from './ResultSteps'
import SaveAccountOffer from './SaveAccountOffer'
import { orderAccountLine } from './orderAccount'
import './payType.scss'
import './recharge.scss'
import './result.scss'

/** An unpaid order this soon after the wallet returned is most likely a payment notification still on its way. */
export const PAYMENT_CONFIRM_GRACE_MS = 8000

export interface RechargeResultViewProps {
  orderNo: string
  kind: RechargeKind
  /** False while the page is hidden: polling pauses, and resumes when it shows again. */
  visible: boolean
}

type Phase = 'confirming' | OrderDisplayStatus
type Tone = 'pending' | 'success' | 'failed' | 'neutral'

const HEAD: Record<Phase, { title: RechargeMessageKey; text: RechargeMessageKey; tone: Tone }> = {
  confirming: { title: 'statusConfirmingTitle', text: 'statusConfirmingText', tone: 'pending' },
  [OrderDisplayStatus.Unpaid]: { title: 'statusUnpaidTitle', text: 'statusUnpaidText', tone: 'neutral' },
  [OrderDisplayStatus.Closed]: { title: 'statusClosedTitle', text: 'statusClosedText', tone: 'neutral' },
  [OrderDisplayStatus.Recharging]: { title: 'statusRechargingTitle', text: 'statusRechargingText', tone: 'pending' },
  [OrderDisplayStatus.RechargeSucceeded]: {
    title: 'statusSucceededTitle',
    text: 'statusSucceededText',
    tone: 'success',
  },
  [OrderDisplayStatus.Refunding]: { title: 'statusRefundingTitle', text: 'statusRefundingText', tone: 'failed' },
  [OrderDisplayStatus.Refunded]: { title: 'statusRefundedTitle', text: 'statusRefundedText', tone: 'failed' },
  [OrderDisplayStatus.RefundInProgress]: {
    title: 'statusRefundInProgressTitle',
    text: 'statusRefundInProgressText',
    tone: 'pending',
  },
  [OrderDisplayStatus.RefundPendingReview]: {
    title: 'statusRefundReviewTitle',
    text: 'statusRefundReviewText',
    tone: 'pending',
  },
  [OrderDisplayStatus.RefundDeclined]: {
    title: 'statusRefundDeclinedTitle',
    text: 'statusRefundDeclinedText',
    tone: 'pending',
  },
  [OrderDisplayStatus.DeliveredRefundDeclined]: {
    title: 'statusDeliveredRefundDeclinedTitle',
    text: 'statusDeliveredRefundDeclinedText',
    tone: 'success',
  },
}

const ICON: Record<Tone, string> = { pending: '…', success: '✓', failed: '!', neutral: '¥' }

function stepsOf(phase: Phase, m: (key: RechargeMessageKey) => string): ResultStep[] {
  switch (phase) {
    case OrderDisplayStatus.Recharging:
      return [
        { label: m('stepPaid'), state: 'done' },
        { label: m('stepRecharging'), state: 'active' },
        { label: m('stepSucceeded'), state: 'todo' },
      ]
    case OrderDisplayStatus.RechargeSucceeded:
      return [
        { label: m('stepPaid'), state: 'done' },
        { label: m('stepRecharging'), state: 'done' },
        { label: m('stepSucceeded'), state: 'done' },
      ]
    case OrderDisplayStatus.Refunding:
      return [
        { label: m('stepPaid'), state: 'done' },
        { label: m('stepFailed'), state: 'failed' },
        { label: m('stepRefunded'), state: 'active' },
      ]
    case OrderDisplayStatus.RefundInProgress:
      return [
        { label: m('stepPaid'), state: 'done' },
        { label: m('stepFailed'), state: 'failed' },
        { label: m('stepRefunded'), state: 'active' },
      ]
    case OrderDisplayStatus.Refunded:
      return [
        { label: m('stepPaid'), state: 'done' },
        { label: m('stepFailed'), state: 'failed' },
        { label: m('stepRefunded'), state: 'done' },
      ]
    default:
      return []
  }
}

/** The result of a top-up as the server reports it, asked again with back-off until it settles. */
export default function RechargeResultView({ orderNo, kind, visible }: RechargeResultViewProps) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(rechargeMessages)
  const f = useMessages(rechargeFormMessages)
  const polling = usePayStatusPolling(orderNo, visible)
  const order = useQuery({ ...getUserLifePayOrderDetailQueryOptions(orderNo), enabled: orderNo !== '' })
  const [graceOver, setGraceOver] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setGraceOver(true), PAYMENT_CONFIRM_GRACE_MS)
    return () => clearTimeout(timer)
  }, [])
  useEffect(() => {
    // A constant per build: the mini-programs drop the call and its module.
    if (process.env.TARO_ENV === 'h5') returnedFromWebPayment(orderNo)
  }, [orderNo])

  const state = polling.state
  if (!state) {
    if (polling.failed || orderNo === '') {
      return (
        <PageState
          status='error'
          errorText={orderNo === '' ? m('orderNotFound') : undefined}
          onRetry={polling.restart}
        />
      )
    }
    return <PageState status='loading' />
  }
  // The order's details settle before anything shows: its card, the amount in the head's text and the save offer
  // arriving later would push the buttons down under the user's finger (a layout shift, CLS 0.023). A details
  // request that fails leaves the page as the status alone.
  if (order.isPending && orderNo !== '') return <PageState status='loading' />

  const display = orderDisplayStatusOf(state)
  const phase: Phase = display === OrderDisplayStatus.Unpaid && !graceOver && !polling.timedOut ? 'confirming' : display
  const head = HEAD[phase]
  const detail = order.data
  const amount = detail
    ? formatYuan(
        phase === OrderDisplayStatus.RechargeSucceeded || phase === OrderDisplayStatus.DeliveredRefundDeclined
          ? detail.parValue
          : detail.payAmount,
      )
    : ''
  // The promise the top-up page made for this type, beside the expected time the server derives from it.
  const orderType = detail?.lifePayOrderType ?? rechargeOrderType[kind]
  const payable = display === OrderDisplayStatus.Unpaid
  // An operator's words say why; the server's own remark on an automatic refund only repeats the head's text.
  const remark = detail?.refundCheckRemark
  const reason =
    remark &&
    !systemRemarkOf(remark) &&
    (display === OrderDisplayStatus.Refunded ||
      display === OrderDisplayStatus.RefundDeclined ||
      display === OrderDisplayStatus.DeliveredRefundDeclined)
      ? remarkForUser(remark, locale)
      : null
  const steps = stepsOf(phase, m)

  return (
    <View className='lp-recharge lp-result'>
      <View className='lp-card lp-result__head' role='status' aria-live='polite'>
        <Text className={`lp-result__icon lp-result__icon--${head.tone}`} aria-hidden>
          {ICON[head.tone]}
        </Text>
        <View className='lp-result__title' role='heading' aria-level={2}>
          {m(head.title)}
        </View>
        <Text className='lp-result__text'>
          {m(head.text, { amount, delivery: deliveryTimeText(orderType, locale) })}
        </Text>
        {phase === OrderDisplayStatus.Recharging ? <ExpectedDelivery orderNo={orderNo} /> : null}
        {reason ? <Text className='lp-result__reason'>{reason}</Text> : null}
        {steps.length ? <ResultSteps steps={steps} /> : null}
        {(polling.timedOut && !payable) || phase === OrderDisplayStatus.Unpaid ? (
          <View className='lp-result__still'>
            {/* Unpaid: a payer back from the provider's page before it finished (WeChat's H5 payment) asks again. */}
            <Text>{m(payable ? 'paidAlready' : 'stillWorking')}</Text>
            <View className='lp-result__link' role='button' tabIndex={0} onClick={polling.restart}>
              {m('checkAgain')}
            </View>
          </View>
        ) : null}
      </View>

      {detail ? (
        <View className='lp-card lp-result__details'>
          <View className='lp-paytype__row'>
            <Text className='lp-paytype__key'>{m('account')}</Text>
            <Text className='lp-paytype__val'>{orderAccountLine(detail, locale)}</Text>
          </View>
          <View className='lp-paytype__row'>
            <Text className='lp-paytype__key'>{m('faceValue')}</Text>
            <Text className='lp-paytype__val'>{formatYuan(detail.parValue)}</Text>
          </View>
          <View className='lp-paytype__row'>
            <Text className='lp-paytype__key'>{m('amountPaid')}</Text>
            <Text className='lp-paytype__val' data-testid='amount-paid'>
              {formatYuan(detail.payAmount)}
            </Text>
          </View>
          <View className='lp-paytype__row'>
            <Text className='lp-paytype__key'>{m('orderNo')}</Text>
            <Text className='lp-paytype__val'>{detail.orderNo}</Text>
          </View>
        </View>
      ) : null}

      <View className='lp-result__actions'>
        {payable ? (
          <View
            className='lp-result__primary'
            role='button'
            tabIndex={0}
            onClick={() => void Taro.redirectTo({ url: selectPayTypeUrl(orderNo, kind) })}
          >
            {m('payNow')}
          </View>
        ) : (
          <View className='lp-result__primary' role='button' tabIndex={0} onClick={() => topUpAgain(kind, orderNo)}>
            {m('topUpAgain')}
          </View>
        )}
        <View
          className='lp-result__secondary'
          role='button'
          tabIndex={0}
          onClick={() => void Taro.navigateTo({ url: orderDetailUrl(orderNo) })}
        >
          {f('viewOrder')}
        </View>
      </View>
      {/* Below the buttons: the saved list it waits on arrives later, and moves nothing when it does. */}
      {detail && (display === OrderDisplayStatus.Recharging || display === OrderDisplayStatus.RechargeSucceeded) ? (
        <SaveAccountOffer order={detail} />
      ) : null}
    </View>
  )
}
