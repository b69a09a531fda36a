import { useQuery, useQueryClient } from '@tanstack/react-query'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { showToast } from '../../../components/toastStore'
import type { LifePayType } from '../../../domain/lifePayType'
import { useMessages } from '../../../i18n/messages'
import { startPayment } from '../../../platform/payment/payBridge'
import type { RuntimeHost } from '../../../platform/platform'
import { rechargeKindOf, rechargeResultUrl, type RechargeKind } from '../../../routes'
import { getPayOrderForJsAPI, setLifePayOrderPayType } from '../../../services/api/lifePay'
import { getUserLifePayOrderDetailQueryOptions } from '../../../services/api/lifePayQueries'
import { useSessionStore } from '../../../stores/session'
import { rechargeMessages } from '../messages'

/**
 * The order to pay and its payment: the chosen pay type to the server, the signed parameters, the platform's wallet,
 * then the result page (which asks the server whether it is paid). One payment at a time; after a failure the order is
 * read again, so the page shows it as it is now (e.g. closed meanwhile).
 */
export function usePayOrder(orderNo: string, kind: RechargeKind | undefined, host: RuntimeHost) {
  const m = useMessages(rechargeMessages)
  const queryClient = useQueryClient()
  const wxOpenId = useSessionStore((s) => s.wxOpenId)
  const [busy, setBusy] = useState(false)
  const order = useQuery({ ...getUserLifePayOrderDetailQueryOptions(orderNo), enabled: orderNo !== '' })
  const detail = order.data
  const orderKind = kind ?? (detail ? rechargeKindOf[detail.lifePayOrderType] : undefined)

  const pay = async (payType: LifePayType) => {
    if (busy || !detail || !orderKind) return
    setBusy(true)
    try {
      await setLifePayOrderPayType({ orderNo, lifePayType: payType })
      const payOrder = await getPayOrderForJsAPI({ orderNo, lifePayType: payType, openId: wxOpenId || undefined })
      const outcome = await startPayment(payOrder, host)
      if (outcome.kind === 'succeeded' || outcome.kind === 'unknown') {
        void Taro.redirectTo({ url: rechargeResultUrl(orderKind, orderNo) })
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

  return { order, detail, orderKind, busy, pay }
}
