import type {
  GetNotificationTemplatesInput,
  NotificationTemplate,
  SetLifePayOrderNotificationsInput,
} from '@contract/notifications'
import type { CallOptions } from '../http/requestOptions'
import { request } from '../http/client'

// Issue 20 (docs/notifications.md): which templates a host prompt asks about, and the user's answer for an order.

/** GET /api/LifePay/GetNotificationTemplates */
export function getNotificationTemplates(
  input: GetNotificationTemplatesInput,
  options: CallOptions = {},
): Promise<NotificationTemplate[]> {
  return request<NotificationTemplate[]>({
    ...options,
    method: 'GET',
    url: '/api/LifePay/GetNotificationTemplates',
    params: input,
  })
}

/**
 * POST /api/LifePay/SetLifePayOrderNotifications. Quiet (no indicator, no error toast): the answer travels beside the
 * payment, which never waits for it nor fails with it.
 */
export function setLifePayOrderNotifications(input: SetLifePayOrderNotificationsInput): Promise<null> {
  return request<null>({
    method: 'POST',
    url: '/api/LifePay/SetLifePayOrderNotifications',
    data: input,
    showLoading: false,
    skipErrorHandler: true,
  })
}
