import { useQuery } from '@tanstack/react-query'
import { Text, View } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'
import GasAccountFields from '../../../components/lifePayFields/GasAccountFields'
import { gasProviderLabels, type GasProvider } from '@domain/gas'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { label } from '@domain/locale'
import { maskAccount } from '@domain/mask'
import { LifePayRateType } from '@domain/rateType'
import { validationMessage } from '@domain/validationMessages'
import { gasAccount, required, validateField } from '@domain/validators'
import { useFieldErrors } from '../../../hooks/useFieldErrors'
import { useUserAccounts } from '../../../hooks/useUserAccounts'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { getGasParValueQueryOptions } from '../../../services/api/catalog'
import { createLifePayGasOrder } from '../../../services/api/orders'
import { useRechargeDraftStore } from '../hooks/rechargeDraftStore'
import { useAccountCheck } from '../hooks/useAccountCheck'
import { useFaceValueOffer } from '../hooks/useFaceValueOffer'
import { usePlaceOrder } from '../hooks/usePlaceOrder'
import { useRechargePrefill } from '../hooks/useRechargePrefill'
import { rechargeMessages } from '../messages'
import AccountCheckStatus from './AccountCheckStatus'
import SavedAccountChips, { type SavedAccountChip } from './SavedAccountChips'
import RechargeFormFooter from './RechargeFormFooter'
import './recharge.scss'

export interface GasRechargeFormProps {
  parValue?: number
  accountId?: string
  fromOrderNo?: string
}

type GasErrorKey = 'provider' | 'account' | 'faceValue' | 'form'

/** Gas top-up: provider, account number, face value. */
export default function GasRechargeForm(props: GasRechargeFormProps) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(rechargeMessages)

  const fromQuery = !!(props.accountId || props.fromOrderNo)
  const draft = fromQuery ? undefined : useRechargeDraftStore.getState().gas
  const [provider, setProvider] = useState<GasProvider | undefined>(draft?.provider)
  const [account, setAccount] = useState(draft?.account ?? '')
  const [faceValue, setFaceValue] = useState<number | undefined>(props.parValue ?? draft?.faceValue)
  const fieldErrors = useFieldErrors<GasErrorKey>()
  const { errors, setErrors, clear } = fieldErrors

  const { prefill } = useRechargePrefill(props.accountId, props.fromOrderNo)
  const prefillApplied = useRef(false)
  useEffect(() => {
    if (!prefill || prefillApplied.current) return
    prefillApplied.current = true
    setProvider(prefill.gasOrgType)
    setAccount(prefill.account)
    if (prefill.parValue !== undefined) setFaceValue(prefill.parValue)
  }, [prefill])

  useEffect(() => {
    useRechargeDraftStore.setState({ gas: { provider, account, faceValue } })
  }, [provider, account, faceValue])

  const parValues = useQuery(getGasParValueQueryOptions())
  const available = parValues.data?.map((item) => item.gasOrgType)
  const offered = parValues.data?.find((item) => item.gasOrgType === provider)?.parValue
  const offer = useFaceValueOffer(offered, faceValue, setFaceValue, LifePayRateType.DefaultGas, parValues)

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

  // Said in place of the face values until the account fields tell which are offered.
  const faceValuesPending = provider ? undefined : m('amountsAfterGasProvider')

  // The supplier's lookup once the gas company and a well-formed account are known (issue 20).
  const accountCheck = useAccountCheck(
    provider && !validateField(account, [required, gasAccount])
      ? { lifePayOrderType: LifePayOrderType.Gas, account, gasOrgType: provider }
      : undefined,
  )
  // A wrong account is the account field's error, until the user changes it.
  const shownErrors =
    accountCheck.state === 'notFound' && !errors.account ? { ...errors, account: m('accountNotFound') } : errors

  const order = usePlaceOrder(createLifePayGasOrder, 'gas', setErrors, () => {
    const accountKey = validateField(account, [required, gasAccount])
    const next: Partial<Record<GasErrorKey, string>> = {
      provider: provider ? undefined : m('pickGasProvider'),
      account: accountKey ? validationMessage(accountKey, locale) : undefined,
      faceValue: offer.chosen === undefined ? m('pickFaceValue') : undefined,
    }
    // No money towards an account the supplier does not know, nor before it has answered.
    if (!next.account && accountCheck.state === 'notFound') next.account = m('accountNotFound')
    if (accountCheck.state === 'checking') next.form = m('accountStillChecking')
    setErrors(next)
    if (Object.values(next).some(Boolean) || !provider || offer.chosen === undefined) return undefined
    return {
      parValue: offer.chosen,
      gasAccount: account,
      gasOrgType: provider,
      expectedPayAmount: offer.expectedPayAmount,
    }
  })

  return (
    <View className='lp-recharge'>
      <View className='lp-recharge__hero'>
        <Text className='lp-recharge__hero-title'>{m('gasTitle')}</Text>
        <Text className='lp-recharge__hero-sub'>{m('arrivalNote')}</Text>
      </View>
      <View className='lp-card'>
        <SavedAccountChips chips={chips} />
        <GasAccountFields
          provider={provider}
          available={available}
          account={account}
          errors={shownErrors}
          clear={clear}
          setProvider={setProvider}
          setAccount={setAccount}
        />
        <AccountCheckStatus check={accountCheck} />
      </View>
      <RechargeFormFooter offer={offer} fieldErrors={fieldErrors} order={order} emptyText={faceValuesPending} />
    </View>
  )
}
