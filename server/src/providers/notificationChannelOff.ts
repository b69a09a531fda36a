import type { LifePayNotificationChannel } from '@domain/lifePayNotification'
import { NotificationRefusedError, type NotificationProvider } from './notification'

/**
 * A channel this deployment does not offer (NOTIFY_*_PROVIDER=off, e.g. no Alipay mini-program): every message is
 * refused with CHANNEL_OFF, so the outbox says why nothing went out instead of a sandbox pretending it did.
 */
export function createNotificationChannelOff(channel: LifePayNotificationChannel): NotificationProvider {
  return {
    sandbox: false,
    async send() {
      throw new NotificationRefusedError(`${channel} notifications are off on this server`, 'CHANNEL_OFF')
    },
  }
}
