import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import FormField from '../../../components/lifePayFields/FormField'
import GasProviderPicker from '../../../components/lifePayFields/GasProviderPicker'
import TextField from '../../../components/lifePayFields/TextField'
import { lettersAndDigitsOnly } from '../../../components/lifePayFields/inputFilters'
import { fieldMessages } from '../../../components/lifePayFields/messages'
import type { GasProvider } from '../../../domain/gas'
import { LifePayOrderType } from '../../../domain/lifePayOrderType'
import { gasAccount, remark as remarkRule, required } from '../../../domain/validators'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { getGasParValue } from '../../../services/api/lifePay'
import { queryKeys } from '../../../services/queryKeys'
import type { UserAccount } from '../../../../types/api/lifePay'
import { fieldError, leaveAfterSave, refusalMessage } from '../accountForm'
import { useSaveAccount } from '../hooks/useSaveAccount'
import { accountMessages } from '../messages'
import AccountFormFrame from './AccountFormFrame'
import RemarkField from './RemarkField'

type GasErrors = Partial<Record<'provider' | 'account' | 'remark', string>>

/** A gas account: its company (those that can be topped up, as on the top-up page), number and a remark. */
export default function GasAccountForm({ initial }: { initial?: UserAccount }) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(accountMessages)
  const f = useMessages(fieldMessages)
  const [provider, setProvider] = useState<GasProvider | undefined>(initial?.gasOrgType ?? undefined)
  const [account, setAccount] = useState(initial?.content ?? '')
  const [remark, setRemark] = useState(initial?.remark ?? '')
  const [errors, setErrors] = useState<GasErrors>({})
  const { save, saving } = useSaveAccount()
  const parValues = useQuery({ queryKey: queryKeys.gasParValue, queryFn: getGasParValue, staleTime: 5 * 60 * 1000 })
  const available = parValues.data?.map((item) => item.gasOrgType)

  const onSave = async () => {
    const next: GasErrors = {
      provider: provider ? undefined : m('pickGasProvider'),
      account: fieldError(account, [required, gasAccount], locale),
      remark: fieldError(remark, [remarkRule], locale),
    }
    setErrors(next)
    if (next.provider || next.account || next.remark || !provider) return
    try {
      const id = await save({ id: initial?.id, lifePayType: LifePayOrderType.Gas, content: account, gasOrgType: provider, remark: remark.trim() })
      if (id !== undefined) leaveAfterSave(LifePayOrderType.Gas, m('saved'))
    } catch (error) {
      setErrors({ account: refusalMessage(error) })
    }
  }

  return (
    <AccountFormFrame type={LifePayOrderType.Gas} intro={m('gasIntro')} saving={saving} onSave={() => void onSave()}>
      <GasProviderPicker
        value={provider}
        available={available}
        error={errors.provider}
        onChange={(value) => {
          setProvider(value)
          setErrors((e) => ({ ...e, provider: undefined }))
        }}
      />
      <FormField label={f('gasAccountLabel')} error={errors.account}>
        <TextField
          label={f('gasAccountLabel')}
          value={account}
          maxLength={20}
          filter={(text) => lettersAndDigitsOnly(text, 20)}
          placeholder={f('gasAccountPlaceholder')}
          onChange={(value) => {
            setAccount(value)
            setErrors((e) => ({ ...e, account: undefined }))
          }}
        />
      </FormField>
      <RemarkField
        value={remark}
        error={errors.remark}
        onChange={(value) => {
          setRemark(value)
          setErrors((e) => ({ ...e, remark: undefined }))
        }}
      />
    </AccountFormFrame>
  )
}
