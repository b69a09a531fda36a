import { useQuery } from '@tanstack/react-query'
import { Text, View } from '@tarojs/components'
import { useCallback, useMemo, useState } from 'react'
import type { CreatePhoneOrderInput } from '@contract/lifePay'
import PhoneAccountFields from '../../../components/lifePayFields/PhoneAccountFields'
import FormField from '../../../components/lifePayFields/FormField'
import PhoneNumberField from '../../../components/lifePayFields/PhoneNumberField'
import TextField from '../../../components/lifePayFields/TextField'
import { fieldChange } from '../../../components/lifePayFields/fieldChange'
import {
  fieldError,
  phoneAccountErrors,
  phoneHolderNameError,
  phoneNumberRules,
} from '../../../components/lifePayFields/accountFieldErrors'
import { fieldMessages } from '../../../components/lifePayFields/messages'
import { carrierCodeLabels, detectCarrier, type CarrierCode } from '@domain/carrier'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { label } from '@domain/locale'
import { orderRequirements } from '@domain/orderRequirements'
import { maskPhone } from '@domain/mask'
import { parsePhoneDigits } from '@domain/phoneGrouping'
import { validateField } from '@domain/validators'
import { usePhoneAccount } from '../../../hooks/usePhoneAccount'
import { useUserAccounts } from '../../../hooks/useUserAccounts'
import { useMessages } from '../../../i18n/messages'
import type { RechargeFormQuery } from '../../../routes'
import { createLifePayPhoneOrder } from '../../../services/api/orders'
import { getPhoneParValueQueryOptions } from '../../../services/api/catalog'
import { useLifePayStore } from '../../../stores/lifePay'
import CarrierCheckNote from '../components/CarrierCheckNote'
import SavedAccountChips, { type SavedAccountChip } from '../components/SavedAccountChips'
import { usePhoneCarrierCheck } from '../hooks/usePhoneCarrierCheck'
import type { RechargePrefill } from '../hooks/useRechargePrefill'
import { rechargeFormMessages } from '../formMessages'
import type { RechargeAccount, RechargeAccountContext, RechargeKindForm } from './rechargeKind'

// A shared link may carry the number as people write it ('+86 130 1234 5678'): the same reading as a paste.
const queryPhone = (query: RechargeFormQuery) => (query.phone ? parsePhoneDigits(query.phone) : undefined)

/** The number (masked once confirmed), its carrier (looked up, detected, overridable) and the saved numbers. */
function usePhoneRechargeAccount({
  query,
  draft,
  fieldErrors,
  locale,
  catalogue,
}: RechargeAccountContext<'phone'>): RechargeAccount<'phone', CreatePhoneOrderInput> {
  const m = useMessages(rechargeFormMessages)
  const f = useMessages(fieldMessages)
  const ownNumber = useLifePayStore((s) => s.phoneNumber)
  const { setErrors, clear } = fieldErrors

  const phoneAccount = usePhoneAccount({
    phone: queryPhone(query) ?? draft?.phone ?? ownNumber ?? '',
    carrier: draft?.carrier,
    holderName: draft?.holderName,
  })
  const { phone, carrierChoice, holderName, setPhone, setCarrierChoice, setHolderName } = phoneAccount
  const [editing, setEditing] = useState(() => validateField(phone, phoneNumberRules) !== null)
  const typed = useMemo(() => ({ phone, carrier: carrierChoice, holderName }), [phone, carrierChoice, holderName])

  // The carrier lookup (issue 20) confirms or corrects the prefix guess for a ported number; the user's own pick
  // still wins. When the lookup cannot say, the guess stands.
  const carrierCheck = usePhoneCarrierCheck(validateField(phone, phoneNumberRules) ? undefined : phone)
  const detected = carrierCheck.check?.ispCode ?? detectCarrier(phone)
  const carrier = carrierChoice ?? detected
  const askHolderName = orderRequirements({ lifePayOrderType: LifePayOrderType.Phone, ispCode: carrier }).holderName

  const parValue = carrier
    ? catalogue?.find((item) => item.ispCode === carrier)?.parValue
    : catalogue?.reduce<number[]>((all, item) => all.concat(item.parValue), [])

  const saved = useUserAccounts(LifePayOrderType.Phone)
  const chips: SavedAccountChip[] = []
  const pick = (number: string, ispCode?: CarrierCode | null, name?: string | null) => {
    setPhone(number)
    setCarrierChoice(ispCode && ispCode !== detectCarrier(number) ? ispCode : undefined)
    setHolderName(name ?? '')
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
      onPick: () => pick(account.content, account.ispCode, account.name),
    })
  }

  const apply = useCallback(
    (prefill: RechargePrefill) => {
      setPhone(prefill.account)
      setCarrierChoice(prefill.ispCode)
      setHolderName(prefill.name ?? '')
      setEditing(false)
    },
    [setPhone, setCarrierChoice, setHolderName],
  )

  const fields: RechargeAccount<'phone', CreatePhoneOrderInput>['fields'] = (errors) => (
    <>
      <PhoneAccountFields
        fields={phoneAccount}
        detected={detected}
        verified={carrierCheck.check !== undefined}
        errors={errors}
        clear={clear}
      >
        {editing ? (
          <PhoneNumberField
            value={phone}
            carrier={carrier}
            autoFocus={phone !== ''}
            onChange={(value) => {
              phoneAccount.typePhone(value)
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
      </PhoneAccountFields>
      {askHolderName ? (
        <FormField label={f('phoneHolderNameLabel')} error={errors.holderName}>
          <TextField
            label={f('phoneHolderNameLabel')}
            value={holderName}
            maxLength={30}
            placeholder={f('phoneHolderNamePlaceholder')}
            onChange={fieldChange(clear, 'holderName', setHolderName)}
          />
        </FormField>
      ) : null}
    </>
  )

  return {
    fields,
    draft: typed,
    parValue,
    ready: true,
    apply,
    check: (face) => {
      const errors = {
        ...phoneAccountErrors(phone, carrier, locale),
        holderName: phoneHolderNameError(carrier, holderName, locale),
      }
      // A ported number must not go out with the prefix guess because the tap came before the lookup's answer; a
      // carrier the user picked themselves stands.
      const form = carrierCheck.checking && carrierChoice === undefined ? m('carrierStillChecking') : undefined
      if (errors.phone) setEditing(true)
      const name = askHolderName ? holderName.trim() : undefined
      return { errors: { ...errors, form }, order: face && carrier && { phone, ispCode: carrier, name, ...face } }
    },
  }
}

/** Phone top-up: the number and its carrier, the carrier's face values at the phone rate. */
export const phoneRecharge: RechargeKindForm<'phone', CreatePhoneOrderInput> = {
  kind: 'phone',
  useCatalogue: () => useQuery(getPhoneParValueQueryOptions()),
  // Looked up when the order goes, not when this module loads (tests replace the export).
  createOrder: (input, options) => createLifePayPhoneOrder(input, options),
  startsFromDraft: (query) => !queryPhone(query),
  useAccount: usePhoneRechargeAccount,
}
