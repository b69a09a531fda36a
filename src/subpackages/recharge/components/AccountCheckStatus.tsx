import { Text, View } from '@tarojs/components'
import { formatYuan } from '@domain/price'
import { useMessages } from '../../../i18n/messages'
import type { AccountCheckState } from '../hooks/useAccountCheck'
import { rechargeFormMessages } from '../formMessages'
import './accountCheck.scss'

/**
 * What the supplier said of the account, right under the account fields: checking, the masked holder with the
 * balance or amount owed, or that it cannot check now. A wrong account is the account field's own error (role=alert),
 * not said here twice.
 */
export default function AccountCheckStatus({ check }: { check: AccountCheckState }) {
  const m = useMessages(rechargeFormMessages)
  if (check.state === 'idle' || check.state === 'notFound') return null
  if (check.state === 'checking') {
    return (
      <View className='lp-account-check lp-account-check--checking' role='status'>
        {m('accountChecking')}
      </View>
    )
  }
  if (check.state === 'unavailable') {
    return (
      <View className='lp-account-check lp-account-check--unavailable' role='status'>
        {m('accountCheckUnavailable')}
      </View>
    )
  }
  const { holderName, balance, owed } = check.check
  return (
    <View className='lp-account-check lp-account-check--found lp-account-check--items' role='status'>
      {holderName ? <Text className='lp-account-check__holder'>{m('accountHolder', { name: holderName })}</Text> : null}
      {owed !== null ? (
        <Text className='lp-account-check__owed'>{m('accountOwed', { amount: formatYuan(owed) })}</Text>
      ) : balance !== null ? (
        <Text className='lp-account-check__balance'>{m('accountBalance', { amount: formatYuan(balance) })}</Text>
      ) : null}
    </View>
  )
}
