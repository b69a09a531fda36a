import type { SubscribeAnswer } from './subscribePrompt'

// H5 has no host subscribe prompt: the pay page offers an SMS opt-in instead (docs/notifications.md).

export function requestSubscribe(_templateIds: readonly string[]): Promise<SubscribeAnswer[]> {
  return Promise.resolve([])
}
