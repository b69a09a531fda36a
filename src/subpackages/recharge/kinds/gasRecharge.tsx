import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import type { CreateGasOrderInput } from '@contract/lifePay'
import GasAccountFields from '../../../components/lifePayFields/GasAccountFields'
import { gasAccountErrors, gasAccountRules } from '../../../components/lifePayFields/accountFieldErrors'
import { gasProviderLabels } from '@domain/gas'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { label } from '@domain/locale'
import { maskAccount } from '@domain/mask'
import { LifePayRateType } from '@domain/rateType'
import { validateField } from '@domain/validators'
import { useGasAccount } from '../../../hooks/useGasAccount'
import { useUserAccounts } from '../../../hooks/useUserAccounts'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { createLifePayGasOrder } from '../../../services/api/lifePay'
import { getGasParValueQueryOptions } from '../../../services/api/lifePayQueries'
import SavedAccountChips, { type SavedAccountChip } from '../components/SavedAccountChips'
import type { RechargePrefill } from '../hooks/useRechargePrefill'
import { rechargeMessages } from '../messages'
import type { RechargeAccount, RechargeAccountContext, RechargeKindForm } from './rechargeKind'

/** The gas company (those that can be topped up), the account number, and the saved accounts. */
function useGasRechargeAccount({
  draft,
  fieldErrors,
}: RechargeAccountContext<'gas'>): RechargeAccount<'gas', CreateGasOrderInput> {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(rechargeMessages)
  const { setErrors, clear } = fieldErrors
  const gas = useGasAccount({ provider: draft?.provider, account: draft?.account ?? '' })
  const { provider, account, setProvider, setAccount } = gas
  const typed = useMemo(() => ({ provider, account }), [provider, account])

  const parValues = useQuery(getGasParValueQueryOptions())

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
      <>
        <SavedAccountChips chips={chips} />
        <GasAccountFields
          available={parValues.data?.map((item) => item.gasOrgType)}
          fields={gas}
          errors={errors}
          clear={clear}
        />
      </>
    ),
    draft: typed,
    parValue: parValues.data?.find((item) => item.gasOrgType === provider)?.parValue,
    catalogue: parValues,
    faceValuesPending: provider ? undefined : m('amountsAfterGasProvider'),
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
  pageTitle: 'page.gasBillRecharge',
  title: 'gasTitle',
  rateType: LifePayRateType.DefaultGas,
  // Looked up when the order goes, not when this module loads (tests replace the export).
  createOrder: (input, options) => createLifePayGasOrder(input, options),
  startsFromDraft: (query) => !(query.accountId || query.fromOrderNo),
  useAccount: useGasRechargeAccount,
}
