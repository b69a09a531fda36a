import type { CarrierLookupProvider } from './carrierLookup'

/** No carrier lookup (CARRIER_LOOKUP_PROVIDER=off): every number keeps the prefix guess, shown unverified. */
export function createCarrierLookupOff(): CarrierLookupProvider {
  return {
    sandbox: false,
    lookup: async () => null,
  }
}
