import { useState } from 'react'
import type { UserAccount } from '@contract/lifePay'
import CarrierPicker from '../../../components/lifePayFields/CarrierPicker'
import FormField from '../../../components/lifePayFields/FormField'
import PhoneNumberField from '../../../components/lifePayFields/PhoneNumberField'
import { phoneAccountErrors } from '../../../components/lifePayFields/accountFieldErrors'
import { fieldMessages } from '../../../components/lifePayFields/messages'
import { detectCarrier, type CarrierCode } from '@domain/carrier'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import type { AccountFieldErrors, AccountKindFields, AccountKindForm } from './accountKind'

/** The number and its carrier (detected, overridable for ported numbers). */
function usePhoneAccountFields(
  initial: UserAccount | undefined,
  { errors, clear }: AccountFieldErrors,
): AccountKindFields {
  const locale = useLocaleStore((s) => s.locale)
  const f = useMessages(fieldMessages)
  const [phone, setPhone] = useState(initial?.content ?? '')
  // The user's pick; otherwise the carrier detected from the number.
  const [carrierChoice, setCarrierChoice] = useState<CarrierCode | undefined>(initial?.ispCode ?? undefined)
  const detected = detectCarrier(phone)
  const carrier = carrierChoice ?? detected
  return {
    fields: (
      <>
        <FormField label={f('phoneLabel')} error={errors.phone}>
          <PhoneNumberField
            value={phone}
            carrier={carrier}
            onChange={(value) => {
              setPhone(value)
              setCarrierChoice(undefined)
              clear('phone', 'carrier')
            }}
          />
        </FormField>
        <CarrierPicker
          value={carrier}
          detected={detected}
          phoneComplete={phone.length === 11}
          error={errors.carrier}
          onChange={(picked) => {
            setCarrierChoice(picked)
            clear('carrier')
          }}
        />
      </>
    ),
    check: () => ({
      errors: phoneAccountErrors(phone, carrier, locale),
      content: carrier && { content: phone, ispCode: carrier },
    }),
  }
}

/** A phone number to top up. */
export const phoneAccount: AccountKindForm = {
  type: LifePayOrderType.Phone,
  pageTitle: 'page.editPhoneUserAccount',
  intro: 'phoneIntro',
  refusedAt: 'phone',
  useFields: usePhoneAccountFields,
}
