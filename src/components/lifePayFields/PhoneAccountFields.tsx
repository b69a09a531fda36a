import type { ReactNode } from 'react'
import type { CarrierCode } from '@domain/carrier'
import type { PhoneAccountState } from '../../hooks/usePhoneAccount'
import { useMessages } from '../../i18n/messages'
import CarrierPicker from './CarrierPicker'
import FormField from './FormField'
import { fieldChange } from './fieldChange'
import { fieldMessages } from './messages'

export type PhoneAccountFieldKey = 'phone' | 'carrier'

interface PhoneAccountFieldsProps {
  /** The form's phone account (usePhoneAccount). */
  fields: PhoneAccountState
  /** The carrier detected from the number, or the carrier lookup's answer (`verified`). */
  detected: CarrierCode | undefined
  verified?: boolean
  errors: Partial<Record<PhoneAccountFieldKey, string>>
  /** Called with the field the user just changed, so its error can go. */
  clear: (key: PhoneAccountFieldKey) => void
  /** The number as the form edits it (typed, or confirmed and masked), with what goes under it. */
  children: ReactNode
}

/** The phone number and its carrier (preselected, overridable for ported numbers). */
export default function PhoneAccountFields({
  fields,
  detected,
  verified,
  errors,
  clear,
  children,
}: PhoneAccountFieldsProps) {
  const f = useMessages(fieldMessages)
  return (
    <>
      <FormField label={f('phoneLabel')} error={errors.phone}>
        {children}
      </FormField>
      <CarrierPicker
        value={fields.carrierChoice ?? detected}
        detected={detected}
        verified={verified}
        phoneComplete={fields.phone.length === 11}
        error={errors.carrier}
        onChange={fieldChange(clear, 'carrier', fields.setCarrierChoice)}
      />
    </>
  )
}
