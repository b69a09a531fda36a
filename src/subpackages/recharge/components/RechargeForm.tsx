import { Text, View } from '@tarojs/components'
import { orderRateType } from '@domain/rateType'
import { useEffect, useRef, useState } from 'react'
import FaceValueGrid from '../../../components/lifePayFields/FaceValueGrid'
import { useFieldErrors } from '../../../hooks/useFieldErrors'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { rechargeOrderType, type RechargeFormQuery, type RechargeKind } from '../../../routes'
import { keepRechargeDraft, readRechargeDraft } from '../hooks/rechargeDraftStore'
import { useAccountCheck } from '../hooks/useAccountCheck'
import { useFaceValueOffer } from '../hooks/useFaceValueOffer'
import { usePlaceOrder } from '../hooks/usePlaceOrder'
import { useRechargePrefill } from '../hooks/useRechargePrefill'
import type { RechargeErrorKey, RechargeErrors, RechargeKindForm } from '../kinds/rechargeKind'
import { rechargeFormMessages } from '../formMessages'
import AccountCheckStatus from './AccountCheckStatus'
import SavedAccountChips from './SavedAccountChips'
import SubmitBar from './SubmitBar'
import './recharge.scss'

export interface RechargeFormProps<
  K extends RechargeKind,
  I extends { idempotencyKey: string },
> extends RechargeFormQuery {
  /** The kind of account topped up; fixed for the form's life (its fields are hooks of the form). */
  kind: RechargeKindForm<K, I>
}

/**
 * Every top-up form: the kind's account fields, the face values with their price, a refusal that belongs to no field,
 * and the bar that places the order. The account named by the page query (a saved account, an earlier order) is filled
 * in once it has loaded; else the form starts from what the user typed on it last.
 */
export default function RechargeForm<K extends RechargeKind, I extends { idempotencyKey: string }>({
  kind,
  ...query
}: RechargeFormProps<K, I>) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(rechargeFormMessages)
  const { useAccount, useCatalogue } = kind
  const kindName: RechargeKind = kind.kind
  const startsFromDraft =
    kind.startsFromDraft ?? ((named: RechargeFormQuery) => !(named.accountId || named.fromOrderNo))
  const [draft] = useState(() => (startsFromDraft(query) ? readRechargeDraft(kind.kind) : undefined))
  const [faceValue, setFaceValue] = useState<number | undefined>(query.parValue ?? draft?.faceValue)
  const fieldErrors = useFieldErrors<RechargeErrorKey>()
  const { errors, setErrors, clear } = fieldErrors
  const catalogue = useCatalogue()
  const account = useAccount({ query, draft, fieldErrors, locale, catalogue: catalogue.data })

  const { prefill, pending } = useRechargePrefill(query.accountId, query.fromOrderNo)
  const { ready, apply, start } = account
  const started = useRef(false)
  const prefilled = useRef(false)
  useEffect(() => {
    if (!ready || pending) return
    if (prefill && !prefilled.current) {
      prefilled.current = started.current = true
      apply(prefill)
      if (prefill.parValue !== undefined) setFaceValue(prefill.parValue)
    } else if (!started.current) {
      started.current = true
      start?.()
    }
  }, [ready, pending, prefill, apply, start])

  const typed = account.draft
  useEffect(() => keepRechargeDraft(kind.kind, { ...typed, faceValue }), [kind.kind, typed, faceValue])

  const offer = useFaceValueOffer(
    account.parValue,
    faceValue,
    setFaceValue,
    orderRateType[rechargeOrderType[kindName]],
    catalogue,
  )

  const accountCheck = useAccountCheck(account.checkInput)
  // A wrong account is the account field's error, until the user changes it.
  const shownErrors: RechargeErrors =
    accountCheck.state === 'notFound' && !errors.account ? { ...errors, account: m('accountNotFound') } : errors

  const order = usePlaceOrder(kind.createOrder, kind.kind, setErrors, () => {
    const face =
      offer.chosen === undefined ? undefined : { parValue: offer.chosen, expectedPayAmount: offer.expectedPayAmount }
    const checked = account.check(face)
    const next: RechargeErrors = { ...checked.errors, faceValue: face ? undefined : m('pickFaceValue') }
    // No money towards an account the supplier does not know, nor before it has answered.
    if (!next.account && accountCheck.state === 'notFound') next.account = m('accountNotFound')
    if (accountCheck.state === 'checking') next.form = m('accountStillChecking')
    setErrors(next)
    return Object.values(next).some(Boolean) ? undefined : checked.order
  })

  return (
    <View className='lp-recharge'>
      <View className='lp-recharge__hero'>
        <Text className='lp-recharge__hero-title'>{m(`${kindName}Title`)}</Text>
        <Text className='lp-recharge__hero-sub'>{m('arrivalNote')}</Text>
      </View>
      <View className='lp-card'>
        {account.chips ? <SavedAccountChips chips={account.chips} /> : null}
        {account.fields(shownErrors)}
        <AccountCheckStatus check={accountCheck} />
      </View>
      <View className='lp-card'>
        <FaceValueGrid
          faceValues={offer.faceValues}
          discountPercent={offer.rate}
          value={offer.chosen}
          error={errors.faceValue}
          emptyText={account.faceValuesPending && m(account.faceValuesPending)}
          status={offer.status}
          onRetry={offer.retry}
          onChange={(value) => {
            offer.choose(value)
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
        priceFen={offer.price?.priceFen}
        savingFen={offer.price?.savingFen}
        buttonText={m('topUpNow')}
        busy={order.submitting}
        busyText={m('creating')}
        onSubmit={() => void order.submit()}
      />
    </View>
  )
}
