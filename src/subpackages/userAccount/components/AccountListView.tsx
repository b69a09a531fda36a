import { ScrollView, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import LifePayOrderTypeTabs from '../../../components/LifePayOrderTypeTabs'
import PageState from '../../../components/PageState'
import accountsArt from '../../../assets/empty/accounts.svg'
import { showToast } from '../../../components/toastStore'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { useUserAccounts } from '../../../hooks/useUserAccounts'
import { useMessages } from '../../../i18n/messages'
import { editAccountUrl, rechargeFormUrl, rechargeKindOf, topUpReminderUrl } from '../../../routes'
import { useDeleteAccount } from '../hooks/useDeleteAccount'
import { useRemindersOffered } from '../hooks/useRemindersOffered'
import { useElectricAreas } from '../../../hooks/useElectricAreas'
import { accountMessages, type AccountMessageKey } from '../messages'
import AccountCard, { accountName } from './AccountCard'
import type { UserAccount } from '@contract/lifePay'
import './AccountListView.scss'
import { useErrorText } from '../../../hooks/useErrorText'
import { useBottomBar } from '../../../components/bottomBar'

/** The add bar's height in design units: 20 + the 92 button + 20 (AccountListView.scss). */
const ADD_BAR_DESIGN_HEIGHT = 132

/** The add button at the bottom of a list (or of its error); toasts keep clear of it while it is there. */
function AddBar({ label, onAdd }: { label: string; onAdd: () => void }) {
  useBottomBar(ADD_BAR_DESIGN_HEIGHT)
  return (
    <View className='lp-account-list__bar'>
      <View className='lp-account-list__add' role='button' tabIndex={0} onClick={onAdd}>
        {label}
      </View>
    </View>
  )
}

/** The account's top-up form: the form loads the saved account (`accountId`); a phone number is shown at once. */
function topUpAccountUrl(account: UserAccount): string {
  const phone = account.lifePayType === LifePayOrderType.Phone ? account.content : undefined
  return rechargeFormUrl(rechargeKindOf[account.lifePayType], { phone, accountId: account.id })
}

const TAB_KEYS: readonly { type: LifePayOrderType; key: AccountMessageKey }[] = [
  { type: LifePayOrderType.Phone, key: 'tabPhone' },
  { type: LifePayOrderType.Electric, key: 'tabElectric' },
  { type: LifePayOrderType.Gas, key: 'tabGas' },
]

const ADD_KEYS: Record<LifePayOrderType, AccountMessageKey> = {
  [LifePayOrderType.Phone]: 'addPhone',
  [LifePayOrderType.Electric]: 'addElectric',
  [LifePayOrderType.Gas]: 'addGas',
}

const EMPTY_KEYS: Record<LifePayOrderType, AccountMessageKey> = {
  [LifePayOrderType.Phone]: 'emptyPhone',
  [LifePayOrderType.Electric]: 'emptyElectric',
  [LifePayOrderType.Gas]: 'emptyGas',
}

/** Saved accounts of one utility at a time, each with top up / edit / delete, and a way to add one. */
export default function AccountListView({ initialType = LifePayOrderType.Phone }: { initialType?: LifePayOrderType }) {
  const m = useMessages(accountMessages)
  const describeError = useErrorText()
  const [type, setType] = useState<LifePayOrderType>(initialType)
  const accounts = useUserAccounts(type)
  const { remove, deleting } = useDeleteAccount()
  const areas = useElectricAreas(type === LifePayOrderType.Electric)
  const remindersOffered = useRemindersOffered()
  const list = accounts.data ?? []

  const add = () => void Taro.navigateTo({ url: editAccountUrl(type) })
  const onDelete = async (account: UserAccount) => {
    if (await remove(account.id, accountName(account))) showToast('success', m('deleted'))
  }

  const status = accounts.isPending ? 'loading' : accounts.isError ? 'error' : list.length === 0 ? 'empty' : 'ready'
  // An empty list offers the add in its middle, as its one action; the bar would be a second, identical one. While
  // a tab loads, the bar stays as it was (hidden at first): shown and then taken away, or the reverse, the page jumps.
  const [barShown, setBarShown] = useState(false)
  const showBar = status === 'loading' ? barShown : status !== 'empty'
  if (showBar !== barShown) setBarShown(showBar)
  const addLabel = `+ ${m(ADD_KEYS[type])}`
  return (
    <View className='lp-account-list'>
      <LifePayOrderTypeTabs
        tabs={TAB_KEYS.map((tab) => ({ type: tab.type, label: m(tab.key) }))}
        value={type}
        onChange={setType}
      />
      <ScrollView key={type} className='lp-account-list__scroll' scrollY>
        <PageState
          status={status}
          errorText={describeError(accounts.error)}
          onRetry={() => void accounts.refetch()}
          emptyText={m(EMPTY_KEYS[type])}
          emptyArt={accountsArt}
          emptyAction={
            <View className='lp-state__action' role='button' tabIndex={0} onClick={add}>
              {addLabel}
            </View>
          }
        >
          <View className='lp-account-list__items' role='list'>
            {list.map((account) => (
              <AccountCard
                key={account.id}
                account={account}
                areas={areas.data}
                deleting={deleting === account.id}
                onTopUp={() => void Taro.navigateTo({ url: topUpAccountUrl(account) })}
                onEdit={() => void Taro.navigateTo({ url: editAccountUrl(account.lifePayType, account.id) })}
                onDelete={() => void onDelete(account)}
                onRemind={
                  remindersOffered ? () => void Taro.navigateTo({ url: topUpReminderUrl(account.id) }) : undefined
                }
              />
            ))}
          </View>
        </PageState>
      </ScrollView>
      {showBar ? <AddBar label={addLabel} onAdd={add} /> : null}
    </View>
  )
}
