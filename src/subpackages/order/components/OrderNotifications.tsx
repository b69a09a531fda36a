import { View } from '@tarojs/components'
import { lifePayNotificationEventLabels } from '@domain/lifePayNotification'
import { label } from '@domain/locale'
import { lifePayNotificationChannelLabels, orderNotificationStatusLabels } from '@domain/orderNotifications'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import type { OrderNotification } from '@contract/notifications'
import { orderMessages } from '../messages'
import InfoRow from './InfoRow'
import './OrderNotifications.scss'

/**
 * Issue 20: what the user asked to be told about this order and what became of it ("充值到账通知 · 微信 · 已发送");
 * nothing at all when they subscribed to nothing.
 */
export default function OrderNotifications({ notifications }: { notifications: readonly OrderNotification[] }) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(orderMessages)
  if (notifications.length === 0) return null
  return (
    <View className='lp-order-detail__card' data-testid='order-notifications'>
      <View className='lp-order-notifications__title' role='heading' aria-level={3}>
        {m('notificationsTitle')}
      </View>
      {notifications.map((notification) => (
        <InfoRow
          key={`${notification.event}:${notification.channel}`}
          label={m('notificationName', { event: label(lifePayNotificationEventLabels, notification.event, locale) })}
          value={m('notificationState', {
            channel: label(lifePayNotificationChannelLabels, notification.channel, locale),
            status: label(orderNotificationStatusLabels, notification.status, locale),
          })}
        />
      ))}
    </View>
  )
}
