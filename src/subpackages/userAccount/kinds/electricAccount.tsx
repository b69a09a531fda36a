import { useEffect, useRef } from 'react'
import type { UserAccount } from '@contract/lifePay'
import ElectricAccountFields from '../../../components/lifePayFields/ElectricAccountFields'
import { electricAccountErrors } from '../../../components/lifePayFields/accountFieldErrors'
import { ElectricAccountType } from '@domain/electric'
import { matchElectricArea } from '@domain/electricArea'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { orderRequirements } from '@domain/orderRequirements'
import { useElectricAccount } from '../../../hooks/useElectricAccount'
import { useElectricAreas } from '../../../hooks/useElectricAreas'
import { useLocaleStore } from '../../../i18n/i18n'
import { useLocationCityStore } from '../../../stores/locationCity'
import type { AccountFieldErrors, AccountKindFields, AccountKindForm } from './accountKind'

/**
 * Region (the grid follows), the account type (State Grid), number and the holder's name where the region asks for
 * it. Never the holder's ID number (Southern Grid's sixID): the top-up asks for it each time.
 */
function useElectricAccountFields(
  initial: UserAccount | undefined,
  { errors, clear }: AccountFieldErrors,
): AccountKindFields {
  const locale = useLocaleStore((s) => s.locale)
  const electric = useElectricAccount({
    electricType: initial?.electricType ?? undefined,
    accountType: initial ? (initial.electricAccountType ?? undefined) : ElectricAccountType.House,
    account: initial?.content ?? '',
    holderName: initial?.name ?? '',
  })
  const { cityCode, electricType, accountType, account, holderName, setCityCode, setElectricType } = electric
  const areas = useElectricAreas()
  const area = areas.data?.find((item) => item.cityCode === cityCode)

  const placed = useRef(false)
  useEffect(() => {
    if (placed.current || !areas.data) return
    placed.current = true
    // The saved account's own region; a new account starts in the location city (the last region chosen), where served.
    const match = initial
      ? matchElectricArea(areas.data, initial.province, initial.city)
      : matchElectricArea(areas.data, undefined, useLocationCityStore.getState().city)
    if (match) {
      setCityCode(match.cityCode)
      setElectricType(match.electricType)
    }
  }, [areas.data, initial, setCityCode, setElectricType])

  return {
    fields: <ElectricAccountFields areas={areas.data ?? []} fields={electric} errors={errors} clear={clear} />,
    check: () => ({
      errors: electricAccountErrors(electric, area, locale),
      content: area &&
        electricType && {
          content: account,
          electricType,
          electricAccountType: orderRequirements({ lifePayOrderType: LifePayOrderType.Electric, electricType })
            .electricAccountType
            ? accountType
            : undefined,
          province: area.provinceName,
          city: area.cityName,
          name: area.needHolderName ? holderName.trim() : undefined,
        },
    }),
  }
}

/** An electricity account in its region. */
export const electricAccount: AccountKindForm = {
  type: LifePayOrderType.Electric,
  pageTitle: 'page.editElectricUserAccount',
  intro: 'electricIntro',
  refusedAt: 'account',
  useFields: useElectricAccountFields,
}
