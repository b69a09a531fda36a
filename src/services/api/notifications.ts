import { queryOptions } from '@tanstack/react-query'
import type { SubscribeChannel } from '@domain/orderNotifications'
import type {
  GetNotificationTemplatesInput,
  NotificationTemplate,
  SetLifePayOrderNotificationsInput,
} from '@contract/notifications'
import type { CallOptions } from '../http/requestOptions'
import { request } from '../http/client'
import { extensionCall } from './extensionAbsent'

// Issue 20 (docs/notifications.md): which templates a host prompt asks about, and the user's answer for an order.

/** The hosts' subscribe-message template ids are configuration, changed with a deployment. */
const TEMPLATES_CACHE_MS = 24 * 60 * 60 * 1000

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

/** Read when the page opens, quietly: the pay tap must ask the host at once. */
export const getNotificationTemplatesQueryOptions = (channel: SubscribeChannel) =>
  queryOptions({
    queryKey: ['lifePay', 'notificationTemplates', channel],
    queryFn: () => getNotificationTemplates({ channel }, extensionCall({ showLoading: false, skipErrorHandler: true })),
    staleTime: TEMPLATES_CACHE_MS,
    gcTime: TEMPLATES_CACHE_MS,
  })

/**
 * POST /api/LifePay/SetLifePayOrderNotifications. Quiet (no indicator, no error toast): the answer travels beside the
 * payment, which never waits for it nor fails with it.
 */
export function setLifePayOrderNotifications(input: SetLifePayOrderNotificationsInput): Promise<null> {
  return request<null>({
    method: 'POST',
    url: '/api/LifePay/SetLifePayOrderNotifications',
    data: input,
    ...extensionCall({ showLoading: false, skipErrorHandler: true }),
  })
}
