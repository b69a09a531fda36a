import { useState } from 'react'
import SmsOptIn from '../../../components/SmsOptIn'
import { LifePayNotificationChannel } from '@domain/lifePayNotification'
import { maskPhone } from '@domain/mask'
import { refundNotificationEvents } from '@domain/orderNotifications'
import { useMessages } from '../../../i18n/messages'
import { useNotificationsOffered } from '../../../hooks/useNotificationsOffered'
import { setLifePayOrderNotifications } from '../../../services/api/notifications'
import { useLifePayStore } from '../../../stores/lifePay'
import { orderMessages } from '../messages'
import type { RefundSmsOptIn } from './useRefundSmsOptIn'

/**
 * H5 has no host prompt: the refund review's outcome by SMS to the user's own number, if ticked (never pre-ticked;
 * issue 37, item 20), sent once the application has gone through.
 */
export function useRefundSmsOptIn(): RefundSmsOptIn {
  const m = useMessages(orderMessages)
  const phoneNumber = useLifePayStore((s) => s.phoneNumber)
  const [checked, setChecked] = useState(false)
  const offered = useNotificationsOffered()
  return {
    box:
      phoneNumber && offered ? (
        <SmsOptIn
          label={m('smsRefundOptIn', { phone: maskPhone(phoneNumber) })}
          checked={checked}
          onChange={setChecked}
        />
      ) : null,
    sendAfterApplication: (orderNo) => {
      if (!phoneNumber || !checked || !offered) return
      const events = [...refundNotificationEvents]
      setLifePayOrderNotifications({ orderNo, channel: LifePayNotificationChannel.Sms, optIn: true, events }).catch(
        () => {
          // The application stands without it.
        },
      )
    },
  }
}
