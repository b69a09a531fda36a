import type { LifePayNotificationChannel, LifePayNotificationEvent } from '@domain/lifePayNotification'

// Issue 20: one interface per channel (WeChat subscribe message, Alipay subscribe message, SMS), so the send job does
// not know which vendor it talks to. docs/notifications.md.

/** One message to one user, as the send job hands it over; `params` were fixed when the event happened. */
export interface OutgoingNotification {
  /** Our outbox row id: vendors that take a caller's id (Aliyun SMS `OutId`) get it, for their own dedupe. */
  id: number
  userId: string
  channel: LifePayNotificationChannel
  event: LifePayNotificationEvent
  orderNo: string | null
  /** openid (WeChat), Alipay user id, or phone number (SMS). */
  recipient: string
  /** The host template the user granted (WeChat / Alipay); null for SMS. */
  templateId: string | null
  params: Record<string, string>
}

/**
 * The vendor said no and nothing was sent (e.g. the user withdrew the grant, a template parameter is invalid):
 * not retried, the outbox row is marked failed with the reason.
 */
export class NotificationRefusedError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message)
    this.name = 'NotificationRefusedError'
  }
}

/** The vendor answered that it could not take the message now (busy, rate-limited): nothing was sent, retry later. */
export class NotificationUnavailableError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'NotificationUnavailableError'
  }
}

export interface NotificationProvider {
  readonly sandbox: boolean
  /**
   * Sends one message; resolves with the vendor's message id. Throws NotificationRefusedError or
   * NotificationUnavailableError when the vendor said so; any other error (timeout, connection lost mid-call) means
   * the message may have gone out, and the send job never repeats it (at most once per event).
   */
  send(message: OutgoingNotification): Promise<{ messageId: string }>
}

export type NotificationProviders = Record<LifePayNotificationChannel, NotificationProvider>
