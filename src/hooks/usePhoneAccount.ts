import { useState } from 'react'
import type { CarrierCode } from '@domain/carrier'

export interface PhoneAccountValues {
  phone: string
  /** The carrier the user picked themselves (a ported number); otherwise the detected one is used. */
  carrier?: CarrierCode
}

/** What a form knows of a phone account (the top-up form and the saved-account editor), with its setters. */
export function usePhoneAccount(initial: PhoneAccountValues) {
  const [phone, setPhone] = useState(initial.phone)
  const [carrierChoice, setCarrierChoice] = useState(initial.carrier)
  /** A new number has its own carrier: an earlier pick no longer applies. */
  const typePhone = (value: string) => {
    setPhone(value)
    setCarrierChoice(undefined)
  }
  return { phone, carrierChoice, setPhone, setCarrierChoice, typePhone }
}

export type PhoneAccountState = ReturnType<typeof usePhoneAccount>
