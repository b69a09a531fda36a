import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import type { CreateGasOrderInput } from '@contract/lifePay'
import GasAccountFields from '../../../components/lifePayFields/GasAccountFields'
import { gasAccountErrors, gasAccountRules } from '../../../components/lifePayFields/accountFieldErrors'
import { gasProviderLabels } from '@domain/gas'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { label } from '@domain/locale'
import { maskAccount } from '@domain/mask'
import { validateField } from '@domain/validators'
import { useGasAccount } from '../../../hooks/useGasAccount'
import { useUserAccounts } from '../../../hooks/useUserAccounts'
import { createLifePayGasOrder } from '../../../services/api/orders'
import { getGasParValueQueryOptions } from '../../../services/api/catalog'
import type { SavedAccountChip } from '../components/SavedAccountChips'
import type { RechargePrefill } from '../hooks/useRechargePrefill'
import type { RechargeAccount, RechargeAccountContext, RechargeKindForm } from './rechargeKind'

/** The gas company (those that can be topped up), the account number, and the saved accounts. */
function useGasRechargeAccount(context: RechargeAccountContext<'gas'>): RechargeAccount<'gas', CreateGasOrderInput> {
  const { draft, locale, catalogue } = context
  const { setErrors, clear } = context.fieldErrors
  const gas = useGasAccount({ provider: draft?.provider, account: draft?.account ?? '' })
  const { provider, account, setProvider, setAccount } = gas
  const typed = useMemo(() => ({ provider, account }), [provider, account])

  const saved = useUserAccounts(LifePayOrderType.Gas)
  const chips: SavedAccountChip[] = (saved.data ?? []).map((item) => ({
    key: item.id,
    title:
      item.remark || (item.gasOrgType ? label(gasProviderLabels, item.gasOrgType, locale) : maskAccount(item.content)),
    subtitle: maskAccount(item.content),
    selected: item.content === account && item.gasOrgType === provider,
    onPick: () => {
      setProvider(item.gasOrgType ?? undefined)
      setAccount(item.content)
      setErrors({})
    },
  }))

  const apply = useCallback(
    (prefill: RechargePrefill) => {
      setProvider(prefill.gasOrgType)
      setAccount(prefill.account)
    },
    [setProvider, setAccount],
  )

  return {
    fields: (errors) => (
      <GasAccountFields
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
    ready: true,
    apply,
    check: (face) => ({
      errors: gasAccountErrors(gas, locale),
      order: face && provider && { ...face, gasAccount: account, gasOrgType: provider },
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
