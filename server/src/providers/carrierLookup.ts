import type { CarrierCode } from '@domain/carrier'

// Carrier lookup (issue 20): which carrier serves a mobile number today. The prefix guess (domain/carrier.ts)
// is wrong for a number ported to another carrier (携号转网), and a top-up sent to the wrong carrier fails; a lookup
// confirms or corrects it before the order is made.

/** Where a number is served now: its carrier (null when none of ours, e.g. China Broadnet), province and city. */
export interface CarrierAttribute {
  carrier: CarrierCode | null
  /** The carrier says the number was ported to it (its segment belongs to another). */
  ported: boolean
  province: string | null
  city: string | null
}

export interface CarrierLookupProvider {
  readonly sandbox: boolean
  /** The number's carrier today; null when the lookup could not say (error, timeout, unknown number). Never throws. */
  lookup(phone: string): Promise<CarrierAttribute | null>
}
