import { useQuery } from '@tanstack/react-query'
import { Text, View } from '@tarojs/components'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ElectricSupportArea } from '@contract/lifePay'
import ElectricAccountFields from '../../../components/lifePayFields/ElectricAccountFields'
import { ElectricAccountType, electricTypeLabels } from '@domain/electric'
import { matchElectricArea } from '@domain/electricArea'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { label, type Locale } from '@domain/locale'
import { maskAccount } from '@domain/mask'
import { regionName } from '@domain/regionNames'
import { LifePayRateType } from '@domain/rateType'
import { validationMessage } from '@domain/validationMessages'
import { electricAccount, holderName as holderNameRule, required, validateField } from '@domain/validators'
import { useElectricAccount } from '../../../hooks/useElectricAccount'
import { useElectricAreas } from '../../../hooks/useElectricAreas'
import { useFieldErrors } from '../../../hooks/useFieldErrors'
import { useUserAccounts } from '../../../hooks/useUserAccounts'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { getElectricParValueQueryOptions } from '../../../services/api/catalog'
import { createLifePayElectricOrder } from '../../../services/api/orders'
import { useLocationCityStore } from '../../../stores/locationCity'
import { useRechargeDraftStore } from '../hooks/rechargeDraftStore'
import { useAccountCheck } from '../hooks/useAccountCheck'
import { useFaceValueOffer } from '../hooks/useFaceValueOffer'
import { usePlaceOrder } from '../hooks/usePlaceOrder'
import { useRechargePrefill, type RechargePrefill } from '../hooks/useRechargePrefill'
import { rechargeMessages } from '../messages'
import AccountCheckStatus from './AccountCheckStatus'
import SavedAccountChips, { type SavedAccountChip } from './SavedAccountChips'
import RechargeFormFooter from './RechargeFormFooter'
import './recharge.scss'

export interface ElectricRechargeFormProps {
  parValue?: number
  accountId?: string
  fromOrderNo?: string
}

/** A saved account's city for its chip, in the user's language; '' while the area list is not known. */
function cityNameOf(area: ElectricSupportArea | undefined, locale: Locale): string {
  return area ? regionName(area.cityName, locale) : ''
}

type ElectricErrorKey = 'region' | 'grid' | 'accountType' | 'account' | 'holderName' | 'faceValue' | 'form'

/** Electricity top-up: region (grid follows), account type, account number, holder name where needed, face value. */
export default function ElectricRechargeForm(props: ElectricRechargeFormProps) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(rechargeMessages)

  const fromQuery = !!(props.accountId || props.fromOrderNo)
  const draft = fromQuery ? undefined : useRechargeDraftStore.getState().electric
  const electric = useElectricAccount({
    cityCode: draft?.cityCode,
    electricType: draft?.electricType,
    accountType: draft?.accountType ?? ElectricAccountType.House,
    account: draft?.account ?? '',
    holderName: draft?.holderName ?? '',
  })
  const { cityCode, electricType, accountType, account, holderName } = electric
  const { setCityCode, setElectricType, setAccountType, setAccount, setHolderName } = electric
  const [faceValue, setFaceValue] = useState<number | undefined>(props.parValue ?? draft?.faceValue)
  const fieldErrors = useFieldErrors<ElectricErrorKey>()
  const { errors, setErrors, clear } = fieldErrors

  const areas = useElectricAreas()
  const area = areas.data?.find((item) => item.cityCode === cityCode)

  const apply = useCallback(
    (source: RechargePrefill, list: readonly ElectricSupportArea[]) => {
      const match = matchElectricArea(list, source.province, source.city)
      setCityCode(match?.cityCode)
      setElectricType(match?.electricType ?? source.electricType)
      setAccountType(source.electricAccountType ?? ElectricAccountType.House)
      setAccount(source.account)
      setHolderName(source.name ?? '')
      if (source.parValue !== undefined) setFaceValue(source.parValue)
      setErrors({})
    },
    [setCityCode, setElectricType, setAccountType, setAccount, setHolderName, setErrors],
  )

  const { prefill, pending } = useRechargePrefill(props.accountId, props.fromOrderNo)
  const initialised = useRef(false)
  useEffect(() => {
    if (initialised.current || !areas.data || pending) return
    initialised.current = true
    if (prefill) return apply(prefill, areas.data)
    if (cityCode) return
    // No region from the query or the draft: the location city (the last region the user chose), where served.
    const located = matchElectricArea(areas.data, undefined, useLocationCityStore.getState().city)
    if (located) {
      setCityCode(located.cityCode)
      setElectricType(located.electricType)
    }
  }, [areas.data, pending, prefill, apply, cityCode, setCityCode, setElectricType])

  useEffect(() => {
    useRechargeDraftStore.setState({
      electric: { cityCode, electricType, accountType, account, holderName, faceValue },
    })
  }, [cityCode, electricType, accountType, account, holderName, faceValue])

  const parValues = useQuery(getElectricParValueQueryOptions())
  const offered = parValues.data?.find((item) => item.electricType === electricType)?.parValue
  const offer = useFaceValueOffer(offered, faceValue, setFaceValue, LifePayRateType.DefaultElectric, parValues)
  const needHolderName = area?.needHolderName ?? false

  const saved = useUserAccounts(LifePayOrderType.Electric)
  const chips: SavedAccountChip[] = (saved.data ?? []).map((item) => ({
    key: item.id,
    title:
      item.remark ||
      [
        cityNameOf(matchElectricArea(areas.data, item.province, item.city), locale),
        item.electricType ? label(electricTypeLabels, item.electricType, locale) : '',
      ]
        .filter(Boolean)
        .join(' '),
    subtitle: maskAccount(item.content),
    selected: item.content === account,
    onPick: () =>
      apply(
        {
          account: item.content,
          electricType: item.electricType ?? undefined,
          electricAccountType: item.electricAccountType ?? undefined,
          province: item.province ?? undefined,
          city: item.city ?? undefined,
          name: item.name ?? undefined,
        },
        areas.data ?? [],
      ),
  }))

  const fieldError = (value: string, rules: Parameters<typeof validateField>[1]) => {
    const key = validateField(value, rules)
    return key ? validationMessage(key, locale) : undefined
  }

  // Said in place of the face values until the account fields tell which are offered.
  const faceValuesPending = electricType ? undefined : m('amountsAfterRegion')

  // The supplier's lookup once the region and a well-formed account are known (issue 20): the holder before the amount.
  const accountCheck = useAccountCheck(
    area && electricType && !validateField(account, [required, electricAccount])
      ? {
          lifePayOrderType: LifePayOrderType.Electric,
          account,
          electricType,
          province: area.provinceCode,
          city: area.cityCode,
        }
      : undefined,
  )
  // A wrong account is the account field's error, until the user changes it.
  const shownErrors =
    accountCheck.state === 'notFound' && !errors.account ? { ...errors, account: m('accountNotFound') } : errors

  const order = usePlaceOrder(createLifePayElectricOrder, 'electric', setErrors, () => {
    const next: Partial<Record<ElectricErrorKey, string>> = {
      region: area ? undefined : m('pickRegion'),
      grid: electricType ? undefined : m('pickGrid'),
      accountType: accountType ? undefined : m('pickAccountType'),
      account: fieldError(account, [required, electricAccount]),
      holderName: needHolderName ? fieldError(holderName, [required, holderNameRule]) : undefined,
      faceValue: offer.chosen === undefined ? m('pickFaceValue') : undefined,
    }
    // No money towards an account the supplier does not know, nor before it has answered.
    if (!next.account && accountCheck.state === 'notFound') next.account = m('accountNotFound')
    if (accountCheck.state === 'checking') next.form = m('accountStillChecking')
    setErrors(next)
    if (Object.values(next).some(Boolean) || !area || !electricType || !accountType || offer.chosen === undefined)
      return undefined
    return {
      parValue: offer.chosen,
      electricAccount: account,
      electricType,
      electricAccountType: accountType,
      province: area.provinceCode,
      city: area.cityCode,
      name: needHolderName ? holderName.trim() : undefined,
      expectedPayAmount: offer.expectedPayAmount,
    }
  })

  return (
    <View className='lp-recharge'>
      <View className='lp-recharge__hero'>
        <Text className='lp-recharge__hero-title'>{m('electricTitle')}</Text>
        <Text className='lp-recharge__hero-sub'>{m('arrivalNote')}</Text>
      </View>
      <View className='lp-card'>
        <SavedAccountChips chips={chips} />
        <ElectricAccountFields areas={areas.data ?? []} fields={electric} errors={shownErrors} clear={clear} />
        <AccountCheckStatus check={accountCheck} />
      </View>
      <RechargeFormFooter offer={offer} fieldErrors={fieldErrors} order={order} emptyText={faceValuesPending} />
    </View>
  )
}
