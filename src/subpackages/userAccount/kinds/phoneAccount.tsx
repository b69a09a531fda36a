import type { UserAccount } from '@contract/lifePay'
import PhoneAccountFields from '../../../components/lifePayFields/PhoneAccountFields'
import PhoneNumberField from '../../../components/lifePayFields/PhoneNumberField'
import { phoneAccountErrors } from '../../../components/lifePayFields/accountFieldErrors'
import { detectCarrier } from '@domain/carrier'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { usePhoneAccount } from '../../../hooks/usePhoneAccount'
import { useLocaleStore } from '../../../i18n/i18n'
import type { AccountFieldErrors, AccountKindFields, AccountKindForm } from './accountKind'

/** The number and its carrier (detected, overridable for ported numbers). */
function usePhoneAccountFields(
  initial: UserAccount | undefined,
  { errors, clear }: AccountFieldErrors,
): AccountKindFields {
  const locale = useLocaleStore((s) => s.locale)
  const phoneAccount = usePhoneAccount({ phone: initial?.content ?? '', carrier: initial?.ispCode ?? undefined })
  const { phone } = phoneAccount
  const detected = detectCarrier(phone)
  const carrier = phoneAccount.carrierChoice ?? detected
  return {
    fields: (
      <PhoneAccountFields fields={phoneAccount} detected={detected} errors={errors} clear={clear}>
        <PhoneNumberField
          value={phone}
          carrier={carrier}
          onChange={(value) => {
            phoneAccount.typePhone(value)
            clear('phone', 'carrier')
          }}
        />
      </PhoneAccountFields>
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
