import { Text, View } from '@tarojs/components'
import { carrierCodeLabels } from '@domain/carrier'
import { electricAccountTypeLabels, electricTypeLabels } from '@domain/electric'
import { gasProviderLabels } from '@domain/gas'
import { label, type Locale } from '@domain/locale'
import { maskLifePayAccount } from '@domain/mask'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import type { ElectricSupportArea, UserAccount } from '@contract/lifePay'
import { regionText } from '../../../components/lifePayFields/electricArea'
import { accountMessages } from '../messages'
import { reminderMessages } from '../reminderMessages'
import LifePayOrderTypeIcon from '../../../components/LifePayOrderTypeIcon'
import './AccountCard.scss'

/** Carrier; grid, region and account type; or gas company: what tells two accounts apart besides the number. */
export function accountDetails(account: UserAccount, locale: Locale, areas?: readonly ElectricSupportArea[]): string {
  const parts: (string | null)[] = []
  if (account.ispCode) parts.push(label(carrierCodeLabels, account.ispCode, locale))
  if (account.electricType) parts.push(label(electricTypeLabels, account.electricType, locale))
  if (account.province || account.city) parts.push(regionText(areas, account.province, account.city, locale))
  if (account.electricAccountType) parts.push(label(electricAccountTypeLabels, account.electricAccountType, locale))
  if (account.gasOrgType) parts.push(label(gasProviderLabels, account.gasOrgType, locale))
  return parts.filter(Boolean).join(' · ')
}

/** The account as its card names it: its remark and masked number, or the number alone. */
export function accountName(account: UserAccount): string {
  const masked = maskLifePayAccount(account.lifePayType, account.content)
  return account.remark ? `${account.remark} · ${masked}` : masked
}

interface AccountCardProps {
  account: UserAccount
  /** To name an electricity account's region (the server keeps its codes). */
  areas?: readonly ElectricSupportArea[]
  onTopUp: () => void
  onEdit: () => void
  onDelete: () => void
  /** "Remind me": set a top-up reminder on this account (issue 20); none where the back end has no reminders. */
  onRemind?: () => void
  deleting?: boolean
}

/** One saved account: remark, masked number, what it is, and top up / edit / delete. */
export default function AccountCard({
  account,
  areas,
  onTopUp,
  onEdit,
  onDelete,
  onRemind,
  deleting = false,
}: AccountCardProps) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(accountMessages)
  const r = useMessages(reminderMessages)
  const masked = maskLifePayAccount(account.lifePayType, account.content)
  const details = accountDetails(account, locale, areas)
  return (
    <View
      className={`lp-account-card${deleting ? ' lp-account-card--deleting' : ''}`}
      role='listitem'
      data-account-id={account.id}
    >
      <View className='lp-account-card__main'>
        <LifePayOrderTypeIcon type={account.lifePayType} />
        <View className='lp-account-card__text'>
          {/* Without a remark the number is the account's name, as the wallets show it: never a "no remark" title. */}
          <Text className='lp-account-card__remark'>{account.remark || masked}</Text>
          {account.remark ? <Text className='lp-account-card__number'>{masked}</Text> : null}
          {details ? <Text className='lp-account-card__details'>{details}</Text> : null}
        </View>
      </View>
      <View className='lp-account-card__actions'>
        <View
          className='lp-account-card__action lp-account-card__action--quiet'
          role='button'
          tabIndex={0}
          onClick={onDelete}
        >
          <Text className='lp-account-card__pill'>{m('delete')}</Text>
        </View>
        {onRemind ? (
          <View className='lp-account-card__action' role='button' tabIndex={0} onClick={onRemind}>
            <Text className='lp-account-card__pill'>{r('remindMe')}</Text>
          </View>
        ) : null}
        <View className='lp-account-card__action' role='button' tabIndex={0} onClick={onEdit}>
          <Text className='lp-account-card__pill'>{m('edit')}</Text>
        </View>
        <View
          className='lp-account-card__action lp-account-card__action--primary'
          role='button'
          tabIndex={0}
          onClick={onTopUp}
        >
          <Text className='lp-account-card__pill'>{m('topUp')}</Text>
        </View>
      </View>
    </View>
  )
}
