import { useState } from 'react'
import CarrierPicker from '../../../components/lifePayFields/CarrierPicker'
import FormField from '../../../components/lifePayFields/FormField'
import PhoneNumberField from '../../../components/lifePayFields/PhoneNumberField'
import { fieldMessages } from '../../../components/lifePayFields/messages'
import { detectCarrier, type CarrierCode } from '@domain/carrier'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { mobilePhone, remark as remarkRule, required } from '@domain/validators'
import { useFieldErrors } from '../../../hooks/useFieldErrors'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import type { UserAccount } from '@contract/lifePay'
import { fieldError } from '../accountForm'
import { useSaveAccount } from '../hooks/useSaveAccount'
import { accountMessages } from '../messages'
import AccountFormFrame from './AccountFormFrame'
import RemarkField from './RemarkField'

type PhoneErrorKey = 'phone' | 'carrier' | 'remark'

/** A phone number to top up, its carrier (detected, overridable for ported numbers) and a remark. */
export default function PhoneAccountForm({ initial }: { initial?: UserAccount }) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(accountMessages)
  const f = useMessages(fieldMessages)
  const [phone, setPhone] = useState(initial?.content ?? '')
  // The user's pick; otherwise the carrier detected from the number.
  const [carrierChoice, setCarrierChoice] = useState<CarrierCode | undefined>(initial?.ispCode ?? undefined)
  const [remark, setRemark] = useState(initial?.remark ?? '')
  const { errors, setErrors, clear } = useFieldErrors<PhoneErrorKey>()
  const { saveAndLeave, saving } = useSaveAccount()
  const detected = detectCarrier(phone)
  const carrier = carrierChoice ?? detected

  const onSave = async () => {
    const next: Partial<Record<PhoneErrorKey, string>> = {
      phone: fieldError(phone, [required, mobilePhone], locale),
      carrier: carrier ? undefined : m('pickCarrier'),
      remark: fieldError(remark, [remarkRule], locale),
    }
    setErrors(next)
    if (next.phone || next.carrier || next.remark || !carrier) return
    await saveAndLeave(
      { id: initial?.id, lifePayType: LifePayOrderType.Phone, content: phone, ispCode: carrier, remark: remark.trim() },
      m('saved'),
      (message) => setErrors({ phone: message }),
    )
  }

  return (
    <AccountFormFrame
      type={LifePayOrderType.Phone}
      intro={m('phoneIntro')}
      saving={saving}
      onSave={() => void onSave()}
      accountId={initial?.id}
    >
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
      <RemarkField
        value={remark}
        error={errors.remark}
        onChange={(value) => {
          setRemark(value)
          clear('remark')
        }}
      />
    </AccountFormFrame>
  )
}
