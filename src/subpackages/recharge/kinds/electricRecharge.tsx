import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import type { CreateElectricOrderInput, ElectricSupportArea } from '@contract/lifePay'
import ElectricAccountFields from '../../../components/lifePayFields/ElectricAccountFields'
import SixIdField from '../../../components/lifePayFields/SixIdField'
import { fieldChange } from '../../../components/lifePayFields/fieldChange'
import {
  electricAccountErrors,
  electricAccountRules,
  fieldError,
  sixIdRules,
} from '../../../components/lifePayFields/accountFieldErrors'
import { ElectricAccountType, electricTypeLabels } from '@domain/electric'
import { matchElectricArea } from '@domain/electricArea'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { label, type Locale } from '@domain/locale'
import { maskAccount } from '@domain/mask'
import { orderRequirements } from '@domain/orderRequirements'
import { normalizeSixId } from '@domain/sixId'
import { regionName } from '@domain/regionNames'
import { validateField } from '@domain/validators'
import { useElectricAccount } from '../../../hooks/useElectricAccount'
import { useElectricAreas } from '../../../hooks/useElectricAreas'
import { useUserAccounts } from '../../../hooks/useUserAccounts'
import { createLifePayElectricOrder } from '../../../services/api/orders'
import { getElectricParValueQueryOptions } from '../../../services/api/catalog'
import { useLocationCityStore } from '../../../stores/locationCity'
import type { SavedAccountChip } from '../components/SavedAccountChips'
import type { RechargePrefill } from '../hooks/useRechargePrefill'
import type { RechargeAccount, RechargeAccountContext, RechargeKindForm } from './rechargeKind'

/** A saved account's city for its chip, in the user's language; '' while the area list is not known. */
function cityNameOf(area: ElectricSupportArea | undefined, locale: Locale): string {
  return area ? regionName(area.cityName, locale) : ''
}

/** Region (the grid follows), account type, account number and holder name where needed, and the saved accounts. */
function useElectricRechargeAccount(
  context: RechargeAccountContext<'electric'>,
): RechargeAccount<'electric', CreateElectricOrderInput> {
  const { draft, locale, catalogue } = context
  const { setErrors, clear } = context.fieldErrors
  const electric = useElectricAccount({
    cityCode: draft?.cityCode,
    electricType: draft?.electricType,
    accountType: draft?.accountType ?? ElectricAccountType.House,
    account: draft?.account ?? '',
    holderName: draft?.holderName ?? '',
  })
  const { cityCode, electricType, accountType, account, holderName } = electric
  const { setCityCode, setElectricType, setAccountType, setAccount, setHolderName } = electric
  const typed = useMemo(
    () => ({ cityCode, electricType, accountType, account, holderName }),
    [cityCode, electricType, accountType, account, holderName],
  )

  // Part of an ID number: asked on each Southern Grid top-up, kept in no draft and no saved account.
  const [sixId, setSixId] = useState('')
  const needs = orderRequirements({ lifePayOrderType: LifePayOrderType.Electric, electricType })

  const areas = useElectricAreas()
  const area = areas.data?.find((item) => item.cityCode === cityCode)
  const needHolderName = area?.needHolderName ?? false

  const apply = useCallback(
    (source: RechargePrefill) => {
      const match = matchElectricArea(areas.data ?? [], source.province, source.city)
      setCityCode(match?.cityCode)
      setElectricType(match?.electricType ?? source.electricType)
      setAccountType(source.electricAccountType ?? ElectricAccountType.House)
      setAccount(source.account)
      setHolderName(source.name ?? '')
      setErrors({})
    },
    [areas.data, setCityCode, setElectricType, setAccountType, setAccount, setHolderName, setErrors],
  )
  // No region from the query or the draft: the location city (the last region the user chose), where served.
  const start = useCallback(() => {
    if (cityCode) return
    const located = matchElectricArea(areas.data, undefined, useLocationCityStore.getState().city)
    if (located) {
      setCityCode(located.cityCode)
      setElectricType(located.electricType)
    }
  }, [areas.data, cityCode, setCityCode, setElectricType])

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
      apply({
        account: item.content,
        electricType: item.electricType ?? undefined,
        electricAccountType: item.electricAccountType ?? undefined,
        province: item.province ?? undefined,
        city: item.city ?? undefined,
        name: item.name ?? undefined,
      }),
  }))

  return {
    fields: (errors) => (
      <>
        <ElectricAccountFields areas={areas.data ?? []} fields={electric} errors={errors} clear={clear} />
        {needs.sixId ? (
          <SixIdField value={sixId} onChange={fieldChange(clear, 'sixId', setSixId)} error={errors.sixId} />
        ) : null}
      </>
    ),
    chips,
    draft: typed,
    parValue: catalogue?.find((item) => item.electricType === electricType)?.parValue,
    faceValuesPending: electricType ? undefined : 'amountsAfterRegion',
    // The supplier's lookup once the region and a well-formed account are known: the holder before the amount.
    checkInput:
      area && electricType && !validateField(account, electricAccountRules)
        ? {
            lifePayOrderType: LifePayOrderType.Electric,
            account,
            electricType,
            province: area.provinceCode,
            city: area.cityCode,
          }
        : undefined,
    ready: areas.data !== undefined,
    apply,
    start,
    check: (face) => ({
      errors: {
        ...electricAccountErrors(electric, area, locale),
        sixId: needs.sixId ? fieldError(normalizeSixId(sixId), sixIdRules, locale) : undefined,
      },
      order: face &&
        area &&
        electricType && {
          ...face,
          electricAccount: account,
          electricType,
          electricAccountType: needs.electricAccountType ? accountType : undefined,
          province: area.provinceCode,
          city: area.cityCode,
          sixID: needs.sixId ? normalizeSixId(sixId) : undefined,
          name: needHolderName ? holderName.trim() : undefined,
        },
    }),
  }
}

/** Electricity top-up: the account in its region, the grid's face values at the electricity rate. */
export const electricRecharge: RechargeKindForm<'electric', CreateElectricOrderInput> = {
  kind: 'electric',
  useCatalogue: () => useQuery(getElectricParValueQueryOptions()),
  // Looked up when the order goes, not when this module loads (tests replace the export).
  createOrder: (input, options) => createLifePayElectricOrder(input, options),
  useAccount: useElectricRechargeAccount,
}
