import { useQuery, useQueryClient } from '@tanstack/react-query'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { showToast } from '../../../components/toastStore'
import type { LifePayType } from '@domain/lifePayType'
import { LifePayNotificationChannel } from '@domain/lifePayNotification'
import { payTimeNotificationEvents } from '@domain/orderNotifications'
import { useNotificationSubscribe } from '../../../hooks/useNotificationSubscribe'
import { useMessages } from '../../../i18n/messages'
import { startPayment } from '../../../platform/payment/payBridge'
import { webPayReturnUrl } from '../../../platform/payment/webPay'
import type { RuntimeHost } from '@domain/runtimeHost'
import { rechargeKindOf, rechargeResultUrl, type RechargeKind } from '../../../routes'
import { setLifePayOrderNotifications } from '../../../services/api/notifications'
import {
  getPayOrderForJsAPI,
  getUserLifePayOrderDetailQueryOptions,
  isOrderNotFound,
  ORDER_DETAIL_CALL,
  setLifePayOrderPayType,
} from '../../../services/api/orders'
import { useSessionStore } from '../../../stores/session'
import { rechargeMessages } from '../messages'

/**
 * The order to pay and its payment: the chosen pay type to the server, the signed parameters, the platform's wallet,
 * then the result page (which asks the server whether it is paid). One payment at a time; after a failure the order is
 * read again, so the page shows it as it is now (e.g. closed meanwhile). Issue 20: the tap first asks the host's
 * subscribe prompt (mini-programs) or sends the SMS opt-in (H5); the payment goes on whatever the answer.
 */
export function usePayOrder(orderNo: string, kind: RechargeKind | undefined, host: RuntimeHost) {
  const m = useMessages(rechargeMessages)
  const queryClient = useQueryClient()
  const wxOpenId = useSessionStore((s) => s.wxOpenId)
  const [busy, setBusy] = useState(false)
  const subscribe = useNotificationSubscribe(payTimeNotificationEvents, host)
  // The opt-in last sent for this order, so unticking the box after a cancelled payment withdraws it.
  const [smsOptInSent, setSmsOptInSent] = useState(false)
  const order = useQuery({
    ...getUserLifePayOrderDetailQueryOptions(orderNo, ORDER_DETAIL_CALL),
    enabled: orderNo !== '',
  })
  const detail = order.data
  // Unknown, or another account's: said as the order pages say it, never "failed to load, retry".
  const notFound = orderNo === '' || (order.isError && isOrderNotFound(order.error))
  const orderKind = kind ?? (detail ? rechargeKindOf[detail.lifePayOrderType] : undefined)

  const pay = async (payType: LifePayType, smsOptIn = false) => {
    if (busy || !detail || !orderKind) return
    // Inside the tap, before any await: WeChat shows the prompt only then.
    const asked = subscribe.ask()
    setBusy(true)
    if (smsOptIn || smsOptInSent) {
      setSmsOptInSent(smsOptIn)
      setLifePayOrderNotifications({ orderNo, channel: LifePayNotificationChannel.Sms, optIn: smsOptIn }).catch(() => {
        // The payment does not depend on it.
      })
    }
    try {
      subscribe.send(orderNo, await asked)
      await setLifePayOrderPayType({ orderNo, lifePayType: payType })
      const resultPage = rechargeResultUrl(orderKind, orderNo)
      const payOrder = await getPayOrderForJsAPI({
        orderNo,
        lifePayType: payType,
        openId: wxOpenId || undefined,
        // A phone browser pays on the provider's site and comes back to the result page (H5 only).
        host,
        returnUrl: process.env.TARO_ENV === 'h5' ? webPayReturnUrl(resultPage) : undefined,
      })
      const outcome = await startPayment(payOrder, host, resultPage)
      if (outcome.kind === 'succeeded' || outcome.kind === 'unknown') {
        void Taro.redirectTo({ url: resultPage })
        return
      }
      if (outcome.kind === 'cancelled') showToast('warning', m('payCancelled'))
      else showToast('error', m('payFailed'))
    } catch {
      // The request layer showed the server's reason (e.g. the order was closed).
    } finally {
      setBusy(false)
    }
    void queryClient.invalidateQueries({ queryKey: getUserLifePayOrderDetailQueryOptions(orderNo).queryKey })
  }

  return { order, detail, notFound, orderKind, busy, pay }
}
