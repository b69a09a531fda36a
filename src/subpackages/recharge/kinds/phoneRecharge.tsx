import { useQuery } from '@tanstack/react-query'
import { Text, View } from '@tarojs/components'
import { useCallback, useMemo, useState } from 'react'
import type { CreatePhoneOrderInput } from '@contract/lifePay'
import CarrierPicker from '../../../components/lifePayFields/CarrierPicker'
import FormField from '../../../components/lifePayFields/FormField'
import PhoneNumberField from '../../../components/lifePayFields/PhoneNumberField'
import { fieldError, phoneAccountErrors, phoneNumberRules } from '../../../components/lifePayFields/accountFieldErrors'
import { fieldMessages } from '../../../components/lifePayFields/messages'
import { carrierCodeLabels, detectCarrier, type CarrierCode } from '@domain/carrier'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { label } from '@domain/locale'
import { maskPhone } from '@domain/mask'
import { parsePhoneDigits } from '@domain/phoneGrouping'
import { LifePayRateType } from '@domain/rateType'
import { validateField } from '@domain/validators'
import { useUserAccounts } from '../../../hooks/useUserAccounts'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import type { RechargeFormQuery } from '../../../routes'
import { createLifePayPhoneOrder } from '../../../services/api/lifePay'
import { getPhoneParValueQueryOptions } from '../../../services/api/lifePayQueries'
import { useLifePayStore } from '../../../stores/lifePay'
import CarrierCheckNote from '../components/CarrierCheckNote'
import SavedAccountChips, { type SavedAccountChip } from '../components/SavedAccountChips'
import { usePhoneCarrierCheck } from '../hooks/usePhoneCarrierCheck'
import type { RechargePrefill } from '../hooks/useRechargePrefill'
import { rechargeMessages } from '../messages'
import type { RechargeAccount, RechargeAccountContext, RechargeKindForm } from './rechargeKind'

// A shared link may carry the number as people write it ('+86 130 1234 5678'): the same reading as a paste.
const queryPhone = (query: RechargeFormQuery) => (query.phone ? parsePhoneDigits(query.phone) : undefined)

/** The number (masked once confirmed), its carrier (looked up, detected, overridable) and the saved numbers. */
function usePhoneAccount({
  query,
  draft,
  fieldErrors,
}: RechargeAccountContext<'phone'>): RechargeAccount<'phone', CreatePhoneOrderInput> {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(rechargeMessages)
  const f = useMessages(fieldMessages)
  const ownNumber = useLifePayStore((s) => s.phoneNumber)
  const { setErrors, clear } = fieldErrors

  const [phone, setPhone] = useState(() => queryPhone(query) ?? draft?.phone ?? ownNumber ?? '')
  const [carrierChoice, setCarrierChoice] = useState<CarrierCode | undefined>(draft?.carrier)
  const [editing, setEditing] = useState(() => validateField(phone, phoneNumberRules) !== null)
  const typed = useMemo(() => ({ phone, carrier: carrierChoice }), [phone, carrierChoice])

  // The carrier lookup (issue 20) confirms or corrects the prefix guess for a ported number; the user's own pick
  // still wins. When the lookup cannot say, the guess stands.
  const carrierCheck = usePhoneCarrierCheck(validateField(phone, phoneNumberRules) ? undefined : phone)
  const detected = carrierCheck.check?.ispCode ?? detectCarrier(phone)
  const carrier = carrierChoice ?? detected

  const parValues = useQuery(getPhoneParValueQueryOptions())
  const parValue = carrier
    ? parValues.data?.find((item) => item.ispCode === carrier)?.parValue
    : parValues.data?.reduce<number[]>((all, item) => all.concat(item.parValue), [])

  const saved = useUserAccounts(LifePayOrderType.Phone)
  const chips: SavedAccountChip[] = []
  const pick = (number: string, ispCode?: CarrierCode | null) => {
    setPhone(number)
    setCarrierChoice(ispCode && ispCode !== detectCarrier(number) ? ispCode : undefined)
    setEditing(false)
    setErrors({})
  }
  if (ownNumber && !saved.data?.some((account) => account.content === ownNumber)) {
    chips.push({
      key: 'own',
      title: m('ownNumber'),
      subtitle: maskPhone(ownNumber),
      selected: phone === ownNumber,
      onPick: () => pick(ownNumber),
    })
  }
  for (const account of saved.data ?? []) {
    const accountCarrier = account.ispCode ?? detectCarrier(account.content)
    chips.push({
      key: account.id,
      title:
        account.remark ||
        (accountCarrier ? label(carrierCodeLabels, accountCarrier, locale) : maskPhone(account.content)),
      subtitle: maskPhone(account.content),
      selected: phone === account.content,
      onPick: () => pick(account.content, account.ispCode),
    })
  }

  const apply = useCallback((prefill: RechargePrefill) => {
    setPhone(prefill.account)
    setCarrierChoice(prefill.ispCode)
    setEditing(false)
  }, [])

  const fields: RechargeAccount<'phone', CreatePhoneOrderInput>['fields'] = (errors) => (
    <>
      <FormField label={f('phoneLabel')} error={errors.phone}>
        {editing ? (
          <PhoneNumberField
            value={phone}
            carrier={carrier}
            autoFocus={phone !== ''}
            onChange={(value) => {
              setPhone(value)
              setCarrierChoice(undefined)
              // A new number has its own carrier: an earlier "choose the carrier" no longer applies.
              clear('phone', 'carrier')
            }}
            onBlur={() => {
              const error = fieldError(phone, phoneNumberRules, locale)
              if (!error) setEditing(false)
              else if (phone !== '') setErrors((e) => ({ ...e, phone: error }))
            }}
          />
        ) : (
          <View className='lp-phone-confirmed' role='group' aria-label={f('phoneLabel')}>
            <Text className='lp-phone-confirmed__number'>{maskPhone(phone)}</Text>
            {carrier ? (
              <Text className='lp-phone-confirmed__carrier'>{label(carrierCodeLabels, carrier, locale)}</Text>
            ) : null}
            <View className='lp-phone-confirmed__edit' role='button' tabIndex={0} onClick={() => setEditing(true)}>
              {m('editPhone')}
            </View>
          </View>
        )}
        <CarrierCheckNote checking={carrierCheck.checking} check={carrierCheck.check} />
        <SavedAccountChips chips={chips} />
      </FormField>
      <CarrierPicker
        value={carrier}
        detected={detected}
        verified={carrierCheck.check !== undefined}
        phoneComplete={phone.length === 11}
        error={errors.carrier}
        onChange={(code) => {
          setCarrierChoice(code)
          clear('carrier')
        }}
      />
    </>
  )

  return {
    fields,
    draft: typed,
    parValue,
    catalogue: parValues,
    ready: true,
    apply,
    check: (face) => {
      const errors = phoneAccountErrors(phone, carrier, locale)
      // A ported number must not go out with the prefix guess because the tap came before the lookup's answer; a
      // carrier the user picked themselves stands.
      const form = carrierCheck.checking && carrierChoice === undefined ? m('carrierStillChecking') : undefined
      if (errors.phone) setEditing(true)
      return { errors: { ...errors, form }, order: face && carrier && { phone, ispCode: carrier, ...face } }
    },
  }
}

/** Phone top-up: the number and its carrier, the carrier's face values at the phone rate. */
export const phoneRecharge: RechargeKindForm<'phone', CreatePhoneOrderInput> = {
  kind: 'phone',
  pageTitle: 'page.phoneBillRecharge',
  title: 'phoneTitle',
  rateType: LifePayRateType.DefaultPhone,
  // Looked up when the order goes, not when this module loads (tests replace the export).
  createOrder: (input, options) => createLifePayPhoneOrder(input, options),
  startsFromDraft: (query) => !queryPhone(query),
  useAccount: usePhoneAccount,
}
