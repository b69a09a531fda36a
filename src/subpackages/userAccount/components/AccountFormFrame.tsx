import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { ReactNode } from 'react'
import type { LifePayOrderType } from '@domain/lifePayOrderType'
import { useMessages } from '../../../i18n/messages'
import { topUpReminderUrl } from '../../../routes'
import { accountMessages } from '../messages'
import { reminderMessages } from '../reminderMessages'
import LifePayOrderTypeIcon from '../../../components/LifePayOrderTypeIcon'
import './AccountFormFrame.scss'
import { useBottomBar } from '../../../components/bottomBar'

/** The save bar's height in design units: 20 + the 92 button + 20 (AccountFormFrame.scss). */
const SAVE_BAR_DESIGN_HEIGHT = 132

interface AccountFormFrameProps {
  type: LifePayOrderType
  intro: string
  saving: boolean
  onSave: () => void
  /** A refusal that belongs to no single field. */
  formError?: string
  /** The saved account being edited: "Remind me" on it, as its list card has (a new account has nothing to remind). */
  accountId?: string
  children?: ReactNode
}

/** The edit pages' common shape: what the page is for, the fields in a card, and the save button. */
export default function AccountFormFrame({
  type,
  intro,
  saving,
  onSave,
  formError,
  accountId,
  children,
}: AccountFormFrameProps) {
  const m = useMessages(accountMessages)
  const r = useMessages(reminderMessages)
  useBottomBar(SAVE_BAR_DESIGN_HEIGHT)
  return (
    <View className='lp-account-form'>
      <View className='lp-account-form__intro'>
        <LifePayOrderTypeIcon type={type} />
        <Text className='lp-account-form__intro-text'>{intro}</Text>
      </View>
      <View className='lp-account-form__card'>{children}</View>
      {formError ? (
        <View className='lp-account-form__error' role='alert'>
          {formError}
        </View>
      ) : null}
      {accountId ? (
        <View
          className='lp-account-form__remind'
          role='button'
          tabIndex={0}
          onClick={() => void Taro.navigateTo({ url: topUpReminderUrl(accountId) })}
        >
          <Text className='lp-account-form__remind-title'>{r('remindMe')}</Text>
          <Text className='lp-account-form__remind-hint'>{r('remindHint')}</Text>
        </View>
      ) : null}
      <View className='lp-account-form__bar'>
        <View
          className={`lp-account-form__save${saving ? ' lp-account-form__save--busy' : ''}`}
          role='button'
          tabIndex={0}
          aria-disabled={saving}
          onClick={() => {
            if (!saving) onSave()
          }}
        >
          {m(saving ? 'saving' : 'save')}
        </View>
      </View>
    </View>
  )
}
