import { useQuery } from '@tanstack/react-query'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'
import FaceValueGrid from '../../../components/lifePayFields/FaceValueGrid'
import FormField from '../../../components/lifePayFields/FormField'
import GasProviderPicker from '../../../components/lifePayFields/GasProviderPicker'
import TextField from '../../../components/lifePayFields/TextField'
import { faceValuePrice } from '../../../components/lifePayFields/faceValuePrice'
import { lettersAndDigitsOnly } from '../../../components/lifePayFields/inputFilters'
import { fieldMessages } from '../../../components/lifePayFields/messages'
import { gasProviderLabels, type GasProvider } from '../../../domain/gas'
import { LifePayOrderType } from '../../../domain/lifePayOrderType'
import { label } from '../../../domain/locale'
import { maskAccount } from '../../../domain/mask'
import { offeredFaceValues } from '../../../domain/price'
import { LifePayRateType } from '../../../domain/rateType'
import { validationMessage } from '../../../domain/validationMessages'
import { gasAccount, required, validateField } from '../../../domain/validators'
import { useRate } from '../../../hooks/useRate'
import { useUserAccounts } from '../../../hooks/useUserAccounts'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { createLifePayGasOrder, getGasParValue } from '../../../services/api/lifePay'
import { queryKeys } from '../../../services/queryKeys'
import { useRechargeDraftStore } from '../hooks/rechargeDraftStore'
import { serverRefusal } from '../hooks/serverRefusal'
import { useEnsureLoggedIn } from '../hooks/useEnsureLoggedIn'
import { useOrderSubmit } from '../hooks/useOrderSubmit'
import { useRechargePrefill } from '../hooks/useRechargePrefill'
import { rechargeMessages } from '../messages'
import { selectPayTypeUrl } from '../rechargeRoutes'
import SavedAccountChips, { type SavedAccountChip } from './SavedAccountChips'
import SubmitBar from './SubmitBar'
import './recharge.scss'

export interface GasRechargeFormProps {
  parValue?: number
  accountId?: string
  fromOrderNo?: string
}

type GasErrors = Partial<Record<'provider' | 'account' | 'faceValue' | 'form', string>>

/** Gas top-up: provider, account number, face value. */
export default function GasRechargeForm(props: GasRechargeFormProps) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(rechargeMessages)
  const f = useMessages(fieldMessages)
  const ensureLoggedIn = useEnsureLoggedIn()

  const fromQuery = !!(props.accountId || props.fromOrderNo)
  const draft = fromQuery ? undefined : useRechargeDraftStore.getState().gas
  const [provider, setProvider] = useState<GasProvider | undefined>(draft?.provider)
  const [account, setAccount] = useState(draft?.account ?? '')
  const [faceValue, setFaceValue] = useState<number | undefined>(props.parValue ?? draft?.faceValue)
  const [errors, setErrors] = useState<GasErrors>({})

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

  const parValues = useQuery({ queryKey: queryKeys.gasParValue, queryFn: getGasParValue, staleTime: 5 * 60 * 1000 })
  const available = parValues.data?.map((item) => item.gasOrgType)
  const faceValues = offeredFaceValues(parValues.data?.find((item) => item.gasOrgType === provider)?.parValue)
  const chosenFace = faceValue !== undefined && faceValues.includes(faceValue) ? faceValue : undefined
  const rate = useRate().rateOf(LifePayRateType.DefaultGas)
  const price = chosenFace !== undefined && rate !== undefined ? faceValuePrice(chosenFace, rate) : undefined

  const saved = useUserAccounts(LifePayOrderType.Gas)
  const chips: SavedAccountChip[] = (saved.data ?? []).map((item) => ({
    key: item.id,
    title: item.remark || (item.gasOrgType ? label(gasProviderLabels, item.gasOrgType, locale) : maskAccount(item.content)),
    subtitle: maskAccount(item.content),
    selected: item.content === account && item.gasOrgType === provider,
    onPick: () => {
      setProvider(item.gasOrgType ?? undefined)
      setAccount(item.content)
      setErrors({})
    },
  }))

  const { submit, submitting } = useOrderSubmit(createLifePayGasOrder)
  const onSubmit = async () => {
    const accountKey = validateField(account, [required, gasAccount])
    const next: GasErrors = {
      provider: provider ? undefined : m('pickGasProvider'),
      account: accountKey ? validationMessage(accountKey, locale) : undefined,
      faceValue: chosenFace === undefined ? m('pickFaceValue') : undefined,
    }
    setErrors(next)
    if (Object.values(next).some(Boolean) || !provider || chosenFace === undefined) return
    if (!ensureLoggedIn()) return
    try {
      const order = await submit({ parValue: chosenFace, gasAccount: account, gasOrgType: provider })
      if (order) void Taro.navigateTo({ url: selectPayTypeUrl(order.orderNo, 'gas') })
    } catch (error) {
      const refusal = serverRefusal(error)
      if (refusal) setErrors({ [refusal.field === 'faceValue' ? 'faceValue' : 'form']: refusal.message })
    }
  }

  const clear = (key: keyof GasErrors) => setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e))

  return (
    <View className='lp-recharge'>
      <View className='lp-recharge__hero'>
        <Text className='lp-recharge__hero-title'>{m('gasTitle')}</Text>
        <Text className='lp-recharge__hero-sub'>{m('arrivalNote')}</Text>
      </View>
      <View className='lp-card'>
        <SavedAccountChips chips={chips} />
        <GasProviderPicker
          value={provider}
          available={available}
          error={errors.provider}
          onChange={(value) => {
            setProvider(value)
            clear('provider')
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
              clear('account')
            }}
          />
        </FormField>
      </View>
      <View className='lp-card'>
        <FaceValueGrid
          faceValues={faceValues}
          discountPercent={rate}
          value={chosenFace}
          error={errors.faceValue}
          emptyText={provider ? undefined : m('amountsAfterGasProvider')}
          onChange={(value) => {
            setFaceValue(value)
            clear('faceValue')
          }}
        />
      </View>
      {errors.form ? (
        <View className='lp-banner-error' role='alert'>
          {errors.form}
        </View>
      ) : null}
      <SubmitBar
        priceFen={price?.priceFen}
        savingFen={price?.savingFen}
        buttonText={m('topUpNow')}
        busy={submitting}
        busyText={m('creating')}
        onSubmit={() => void onSubmit()}
      />
    </View>
  )
}
