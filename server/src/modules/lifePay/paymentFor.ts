import type { LifePayType } from '@domain/lifePayType'
import type { AppContext } from '../../appContext'
import { errors } from '../../http/errors'
import type { PaymentProvider } from '../../providers/payment'

/**
 * The provider that takes `lifePayType`'s payments (WxPay: WeChat Pay or the sandbox; AliPay: Alipay or the
 * sandbox). Every call site about an order goes through here with the order's pay type, so adapters stay one
 * provider each. PAY_TYPE_UNAVAILABLE when the pay type is not offered on this server (or the order has none).
 */
export function paymentFor(ctx: AppContext, lifePayType: LifePayType | number | null): PaymentProvider {
  const provider = lifePayType === null ? null : ctx.providers.payment[lifePayType as LifePayType]
  if (!provider) throw errors.payTypeUnavailable()
  return provider
}

/** Every distinct provider in use (the sandbox serving both pay types counts once). */
export function paymentProviders(ctx: AppContext): PaymentProvider[] {
  return [...new Set(Object.values(ctx.providers.payment).filter((p): p is PaymentProvider => p !== null))]
}
