import { queryOptions } from '@tanstack/react-query'
import type { SubscribeChannel } from '@domain/orderNotifications'
import { queryKeys } from '../queryKeys'
import { CACHE } from './cacheTimes'
import { getNotificationTemplates } from './notifications'

// In a file of their own, as lifePayQueries.ts: tests replacing getNotificationTemplates replace it here too.

/** GET /api/LifePay/GetNotificationTemplates: read before the pay tap, which must ask the host at once. */
export const getNotificationTemplatesQueryOptions = (channel: SubscribeChannel) =>
  queryOptions({
    queryKey: queryKeys.notificationTemplates(channel),
    queryFn: () => getNotificationTemplates({ channel }, { showLoading: false, skipErrorHandler: true }),
    staleTime: CACHE.configuration,
    gcTime: CACHE.configuration,
  })
