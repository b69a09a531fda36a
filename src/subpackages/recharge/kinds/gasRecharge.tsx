import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import type { CreateGasOrderInput } from '@contract/lifePay'
import GasAccountFields from '../../../components/lifePayFields/GasAccountFields'
import { gasAccountErrors, gasAccountRules } from '../../../components/lifePayFields/accountFieldErrors'
import { matchElectricArea } from '@domain/electricArea'
import { gasProviderLabels } from '@domain/gas'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { label } from '@domain/locale'
import { maskAccount } from '@domain/mask'
import { validateField } from '@domain/validators'
import { useGasAccount } from '../../../hooks/useGasAccount'
import { useRegionAreas } from '../../../hooks/useRegionAreas'
import { useUserAccounts } from '../../../hooks/useUserAccounts'
import { createLifePayGasOrder } from '../../../services/api/orders'
import { getGasParValueQueryOptions } from '../../../services/api/catalog'
import { useLocationCityStore } from '../../../stores/locationCity'
import type { SavedAccountChip } from '../components/SavedAccountChips'
import type { RechargePrefill } from '../hooks/useRechargePrefill'
import type { RechargeAccount, RechargeAccountContext, RechargeKindForm } from './rechargeKind'

/**
 * The city the account is in (an order names its province and city), the gas company (those that can be topped up),
 * the account number, and the saved accounts.
 */
function useGasRechargeAccount(context: RechargeAccountContext<'gas'>): RechargeAccount<'gas', CreateGasOrderInput> {
  const { draft, locale, catalogue } = context
  const { setErrors, clear } = context.fieldErrors
  const gas = useGasAccount({ cityCode: draft?.cityCode, provider: draft?.provider, account: draft?.account ?? '' })
  const { cityCode, provider, account, setCityCode, setProvider, setAccount } = gas
  const typed = useMemo(() => ({ cityCode, provider, account }), [cityCode, provider, account])

  const areas = useRegionAreas()
  const area = areas.data?.find((item) => item.cityCode === cityCode)
  /** A saved account's or an earlier order's city (codes or names); the one chosen stays when it has none. */
  const place = useCallback(
    (province: string | null | undefined, city: string | null | undefined) => {
      const match = matchElectricArea(areas.data, province, city)
      if (match) setCityCode(match.cityCode)
    },
    [areas.data, setCityCode],
  )

  const saved = useUserAccounts(LifePayOrderType.Gas)
  const chips: SavedAccountChip[] = (saved.data ?? []).map((item) => ({
    key: item.id,
    title:
      item.remark || (item.gasOrgType ? label(gasProviderLabels, item.gasOrgType, locale) : maskAccount(item.content)),
    subtitle: maskAccount(item.content),
    selected: item.content === account && item.gasOrgType === provider,
    onPick: () => {
      place(item.province, item.city)
      setProvider(item.gasOrgType ?? undefined)
      setAccount(item.content)
      setErrors({})
    },
  }))

  const apply = useCallback(
    (prefill: RechargePrefill) => {
      place(prefill.province, prefill.city)
      setProvider(prefill.gasOrgType)
      setAccount(prefill.account)
    },
    [place, setProvider, setAccount],
  )
  // No city from the query or the draft: the location city (the last region the user chose), when it is one.
  const start = useCallback(() => {
    if (!cityCode) place(undefined, useLocationCityStore.getState().city)
  }, [cityCode, place])

  return {
    fields: (errors) => (
      <GasAccountFields
        areas={areas.data ?? []}
        available={catalogue?.map((item) => item.gasOrgType)}
        fields={gas}
        errors={errors}
        clear={clear}
      />
    ),
    chips,
    draft: typed,
    parValue: catalogue?.find((item) => item.gasOrgType === provider)?.parValue,
    faceValuesPending: provider ? undefined : 'amountsAfterGasProvider',
    // The supplier's lookup once the gas company and a well-formed account are known.
    checkInput:
      provider && !validateField(account, gasAccountRules)
        ? { lifePayOrderType: LifePayOrderType.Gas, account, gasOrgType: provider }
        : undefined,
    ready: areas.data !== undefined,
    apply,
    start,
    check: (face) => ({
      errors: gasAccountErrors(gas, area, locale),
      order: face &&
        provider &&
        area && {
          ...face,
          gasAccount: account,
          gasOrgType: provider,
          province: area.provinceCode,
          city: area.cityCode,
        },
    }),
  }
}

/** Gas top-up: the account with its company, the company's face values at the gas rate. */
export const gasRecharge: RechargeKindForm<'gas', CreateGasOrderInput> = {
  kind: 'gas',
  useCatalogue: () => useQuery(getGasParValueQueryOptions()),
  // Looked up when the order goes, not when this module loads (tests replace the export).
  createOrder: (input, options) => createLifePayGasOrder(input, options),
  useAccount: useGasRechargeAccount,
}
