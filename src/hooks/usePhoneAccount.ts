import { useState } from 'react'
import type { CarrierCode } from '@domain/carrier'

export interface PhoneAccountValues {
  phone: string
  /** The carrier the user picked themselves (a ported number); otherwise the detected one is used. */
  carrier?: CarrierCode
  /** The holder's name, which a China Telecom top-up carries (domain/orderRequirements.ts). */
  holderName?: string
}

/** What a form knows of a phone account (the top-up form and the saved-account editor), with its setters. */
export function usePhoneAccount(initial: PhoneAccountValues) {
  const [phone, setPhone] = useState(initial.phone)
  const [carrierChoice, setCarrierChoice] = useState(initial.carrier)
  const [holderName, setHolderName] = useState(initial.holderName ?? '')
  /** A new number has its own carrier (and holder): an earlier pick no longer applies. */
  const typePhone = (value: string) => {
    if (value !== phone) setHolderName('')
    setPhone(value)
    setCarrierChoice(undefined)
  }
  return { phone, carrierChoice, holderName, setPhone, setCarrierChoice, setHolderName, typePhone }
}

export type PhoneAccountState = ReturnType<typeof usePhoneAccount>
