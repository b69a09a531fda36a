import { useQuery } from '@tanstack/react-query'
import { LifePayNotificationChannel } from '@domain/lifePayNotification'
import { getNotificationTemplatesQueryOptions } from '../services/api/notifications'
import { isExtensionAbsent } from '../services/api/extensionAbsent'

/**
 * Does the back end take notification answers (an extension, issue 36)? Known once its template list has answered
 * (the WeChat one: cached a day, and what the mini-program reads anyway). An opt-in box is drawn only then: a box
 * ticked on a back end that cannot keep the promise would be worse than none. `asked` false: not read, false.
 */
export function useNotificationsOffered(asked = true): boolean {
  const templates = useQuery({
    ...getNotificationTemplatesQueryOptions(LifePayNotificationChannel.Wechat),
    enabled: asked,
  })
  return templates.isSuccess || (templates.isError && !isExtensionAbsent(templates.error))
}
