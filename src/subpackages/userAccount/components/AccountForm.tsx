import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import type { UserAccount } from '@contract/lifePay'
import LifePayOrderTypeIcon from '../../../components/LifePayOrderTypeIcon'
import { useBottomBar } from '../../../components/bottomBar'
import { fieldError } from '../../../components/lifePayFields/accountFieldErrors'
import { remark as remarkRule } from '@domain/validators'
import { useFieldErrors } from '../../../hooks/useFieldErrors'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { topUpReminderUrl } from '../../../routes'
import { useSaveAccount } from '../hooks/useSaveAccount'
import type { AccountErrorKey, AccountErrors, AccountKindForm } from '../kinds/accountKind'
import { accountMessages } from '../messages'
import { reminderMessages } from '../reminderMessages'
import { useRemindersOffered } from '../hooks/useRemindersOffered'
import RemarkField from './RemarkField'
import './AccountForm.scss'

/** The save bar's height in design units: 20 + the 92 button + 20 (AccountForm.scss). */
const SAVE_BAR_DESIGN_HEIGHT = 132

interface AccountFormProps {
  /** The kind of account; fixed for the form's life (its fields are hooks of the form). */
  kind: AccountKindForm
  /** The saved account being edited; absent when adding one. */
  initial?: UserAccount
}

/**
 * Every saved-account form: what the page is for, the kind's fields and a remark in a card, "Remind me" on an account
 * being edited (as its list card has; a new account has nothing to remind), and the save button.
 */
export default function AccountForm({ kind, initial }: AccountFormProps) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(accountMessages)
  const r = useMessages(reminderMessages)
  const remindersOffered = useRemindersOffered(Boolean(initial))
  const { useFields } = kind
  const [remark, setRemark] = useState(initial?.remark ?? '')
  const fieldErrors = useFieldErrors<AccountErrorKey>()
  const { errors, setErrors, clear } = fieldErrors
  const account = useFields(initial, fieldErrors)
  const { saveAndLeave, saving } = useSaveAccount()
  useBottomBar(SAVE_BAR_DESIGN_HEIGHT)

  const onSave = async () => {
    const { errors: next, content } = account.check()
    const shown: AccountErrors = { ...next, remark: fieldError(remark, [remarkRule], locale) }
    setErrors(shown)
    if (Object.values(shown).some(Boolean) || !content) return
    await saveAndLeave(
      { id: initial?.id, lifePayType: kind.type, ...content, remark: remark.trim() },
      m('saved'),
      (message) => setErrors({ [kind.refusedAt]: message }),
    )
  }

  return (
    <View className='lp-account-form'>
      <View className='lp-account-form__intro'>
        <LifePayOrderTypeIcon type={kind.type} />
        <Text className='lp-account-form__intro-text'>{m(kind.intro)}</Text>
      </View>
      <View className='lp-account-form__card'>
        {account.fields}
        <RemarkField
          value={remark}
          error={errors.remark}
          onChange={(value) => {
            setRemark(value)
            clear('remark')
          }}
        />
      </View>
      {initial && remindersOffered ? (
        <View
          className='lp-account-form__remind'
          role='button'
          tabIndex={0}
          onClick={() => void Taro.navigateTo({ url: topUpReminderUrl(initial.id) })}
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
            if (!saving) void onSave()
          }}
        >
          {m(saving ? 'saving' : 'save')}
        </View>
      </View>
    </View>
  )
}
