import type { FastifyBaseLogger } from 'fastify'
import { label } from '@domain/locale'
import { lifePayNotificationEventLabels } from '@domain/lifePayNotification'
import type { Clock } from '../clock'
import type { Db } from '../db/database'
import { sandboxNotifications } from '../db/schema'
import type { NotificationProvider } from './notification'

/**
 * The sandbox for every channel: records each message in `sandbox_notifications` (GET /api/dev/notifications) instead
 * of sending it, so tests and the demo see exactly what a user would have received.
 */
export function createSandboxNotification(db: Db, clock: Clock, log: FastifyBaseLogger): NotificationProvider {
  return {
    sandbox: true,
    async send(message) {
      const details = Object.entries(message.params)
        .map(([key, value]) => `${key}=${value}`)
        .join(' ')
      const text = `【生活缴费】${label(lifePayNotificationEventLabels, message.event)} ${details}`.trim()
      const [row] = await db
        .insert(sandboxNotifications)
        .values({
          userId: message.userId,
          channel: message.channel,
          event: message.event,
          orderNo: message.orderNo,
          recipient: message.recipient,
          text,
          params: message.params,
          creationTime: clock.now(),
        })
        .returning({ id: sandboxNotifications.id })
      log.info({ channel: message.channel, event: message.event, orderNo: message.orderNo }, 'sandbox notification')
      return { messageId: `sandbox-${row.id}` }
    },
  }
}
