import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import BottomSheet from '../../../components/lifePayFields/BottomSheet'
import { lifePayTypeLabels } from '@domain/lifePayType'
import { label } from '@domain/locale'
import { formatYuan } from '@domain/price'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { paymentMessages } from '../../../platform/payment/messages'
import { cancelSandboxPayment, confirmSandboxPayment } from '../../../services/api/sandboxCashier'
import { settleSandboxCashier, useSandboxCashierStore } from '../../../platform/payment/sandboxCashierStore'
import PayTypeMark from './PayTypeMark'
import './SandboxCashierSheet.scss'

/**
 * The sandbox cashier: stands in for the wallet in a phone browser and for every sandbox order. Its buttons ask the
 * server's sandbox provider to pay or cancel; whether the order is paid is still read from the server afterwards.
 */
export default function SandboxCashierSheet() {
  const request = useSandboxCashierStore((s) => s.request)
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(paymentMessages)
  const [busy, setBusy] = useState(false)
  if (!request) return null

  const pay = async () => {
    if (busy) return
    setBusy(true)
    try {
      await confirmSandboxPayment({ orderNo: request.orderNo })
      settleSandboxCashier({ kind: 'succeeded' })
    } catch {
      // The request layer showed why; the payer may try again or cancel.
    } finally {
      setBusy(false)
    }
  }
  const cancel = async () => {
    if (busy) return
    setBusy(true)
    try {
      await cancelSandboxPayment({ orderNo: request.orderNo })
    } catch {
      // Nothing was paid either way.
    } finally {
      setBusy(false)
      settleSandboxCashier({ kind: 'cancelled' })
    }
  }
  const amount = formatYuan(request.payAmount)

  return (
    <BottomSheet
      open
      title={m('cashierTitle')}
      onClose={() => void cancel()}
      footer={
        <View className='lp-cashier__actions'>
          <View
            className={`lp-cashier__pay${busy ? ' lp-cashier__pay--busy' : ''}`}
            role='button'
            tabIndex={0}
            aria-disabled={busy}
            onClick={() => void pay()}
          >
            {busy ? m('paying') : m('pay', { amount })}
          </View>
          <View
            className='lp-cashier__cancel'
            role='button'
            tabIndex={0}
            aria-disabled={busy}
            onClick={() => void cancel()}
          >
            {m('cancel')}
          </View>
        </View>
      }
    >
      <View className='lp-cashier'>
        <Text className='lp-cashier__badge'>{m('sandboxBadge')}</Text>
        <Text className='lp-cashier__amount-label'>{m('amountLabel')}</Text>
        <Text className='lp-cashier__amount'>{amount}</Text>
        <View className='lp-cashier__rows'>
          <View className='lp-cashier__row'>
            <Text className='lp-cashier__key'>{m('orderNoLabel')}</Text>
            <Text className='lp-cashier__val'>{request.orderNo}</Text>
          </View>
          <View className='lp-cashier__row'>
            <Text className='lp-cashier__key'>{m('payTypeLabel')}</Text>
            <View className='lp-cashier__val lp-cashier__brand'>
              <PayTypeMark type={request.lifePayType} size='small' />
              <Text className='lp-cashier__brand-name'>{label(lifePayTypeLabels, request.lifePayType, locale)}</Text>
            </View>
          </View>
        </View>
        <Text className='lp-cashier__note'>{m('sandboxNote')}</Text>
      </View>
    </BottomSheet>
  )
}
