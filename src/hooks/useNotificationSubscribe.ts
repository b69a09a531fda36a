import { useQuery } from '@tanstack/react-query'
import { LifePayNotificationChannel, type LifePayNotificationEvent } from '@domain/lifePayNotification'
import type { RuntimeHost } from '@domain/runtimeHost'
import { currentRuntimeHost } from '../platform/platform'
import { subscribeChannelOf, type SubscribeAnswer } from '../platform/subscribePrompt'
import { requestSubscribe } from '../platform/subscribeMessage'
import { getNotificationTemplatesQueryOptions, setLifePayOrderNotifications } from '../services/api/notifications'

/**
 * Issue 20: the host's subscribe prompt for an order's `events` (docs/notifications.md). The templates are read when
 * the page opens, because the prompt must be asked synchronously inside the tap: `ask()` is the first thing a tap
 * handler does, and resolves once the user answered (the prompt closed: the wallet or a dialog may open). `send`
 * passes the answers to the server on the side: neither a refusal, a missing API nor a failed request stops what the
 * tap does.
 */
export function useNotificationSubscribe(
  events: readonly LifePayNotificationEvent[],
  host: RuntimeHost = currentRuntimeHost(),
) {
  const channel = subscribeChannelOf(host)
  const templates = useQuery({
    ...getNotificationTemplatesQueryOptions(channel ?? LifePayNotificationChannel.Wechat),
    enabled: channel !== null,
  })
  const templateIds = events
    .map((event) => templates.data?.find((template) => template.event === event)?.templateId)
    .filter((id): id is string => Boolean(id))

  const ask = (): Promise<SubscribeAnswer[]> =>
    channel && templateIds.length > 0 ? requestSubscribe(templateIds) : Promise.resolve([])

  const send = (orderNo: string, answers: SubscribeAnswer[]): void => {
    if (!channel || answers.length === 0) return
    setLifePayOrderNotifications({ orderNo, channel, answers }).catch(() => {
      // Not told, nothing else lost: the order goes on without the notification.
    })
  }
  return { ask, send }
}
