import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { UserAccount } from '@contract/lifePay'
import GasAccountFields from '../../../components/lifePayFields/GasAccountFields'
import { gasAccountErrors } from '../../../components/lifePayFields/accountFieldErrors'
import { matchElectricArea } from '@domain/electricArea'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { useGasAccount } from '../../../hooks/useGasAccount'
import { useRegionAreas } from '../../../hooks/useRegionAreas'
import { useLocaleStore } from '../../../i18n/i18n'
import { getGasParValueQueryOptions } from '../../../services/api/catalog'
import { useLocationCityStore } from '../../../stores/locationCity'
import type { AccountFieldErrors, AccountKindFields, AccountKindForm } from './accountKind'

/**
 * The city the account is in (optional here, so a top-up from the account is complete when given), the gas company
 * (those that can be topped up, as on the top-up page) and the account number.
 */
function useGasAccountFields(
  initial: UserAccount | undefined,
  { errors, clear }: AccountFieldErrors,
): AccountKindFields {
  const locale = useLocaleStore((s) => s.locale)
  const gas = useGasAccount({ provider: initial?.gasOrgType ?? undefined, account: initial?.content ?? '' })
  const { setCityCode } = gas
  const parValues = useQuery(getGasParValueQueryOptions())
  const available = parValues.data?.map((item) => item.gasOrgType)
  const areas = useRegionAreas()
  const area = areas.data?.find((item) => item.cityCode === gas.cityCode)

  const placed = useRef(false)
  useEffect(() => {
    if (placed.current || !areas.data) return
    placed.current = true
    // The saved account's own city; a new account starts in the location city, when it is one.
    const match = initial
      ? matchElectricArea(areas.data, initial.province, initial.city)
      : matchElectricArea(areas.data, undefined, useLocationCityStore.getState().city)
    if (match) setCityCode(match.cityCode)
  }, [areas.data, initial, setCityCode])

  return {
    fields: (
      <GasAccountFields areas={areas.data ?? []} available={available} fields={gas} errors={errors} clear={clear} />
    ),
    check: () => ({
      errors: gasAccountErrors(gas, area, locale, true),
      content: gas.provider && {
        content: gas.account,
        gasOrgType: gas.provider,
        province: area?.provinceCode,
        city: area?.cityCode,
      },
    }),
  }
}

/** A gas account (SPEC §2: its page scrolls). */
export const gasAccount: AccountKindForm = {
  type: LifePayOrderType.Gas,
  pageTitle: 'page.editGasUserAccount',
  scrollable: true,
  intro: 'gasIntro',
  refusedAt: 'account',
  useFields: useGasAccountFields,
}
