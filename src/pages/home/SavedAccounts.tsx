import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { UseQueryResult } from '@tanstack/react-query'
import { lifePayOrderTypeLabels } from '@domain/lifePayOrderType'
import { label } from '@domain/locale'
import { maskLifePayAccount } from '@domain/mask'
import { useLocaleStore } from '../../i18n/i18n'
import { useMessages } from '../../i18n/messages'
import { pagePath } from '../../routes'
import type { UserAccount } from '@contract/lifePay'
import { homeMessages } from './messages'
import SectionCard from './SectionCard'
import { accountTopUpUrl } from './topUpLinks'
import TopUpRow from './TopUpRow'

const SHOWN = 4

/** The user's saved accounts: one tap opens the top-up with the number filled in. */
export default function SavedAccounts({ query }: { query: UseQueryResult<UserAccount[]> }) {
  const m = useMessages(homeMessages)
  const locale = useLocaleStore((s) => s.locale)
  const accounts = query.data ?? []
  const openList = () => void Taro.navigateTo({ url: pagePath('userAccountList') })
  return (
    <SectionCard
      title={m('savedAccounts')}
      action={{ text: m('manage'), onClick: openList }}
      status={query.isPending ? 'loading' : query.isError ? 'error' : accounts.length === 0 ? 'empty' : 'ready'}
      skeletonRows={SHOWN}
      onRetry={() => void query.refetch()}
      empty={
        <>
          <Text>{m('savedEmpty')}</Text>
          <View className='lp-section__retry' role='button' tabIndex={0} onClick={openList}>
            {m('addAccount')}
          </View>
        </>
      }
    >
      {accounts.slice(0, SHOWN).map((account) => {
        const typeName = label(lifePayOrderTypeLabels, account.lifePayType, locale)
        const number = maskLifePayAccount(account.lifePayType, account.content)
        return (
          <TopUpRow
            key={account.id}
            type={account.lifePayType}
            title={account.remark || number}
            subtitle={account.remark ? `${typeName} · ${number}` : typeName}
            actionText={m('topUp')}
            onClick={() => void Taro.navigateTo({ url: accountTopUpUrl(account) })}
          />
        )
      })}
    </SectionCard>
  )
}
