import { LifePayNotificationChannel } from '@domain/lifePayNotification'
import type { SubscribeChannel, SubscribeDecision } from '@domain/orderNotifications'
import type { RuntimeHost } from '@domain/runtimeHost'

// Issue 20: which host's subscribe prompt a runtime has, and what it answered per template, in one shape for the
// server (SetLifePayOrderNotifications). No Taro import: tested as plain objects.

/** The mini-programs have their host's prompt; H5 (any browser) has none, and offers an SMS opt-in instead. */
export function subscribeChannelOf(host: RuntimeHost): SubscribeChannel | null {
  if (host === 'weapp') return LifePayNotificationChannel.Wechat
  if (host === 'alipay') return LifePayNotificationChannel.Alipay
  return null
}

export interface SubscribeAnswer {
  templateId: string
  decision: SubscribeDecision
}

const DECISIONS: readonly string[] = ['accept', 'reject', 'ban', 'filter']

/**
 * WeChat answers `{ [tmplId]: 'accept' | 'reject' | 'ban' | 'filter' }`; Alipay the same per entity id, or (some
 * versions) the lists `result.subscribeEntityIds` / `result.unsubscribeEntityIds`. A template the answer does not
 * mention is left out: the server then has no grant for it.
 */
export function subscribeAnswersOf(templateIds: readonly string[], answer: unknown): SubscribeAnswer[] {
  if (!answer || typeof answer !== 'object') return []
  const byId = answer as Record<string, unknown>
  const lists = (byId.result ?? {}) as { subscribeEntityIds?: unknown; unsubscribeEntityIds?: unknown }
  const listed = (list: unknown, id: string) => Array.isArray(list) && list.indexOf(id) >= 0
  const answers: SubscribeAnswer[] = []
  for (const templateId of templateIds) {
    const value = byId[templateId]
    if (typeof value === 'string' && DECISIONS.indexOf(value) >= 0)
      answers.push({ templateId, decision: value as SubscribeDecision })
    else if (listed(lists.subscribeEntityIds, templateId)) answers.push({ templateId, decision: 'accept' })
    else if (listed(lists.unsubscribeEntityIds, templateId)) answers.push({ templateId, decision: 'reject' })
  }
  return answers
}
