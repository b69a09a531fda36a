import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import OutlineButton from '../../../components/OutlineButton'
import PageState from '../../../components/PageState'
import { rovingTabStop } from '../../../components/rovingTabStop'
import { LifePayStatus } from '@domain/lifePayStatus'
import { lifePayTypeLabels, lifePayTypeValues } from '@domain/lifePayType'
import { label } from '@domain/locale'
import { isOrderClosed } from '@domain/orderTransitions'
import { formatYuan } from '@domain/price'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { availablePayTypes } from '../../../platform/payment/availablePayTypes'
import type { RuntimeHost } from '@domain/runtimeHost'
import { currentRuntimeHost } from '../../../platform/platform'
import { subscribeChannelOf } from '../../../platform/subscribePrompt'
import { useLifePayStore } from '../../../stores/lifePay'
import { rechargeMessages } from '../messages'
import { pagePath, rechargeFormUrl, rechargeResultUrl, type RechargeKind } from '../../../routes'
import { usePayChoice } from '../hooks/usePayChoice'
import { usePayOrder } from '../hooks/usePayOrder'
import PayTypeMark from './PayTypeMark'
import SandboxCashierSheet from './SandboxCashierSheet'
import SmsOptIn from '../../../components/SmsOptIn'
import { maskPhone } from '@domain/mask'
import SubmitBar from './SubmitBar'
import { useNotificationsOffered } from '../../../hooks/useNotificationsOffered'
import { orderAccountLine } from './orderAccount'
import './payType.scss'
import './recharge.scss'

export interface PayTypeSelectionProps {
  orderNo: string
  /** `type=` of the page query; read from the order when absent. */
  kind?: RechargeKind
  /** Where the app runs (tests pass one); detected when absent. */
  host?: RuntimeHost
}

/** Amount recap, the pay types this platform can use, and the payment through the platform's wallet. */
export default function PayTypeSelection({ orderNo, kind, host = currentRuntimeHost() }: PayTypeSelectionProps) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(rechargeMessages)
  const possible = availablePayTypes(host)
  // H5 has no host subscribe prompt: an SMS opt-in to the user's own number instead (issue 20), never pre-ticked.
  const { payType, setPayType, smsOptIn, setSmsOptIn } = usePayChoice(orderNo, possible)
  // H5 only (no host prompt there): the SMS box, where the back end takes the answer (issue 36).
  const smsOffered = useNotificationsOffered(subscribeChannelOf(host) === null)
  const payTypeTabStop = rovingTabStop(
    lifePayTypeValues,
    (type) => type === payType && possible.includes(type),
    (type) => !possible.includes(type),
  )
  const { order, detail, notFound, orderKind, busy, pay } = usePayOrder(orderNo, kind, host)
  const phoneNumber = useLifePayStore((s) => s.phoneNumber)

  if (!detail) {
    if (notFound) {
      return (
        <PageState
          status='empty'
          emptyText={m('orderNotFound')}
          emptyAction={
            <OutlineButton onClick={() => void Taro.redirectTo({ url: pagePath('order') })}>
              {m('backToOrders')}
            </OutlineButton>
          }
        />
      )
    }
    return <PageState status={order.isError ? 'error' : 'loading'} onRetry={() => void order.refetch()} />
  }

  const unpaid = detail.payStatus === LifePayStatus.Unpaid
  const closed = isOrderClosed(detail, Date.now())
  const amount = formatYuan(detail.payAmount)

  return (
    <View className='lp-recharge lp-paytype'>
      <View className='lp-card lp-paytype__recap'>
        <Text className='lp-paytype__amount-label'>{m('orderAmount')}</Text>
        <Text className='lp-paytype__amount' data-testid='order-amount'>
          {amount}
        </Text>
        <View className='lp-paytype__rows'>
          <View className='lp-paytype__row'>
            <Text className='lp-paytype__key'>{m('account')}</Text>
            <Text className='lp-paytype__val'>{orderAccountLine(detail, locale)}</Text>
          </View>
          <View className='lp-paytype__row'>
            <Text className='lp-paytype__key'>{m('faceValue')}</Text>
            <Text className='lp-paytype__val'>{formatYuan(detail.parValue)}</Text>
          </View>
          {detail.discountAmount > 0 ? (
            <View className='lp-paytype__row'>
              <Text className='lp-paytype__key'>{m('discount')}</Text>
              <Text className='lp-paytype__val lp-paytype__val--saving'>-{formatYuan(detail.discountAmount)}</Text>
            </View>
          ) : null}
          <View className='lp-paytype__row'>
            <Text className='lp-paytype__key'>{m('orderNo')}</Text>
            <Text className='lp-paytype__val'>{detail.orderNo}</Text>
          </View>
        </View>
      </View>

      {closed ? (
        <View className='lp-banner-error' role='alert'>
          {m('orderClosed')}
        </View>
      ) : !unpaid ? (
        <View className='lp-banner-error' role='alert'>
          {m('orderAlreadyPaid')}
        </View>
      ) : (
        <View className='lp-card'>
          <Text className='lp-paytype__title'>{m('payTypeTitle')}</Text>
          <View role='radiogroup' aria-label={m('payTypeTitle')}>
            {lifePayTypeValues.map((type, index) => {
              const enabled = possible.includes(type)
              const selected = enabled && type === payType
              return (
                <View
                  key={type}
                  className={`lp-paytype__option${enabled ? '' : ' lp-paytype__option--disabled'}`}
                  role='radio'
                  tabIndex={index === payTypeTabStop ? 0 : -1}
                  aria-checked={selected}
                  aria-disabled={!enabled || undefined}
                  onClick={() => {
                    if (enabled) setPayType(type)
                  }}
                >
                  <PayTypeMark type={type} />
                  <View className='lp-paytype__name'>
                    <Text>{label(lifePayTypeLabels, type, locale)}</Text>
                    {!enabled ? <Text className='lp-paytype__unavailable'>{m('unavailableHere')}</Text> : null}
                  </View>
                  <View className={`lp-paytype__radio${selected ? ' lp-paytype__radio--on' : ''}`} />
                </View>
              )
            })}
          </View>
        </View>
      )}
      {!closed && unpaid && subscribeChannelOf(host) === null && phoneNumber && smsOffered ? (
        <SmsOptIn label={m('smsOptIn', { phone: maskPhone(phoneNumber) })} checked={smsOptIn} onChange={setSmsOptIn} />
      ) : null}

      {closed ? (
        <SubmitBar
          wide
          buttonText={m('topUpAgain')}
          onSubmit={() =>
            void Taro.redirectTo({ url: rechargeFormUrl(orderKind ?? 'phone', { fromOrderNo: orderNo }) })
          }
        />
      ) : !unpaid ? (
        <SubmitBar
          wide
          buttonText={m('viewResult')}
          onSubmit={() => void Taro.redirectTo({ url: rechargeResultUrl(orderKind ?? 'phone', orderNo) })}
        />
      ) : (
        <SubmitBar
          wide
          buttonText={m('payNowAmount', { amount })}
          busy={busy}
          busyText={m('paying')}
          onSubmit={() => void pay(payType, smsOptIn)}
        />
      )}
      <SandboxCashierSheet />
    </View>
  )
}
