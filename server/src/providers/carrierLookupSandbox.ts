import { CarrierCode, detectCarrier } from '@domain/carrier'
import type { CarrierAttribute, CarrierLookupProvider } from './carrierLookup'

// The sandbox carrier lookup (CARRIER_LOOKUP_PROVIDER=sandbox, the default): the prefix guess, except for a table of
// demo numbers that were ported (docs/api.md § Sandbox) and one the lookup cannot answer, so testers can see the
// form confirm, correct and fall back. Every number is placed in Guangdong, Guangzhou.

/** Demo numbers ported away from their segment's carrier. */
export const SANDBOX_PORTED_NUMBERS: Readonly<Record<string, CarrierCode>> = {
  '13900000088': CarrierCode.Liantong,
  '13300000088': CarrierCode.Yidong,
  '18600000088': CarrierCode.Dianxin,
}

/** The lookup cannot answer for this number (as when the provider is down): the app keeps its guess. */
export const SANDBOX_CARRIER_UNAVAILABLE = '13900000055'

export function createSandboxCarrierLookup(): CarrierLookupProvider {
  return {
    sandbox: true,
    async lookup(phone): Promise<CarrierAttribute | null> {
      if (phone === SANDBOX_CARRIER_UNAVAILABLE) return null
      const ported = SANDBOX_PORTED_NUMBERS[phone]
      const carrier = ported ?? detectCarrier(phone) ?? null
      return { carrier, ported: ported !== undefined, province: '广东', city: '广州' }
    },
  }
}
