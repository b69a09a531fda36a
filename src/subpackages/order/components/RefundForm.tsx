import { Text, Textarea, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { confirm } from '../../../components/dialogStore'
import { rovingTabStop } from '../../../components/rovingTabStop'
import { showToast } from '../../../components/toastStore'
import { label } from '@domain/locale'
import { lifePayOrderTypeLabels } from '@domain/lifePayOrderType'
import { lifePayTypeLabels } from '@domain/lifePayType'
import { formatYuan } from '@domain/price'
import { refundNotificationEvents } from '@domain/orderNotifications'
import { maskLifePayAccount } from '@domain/mask'
import { useNotificationSubscribe } from '../../../hooks/useNotificationSubscribe'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import type { LifePayOrderDetail } from '@contract/lifePay'
import type { useApplyRefund } from '../hooks/useApplyRefund'
import { useRefundSmsOptIn } from '../hooks/useRefundSmsOptIn'
import { orderMessages } from '../messages'
import { RefundApplyReason, refundApplyReasonLabels, refundApplyReasonValues } from '@domain/refundApplyReason'
import {
  DETAIL_MAX_LENGTH,
  refundApplication,
  textLength,
  validateRefundForm,
  type RefundFormErrors,
} from '../refundApplication'
import LifePayOrderTypeIcon from '../../../components/LifePayOrderTypeIcon'
import { refundResultUrl } from '../../../routes'
import './RefundForm.scss'
import { useBottomBar } from '../../../components/bottomBar'
import { useRenderedFieldValue } from '../../../components/renderedFieldValue'

/** The submit bar's height in design units: 20 + the 92 button + 20 (RefundForm.scss). */
const SUBMIT_BAR_DESIGN_HEIGHT = 132

interface RefundFormProps {
  order: LifePayOrderDetail
  refund: ReturnType<typeof useApplyRefund>
}

/** What is refunded and where to, a reason (choice plus words), then one confirmed submission. */
export default function RefundForm({ order, refund }: RefundFormProps) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(orderMessages)
  useBottomBar(SUBMIT_BAR_DESIGN_HEIGHT)
  const [choice, setChoice] = useState<RefundApplyReason | null>(null)
  const [detail, setDetail] = useState('')
  const detailField = useRenderedFieldValue(detail)
  const [errors, setErrors] = useState<RefundFormErrors>({})
  const maxLength = DETAIL_MAX_LENGTH
  const reasonTabStop = rovingTabStop(refundApplyReasonValues, (reason) => reason === choice)
  const amount = formatYuan(order.payAmount)
  const subscribe = useNotificationSubscribe(refundNotificationEvents)
  const smsOptIn = useRefundSmsOptIn()

  const pick = (next: RefundApplyReason) => {
    setChoice(next)
    setErrors({})
  }

  const submit = async () => {
    const values = { choice, detail }
    const found = validateRefundForm(values, locale)
    setErrors(found)
    if (found.choice || found.detail) return
    if (!refund.begin()) return
    // Issue 20: the host's prompt for the review's outcome, inside this tap; the answer goes once the application has.
    const subscribed = await subscribe.ask()
    try {
      await confirm({ title: m('confirmRefundTitle'), content: m('confirmRefundContent', { amount }) })
    } catch {
      refund.release()
      return
    }
    try {
      await refund.submit(order.id, refundApplication(values, locale))
    } catch {
      return // The request layer has told the user why; the form may be sent again.
    }
    subscribe.send(order.orderNo, subscribed)
    smsOptIn.sendAfterApplication(order.orderNo)
    showToast('success', m('refundSubmitted'))
    void Taro.redirectTo({ url: refundResultUrl(order.orderNo) })
  }

  return (
    <View className='lp-refund'>
      <View className='lp-refund__scroll'>
        <View className='lp-refund__card lp-refund__recap'>
          <View className='lp-refund__recap-order'>
            <LifePayOrderTypeIcon type={order.lifePayOrderType} />
            <View className='lp-refund__recap-main'>
              <Text className='lp-refund__recap-title'>
                {label(lifePayOrderTypeLabels, order.lifePayOrderType, locale)} {formatYuan(order.parValue)}
              </Text>
              <Text className='lp-refund__recap-account'>
                {maskLifePayAccount(order.lifePayOrderType, order.account)}
              </Text>
            </View>
          </View>
          <View className='lp-refund__amount-row'>
            <Text className='lp-refund__amount-label'>{m('refundAmount')}</Text>
            <Text className='lp-refund__amount'>{amount}</Text>
          </View>
          <Text className='lp-refund__to'>
            {order.lifePayType
              ? m('refundTo', { payType: label(lifePayTypeLabels, order.lifePayType, locale) })
              : m('refundToOrigin')}
          </Text>
        </View>

        <View className='lp-refund__card'>
          <Text className='lp-refund__section-title'>{m('chooseReason')}</Text>
          <View className='lp-refund__reasons' role='radiogroup' aria-label={m('chooseReason')}>
            {refundApplyReasonValues.map((each, index) => {
              const checked = each === choice
              return (
                <View
                  key={each}
                  className={`lp-refund__reason${checked ? ' lp-refund__reason--checked' : ''}`}
                  role='radio'
                  tabIndex={index === reasonTabStop ? 0 : -1}
                  aria-checked={checked}
                  onClick={() => pick(each)}
                >
                  <Text>{label(refundApplyReasonLabels, each, locale)}</Text>
                  <View className='lp-refund__radio' />
                </View>
              )
            })}
          </View>
          {errors.choice ? (
            <View className='lp-refund__error' role='alert'>
              {errors.choice}
            </View>
          ) : null}
        </View>

        <View className='lp-refund__card'>
          <Text className='lp-refund__section-title'>{m('reasonDetail')}</Text>
          <Textarea
            ref={detailField.ref}
            className='lp-refund__textarea'
            value={detailField.value}
            // The hosts count UTF-16 units (an emoji twice), the server code points: the host's limit is room for
            // the worst case, and the counter (code points) says when the text is over.
            maxlength={maxLength * 2}
            nativeProps={{ 'aria-label': m('reasonDetail') }}
            placeholder={m(choice === RefundApplyReason.Other ? 'reasonDetailRequired' : 'reasonDetailPlaceholder')}
            onInput={(event) => {
              setDetail(event.detail.value)
              if (errors.detail) setErrors({})
            }}
          />
          <View className='lp-refund__detail-foot'>
            {errors.detail ? (
              <View className='lp-refund__error' role='alert'>
                {errors.detail}
              </View>
            ) : (
              <View />
            )}
            <Text className={`lp-refund__counter${textLength(detail) > maxLength ? ' lp-refund__counter--over' : ''}`}>
              {textLength(detail)}/{maxLength}
            </Text>
          </View>
        </View>
        {smsOptIn.box}
      </View>
      <View className='lp-refund__bar'>
        <View
          className={`lp-refund__submit${refund.busy ? ' lp-refund__submit--disabled' : ''}`}
          role='button'
          tabIndex={0}
          aria-disabled={refund.busy}
          onClick={() => void submit()}
        >
          {m(refund.sending ? 'submitting' : 'submitRefund')}
        </View>
      </View>
    </View>
  )
}
