import Taro from '@tarojs/taro'
import { subscribeAnswersOf, type SubscribeAnswer } from './subscribePrompt'

// Mini-programs: the host's own subscribe prompt (WeChat wx.requestSubscribeMessage `tmplIds`, Alipay
// my.requestSubscribeMessage `entityIds`, at most three each). The H5 build resolves subscribeMessage.h5.ts.

/**
 * Asks the user about these templates. Must be called synchronously inside a tap (WeChat refuses the prompt
 * otherwise), before the handler's first await. Resolves with the answers, or [] when the host lacks the API, the user
 * turned subscriptions off, or anything fails: whatever happens, the caller goes on (the payment never waits on it).
 */
export function requestSubscribe(templateIds: readonly string[]): Promise<SubscribeAnswer[]> {
  const ids = templateIds.slice(0, 3)
  // Older hosts (WeChat base library < 2.4.4, older Alipay clients) have no prompt: they just pay.
  const supported = typeof Taro.canIUse === 'function' && Taro.canIUse('requestSubscribeMessage')
  if (ids.length === 0 || !supported) return Promise.resolve([])
  return new Promise((resolve) => {
    const options = {
      ...(process.env.TARO_ENV === 'alipay' ? { entityIds: ids } : { tmplIds: ids }),
      success: (answer: unknown) => resolve(subscribeAnswersOf(ids, answer)),
      fail: () => resolve([]),
    }
    try {
      // As requestPayment (wxMiniProgramPay.ts): the answer comes through the callbacks; a promise Taro may also hand
      // back is only kept from rejecting unhandled.
      const returned: unknown = Taro.requestSubscribeMessage(options as unknown as Taro.requestSubscribeMessage.Option)
      if (returned && typeof (returned as Promise<unknown>).then === 'function')
        (returned as Promise<unknown>).then(undefined, () => undefined)
    } catch {
      resolve([])
    }
  })
}
