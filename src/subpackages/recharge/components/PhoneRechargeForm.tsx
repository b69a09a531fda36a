import { useQuery } from '@tanstack/react-query'
import { Text, View } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'
import CarrierPicker from '../../../components/lifePayFields/CarrierPicker'
import FormField from '../../../components/lifePayFields/FormField'
import PhoneNumberField from '../../../components/lifePayFields/PhoneNumberField'
import { fieldMessages } from '../../../components/lifePayFields/messages'
import { carrierCodeLabels, detectCarrier, type CarrierCode } from '@domain/carrier'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { label } from '@domain/locale'
import { maskPhone } from '@domain/mask'
import { parsePhoneDigits } from '@domain/phoneGrouping'
import { LifePayRateType } from '@domain/rateType'
import { validationMessage } from '@domain/validationMessages'
import { mobilePhone, required, validateField } from '@domain/validators'
import { useFieldErrors } from '../../../hooks/useFieldErrors'
import { useUserAccounts } from '../../../hooks/useUserAccounts'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { getPhoneParValueQueryOptions } from '../../../services/api/catalog'
import { createLifePayPhoneOrder } from '../../../services/api/orders'
import { useLifePayStore } from '../../../stores/lifePay'
import { useRechargeDraftStore } from '../hooks/rechargeDraftStore'
import { useFaceValueOffer } from '../hooks/useFaceValueOffer'
import { usePhoneCarrierCheck } from '../hooks/usePhoneCarrierCheck'
import { usePlaceOrder } from '../hooks/usePlaceOrder'
import { useRechargePrefill } from '../hooks/useRechargePrefill'
import { rechargeMessages } from '../messages'
import CarrierCheckNote from './CarrierCheckNote'
import SavedAccountChips, { type SavedAccountChip } from './SavedAccountChips'
import RechargeFormFooter from './RechargeFormFooter'
import './recharge.scss'

export interface PhoneRechargeFormProps {
  /** `phone=` of the page query (home's one-tap repeat). */
  phone?: string
  /** `parValue=` of the page query. */
  parValue?: number
  accountId?: string
  fromOrderNo?: string
}

type PhoneErrorKey = 'phone' | 'carrier' | 'faceValue' | 'form'

/** Phone top-up: number (masked once confirmed), carrier (detected, overridable), face value with price, order. */
export default function PhoneRechargeForm(props: PhoneRechargeFormProps) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(rechargeMessages)
  const f = useMessages(fieldMessages)
  const ownNumber = useLifePayStore((s) => s.phoneNumber)

  // A shared link may carry the number as people write it ('+86 130 1234 5678'): the same reading as a paste.
  const queryPhone = props.phone ? parsePhoneDigits(props.phone) : undefined
  const draft = useRechargeDraftStore.getState().phone
  const [phone, setPhone] = useState(() => queryPhone ?? draft?.phone ?? ownNumber ?? '')
  const [carrierChoice, setCarrierChoice] = useState<CarrierCode | undefined>(() =>
    queryPhone ? undefined : draft?.carrier,
  )
  const [faceValue, setFaceValue] = useState<number | undefined>(
    () => props.parValue ?? (queryPhone ? undefined : draft?.faceValue),
  )
  const [editing, setEditing] = useState(() => validateField(phone, [required, mobilePhone]) !== null)
  const fieldErrors = useFieldErrors<PhoneErrorKey>()
  const { errors, setErrors, clear } = fieldErrors

  const { prefill } = useRechargePrefill(props.accountId, props.fromOrderNo)
  const prefillApplied = useRef(false)
  useEffect(() => {
    if (!prefill || prefillApplied.current) return
    prefillApplied.current = true
    setPhone(prefill.account)
    setCarrierChoice(prefill.ispCode)
    if (prefill.parValue !== undefined) setFaceValue(prefill.parValue)
    setEditing(false)
  }, [prefill])

  // The carrier lookup (issue 20) confirms or corrects the prefix guess for a ported number; the user's own pick
  // still wins. When the lookup cannot say, the guess stands.
  const carrierCheck = usePhoneCarrierCheck(validateField(phone, [required, mobilePhone]) ? undefined : phone)
  const detected = carrierCheck.check?.ispCode ?? detectCarrier(phone)
  const carrier = carrierChoice ?? detected
  useEffect(() => {
    useRechargeDraftStore.setState({ phone: { phone, carrier: carrierChoice, faceValue } })
  }, [phone, carrierChoice, faceValue])

  const parValues = useQuery(getPhoneParValueQueryOptions())
  const offer = useFaceValueOffer(
    carrier
      ? parValues.data?.find((item) => item.ispCode === carrier)?.parValue
      : parValues.data?.reduce<number[]>((all, item) => all.concat(item.parValue), []),
    faceValue,
    setFaceValue,
    LifePayRateType.DefaultPhone,
    parValues,
  )

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

  const phoneError = (value: string) => {
    const key = validateField(value, [required, mobilePhone])
    return key ? validationMessage(key, locale) : undefined
  }

  const order = usePlaceOrder(createLifePayPhoneOrder, 'phone', setErrors, () => {
    const next: Partial<Record<PhoneErrorKey, string>> = {
      phone: phoneError(phone),
      carrier: carrier ? undefined : m('pickCarrier'),
      faceValue: offer.chosen === undefined ? m('pickFaceValue') : undefined,
    }
    // A ported number must not go out with the prefix guess because the tap came before the lookup's answer; a
    // carrier the user picked themselves stands.
    if (carrierCheck.checking && carrierChoice === undefined) next.form = m('carrierStillChecking')
    setErrors(next)
    if (next.phone) setEditing(true)
    if (Object.values(next).some(Boolean) || !carrier || offer.chosen === undefined) return undefined
    return { phone, ispCode: carrier, parValue: offer.chosen, expectedPayAmount: offer.expectedPayAmount }
  })

  return (
    <View className='lp-recharge'>
      <View className='lp-recharge__hero'>
        <Text className='lp-recharge__hero-title'>{m('phoneTitle')}</Text>
        <Text className='lp-recharge__hero-sub'>{m('arrivalNote')}</Text>
      </View>
      <View className='lp-card'>
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
                const error = phoneError(phone)
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
      </View>
      <RechargeFormFooter offer={offer} fieldErrors={fieldErrors} order={order} />
    </View>
  )
}
