import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import GasAccountFields from '../../../components/lifePayFields/GasAccountFields'
import type { GasProvider } from '@domain/gas'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { gasAccount, remark as remarkRule, required } from '@domain/validators'
import { useFieldErrors } from '../../../hooks/useFieldErrors'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { getGasParValueQueryOptions } from '../../../services/api/catalog'
import type { UserAccount } from '@contract/lifePay'
import { fieldError } from '../accountForm'
import { useSaveAccount } from '../hooks/useSaveAccount'
import { accountMessages } from '../messages'
import AccountFormFrame from './AccountFormFrame'
import RemarkField from './RemarkField'

type GasErrorKey = 'provider' | 'account' | 'remark'

/** A gas account: its company (those that can be topped up, as on the top-up page), number and a remark. */
export default function GasAccountForm({ initial }: { initial?: UserAccount }) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(accountMessages)
  const [provider, setProvider] = useState<GasProvider | undefined>(initial?.gasOrgType ?? undefined)
  const [account, setAccount] = useState(initial?.content ?? '')
  const [remark, setRemark] = useState(initial?.remark ?? '')
  const { errors, setErrors, clear } = useFieldErrors<GasErrorKey>()
  const { saveAndLeave, saving } = useSaveAccount()
  const parValues = useQuery(getGasParValueQueryOptions())
  const available = parValues.data?.map((item) => item.gasOrgType)

  const onSave = async () => {
    const next: Partial<Record<GasErrorKey, string>> = {
      provider: provider ? undefined : m('pickGasProvider'),
      account: fieldError(account, [required, gasAccount], locale),
      remark: fieldError(remark, [remarkRule], locale),
    }
    setErrors(next)
    if (next.provider || next.account || next.remark || !provider) return
    await saveAndLeave(
      {
        id: initial?.id,
        lifePayType: LifePayOrderType.Gas,
        content: account,
        gasOrgType: provider,
        remark: remark.trim(),
      },
      m('saved'),
      (message) => setErrors({ account: message }),
    )
  }

  return (
    <AccountFormFrame
      type={LifePayOrderType.Gas}
      intro={m('gasIntro')}
      saving={saving}
      onSave={() => void onSave()}
      accountId={initial?.id}
    >
      <GasAccountFields
        provider={provider}
        available={available}
        account={account}
        errors={errors}
        clear={clear}
        setProvider={setProvider}
        setAccount={setAccount}
      />
      <RemarkField
        value={remark}
        error={errors.remark}
        onChange={(value) => {
          setRemark(value)
          clear('remark')
        }}
      />
    </AccountFormFrame>
  )
}
