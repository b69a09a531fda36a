import { LifePayType } from '@domain/lifePayType'
import type { Providers } from '../../appContext'
import type { ServerConfig } from '../../config'
import type { Metrics } from './metrics'

// Times every asynchronous method of a provider adapter (payment, supplier, SMS, notifications, identity, storage,
// carrier lookup) without touching the adapters: a call's duration by outcome, and its failures counted. The adapter
// is called on itself, so classes with private state keep working.

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'

export function instrumentProvider<T extends object>(provider: T, name: string, metrics: Metrics): T {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (typeof value !== 'function' || typeof property !== 'string') return value
      return (...args: unknown[]) => {
        const started = process.hrtime.bigint()
        const seconds = () => Number(process.hrtime.bigint() - started) / 1e9
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args)
        if (!isThenable(result)) return result
        return Promise.resolve(result).then(
          (answer) => {
            metrics.providerCalls.observe({ provider: name, operation: property, outcome: 'ok' }, seconds())
            return answer
          },
          (error: unknown) => {
            metrics.providerCalls.observe({ provider: name, operation: property, outcome: 'error' }, seconds())
            metrics.providerFailures.inc({ provider: name, operation: property })
            throw error
          },
        )
      }
    },
  })
}

/** Every provider of the app timed under the name of what it is (`payment:wechatpay`, `supplier:fulu`, …). */
export function instrumentProviders(providers: Providers, config: ServerConfig, metrics: Metrics): Providers {
  const timed = <T extends object>(provider: T, name: string) => instrumentProvider(provider, name, metrics)
  const payment = (payType: LifePayType) => {
    const provider = providers.payment[payType]
    return provider && timed(provider, `payment:${config.payTypes[payType] ?? 'off'}:${payType}`)
  }
  return {
    sms: timed(providers.sms, `sms:${config.providers.sms}`),
    identity: timed(providers.identity, `identity:${config.providers.identity}`),
    payment: { [LifePayType.WxPay]: payment(LifePayType.WxPay), [LifePayType.AliPay]: payment(LifePayType.AliPay) },
    supplier: timed(providers.supplier, `supplier:${config.providers.supplier}`),
    storage: timed(providers.storage, `storage:${config.providers.storage}`),
    notifications: Object.fromEntries(
      Object.entries(providers.notifications).map(([channel, provider]) => [
        channel,
        timed(provider, `notify:${channel}`),
      ]),
    ) as Providers['notifications'],
    carrierLookup: timed(providers.carrierLookup, `carrierLookup:${config.carrierLookup}`),
  }
}
