import { useQuery } from '@tanstack/react-query'
import type { UserAccount } from '@contract/lifePay'
import GasAccountFields from '../../../components/lifePayFields/GasAccountFields'
import { gasAccountErrors } from '../../../components/lifePayFields/accountFieldErrors'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { useGasAccount } from '../../../hooks/useGasAccount'
import { useLocaleStore } from '../../../i18n/i18n'
import { getGasParValueQueryOptions } from '../../../services/api/catalog'
import type { AccountFieldErrors, AccountKindFields, AccountKindForm } from './accountKind'

/** The gas company (those that can be topped up, as on the top-up page) and the account number. */
function useGasAccountFields(
  initial: UserAccount | undefined,
  { errors, clear }: AccountFieldErrors,
): AccountKindFields {
  const locale = useLocaleStore((s) => s.locale)
  const gas = useGasAccount({ provider: initial?.gasOrgType ?? undefined, account: initial?.content ?? '' })
  const parValues = useQuery(getGasParValueQueryOptions())
  const available = parValues.data?.map((item) => item.gasOrgType)
  return {
    fields: <GasAccountFields available={available} fields={gas} errors={errors} clear={clear} />,
    check: () => ({
      errors: gasAccountErrors(gas, locale),
      content: gas.provider && { content: gas.account, gasOrgType: gas.provider },
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
