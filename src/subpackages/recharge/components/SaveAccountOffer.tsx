import { useQueryClient } from '@tanstack/react-query'
import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import type { LifePayOrderDetail } from '@contract/lifePay'
import { showToast } from '../../../components/toastStore'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { useUserAccounts } from '../../../hooks/useUserAccounts'
import { useMessages } from '../../../i18n/messages'
import { addUpdateUserAccountMutationOptions } from '../../../services/api/userAccounts'
import { rechargeMessages } from '../messages'
import './result.scss'

const orUndefined = <T,>(value: T | null): T | undefined => value ?? undefined

/** After a successful order: offers to keep its account among the saved ones, unless it already is. */
export default function SaveAccountOffer({ order }: { order: LifePayOrderDetail }) {
  const m = useMessages(rechargeMessages)
  const queryClient = useQueryClient()
  const saved = useUserAccounts(order.lifePayOrderType)
  const [state, setState] = useState<'offer' | 'saving' | 'saved'>('offer')
  if (!saved.data) return null
  const alreadySaved = saved.data.some(
    (account) =>
      account.content === order.account &&
      (order.lifePayOrderType !== LifePayOrderType.Gas || account.gasOrgType === order.gasOrgType),
  )
  if (alreadySaved && state === 'offer') return null

  const onSave = async () => {
    if (state !== 'offer') return
    setState('saving')
    // The shared save through the mutation cache, not useMutation: its observer would add 3.3 KiB to each of the three
    // result subpackages (docs/decisions/api-modules.md). Done once the saved accounts have read the change.
    const save = queryClient.getMutationCache().build(queryClient, addUpdateUserAccountMutationOptions)
    try {
      await save.execute({
        lifePayType: order.lifePayOrderType,
        content: order.account,
        ispCode: orUndefined(order.ispCode),
        electricType: orUndefined(order.electricType),
        electricAccountType: orUndefined(order.electricAccountType),
        gasOrgType: orUndefined(order.gasOrgType),
        province: orUndefined(order.province),
        city: orUndefined(order.city),
        name: orUndefined(order.name),
      })
      setState('saved')
      showToast('success', m('accountSaved'))
    } catch {
      setState('offer')
    }
  }

  return (
    <View className='lp-card lp-save-offer'>
      <View className='lp-save-offer__text'>
        <Text className='lp-save-offer__title'>{state === 'saved' ? m('accountSaved') : m('saveAccountTitle')}</Text>
        {state !== 'saved' ? <Text className='lp-save-offer__sub'>{m('saveAccountText')}</Text> : null}
      </View>
      {state !== 'saved' ? (
        <View
          className='lp-save-offer__button'
          role='button'
          tabIndex={0}
          aria-disabled={state === 'saving'}
          onClick={() => void onSave()}
        >
          {m('saveAccount')}
        </View>
      ) : null}
    </View>
  )
}
