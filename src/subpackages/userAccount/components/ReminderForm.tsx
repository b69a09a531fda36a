import { Input, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useMutation } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { showToast } from '../../../components/toastStore'
import { LifePayNotificationChannel, LifePayNotificationEvent } from '@domain/lifePayNotification'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { maskLifePayAccount } from '@domain/mask'
import { DECIMAL_2_PATTERN } from '@domain/validators'
import { reminderConsentText, ReminderKind } from '@domain/reminderSchedule'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { useNotificationSubscribe } from '../../../hooks/useNotificationSubscribe'
import { currentRuntimeHost } from '../../../platform/platform'
import { subscribeChannelOf, type SubscribeAnswer } from '../../../platform/subscribePrompt'
import { pagePath } from '../../../routes'
import { addTopUpReminderMutationOptions } from '../../../services/api/reminders'
import type { UserAccount } from '@contract/lifePay'
import { reminderMessages, type ReminderMessageKey } from '../reminderMessages'
import DayOfMonthPicker from './DayOfMonthPicker'
import './ReminderForm.scss'

const REMINDER_EVENTS = [LifePayNotificationEvent.TopUpReminder] as const

const CHANNEL_KEYS: Record<LifePayNotificationChannel, ReminderMessageKey> = {
  [LifePayNotificationChannel.Sms]: 'channelSms',
  [LifePayNotificationChannel.Wechat]: 'channelWechat',
  [LifePayNotificationChannel.Alipay]: 'channelAlipay',
}

/**
 * A reminder on one saved account: a day of the month (or, for electricity and gas, a balance threshold), the channel
 * of this platform, and the consent — never pre-ticked, its words stored with the time by the server.
 */
export default function ReminderForm({ account }: { account: UserAccount }) {
  const m = useMessages(reminderMessages)
  const locale = useLocaleStore((s) => s.locale)
  const hasBalance = account.lifePayType !== LifePayOrderType.Phone
  const [kind, setKind] = useState<ReminderKind>(ReminderKind.MonthlyDay)
  const [day, setDay] = useState(new Date().getDate())
  const [threshold, setThreshold] = useState('')
  const [consent, setConsent] = useState(false)
  // The host's one-time subscribe message on the mini-programs; SMS on H5.
  const channel = subscribeChannelOf(currentRuntimeHost()) ?? LifePayNotificationChannel.Sms
  const subscribe = useNotificationSubscribe(REMINDER_EVENTS)
  const consentText = reminderConsentText[locale].consent

  // One save per tap from the prompt to the list: the host's prompt comes before the call, and after the save the
  // form stays on screen until the list replaces it; a second tap in either gap sent a second reminder (refused by
  // the server as a duplicate, its error shown on the way out).
  const busy = useRef(false)
  const save = useMutation(addTopUpReminderMutationOptions)
  // A refusal still saves the reminder, which the list then offers to subscribe again.
  const saveWith = (subscription: SubscribeAnswer | null) =>
    save.mutate(
      {
        userAccountId: account.id,
        kind,
        ...(kind === ReminderKind.MonthlyDay ? { dayOfMonth: day } : { threshold: Number(threshold) }),
        channel,
        consent,
        consentText,
        ...(subscription ? { subscription } : {}),
      },
      {
        onSuccess: async () => {
          showToast('success', m('saved'))
          await Taro.redirectTo({ url: pagePath('reminderList') }).catch(() => (busy.current = false))
        },
        onError: () => (busy.current = false),
      },
    )

  const onSave = () => {
    if (busy.current) return
    if (!consent) return showToast('error', m('consentNeeded'))
    if (kind === ReminderKind.LowBalance && !(DECIMAL_2_PATTERN.test(threshold) && Number(threshold) > 0)) {
      return showToast('error', m('thresholdInvalid'))
    }
    busy.current = true
    // Asked first thing in the tap, as both hosts require.
    void subscribe.ask().then(
      (answers) => saveWith(answers[0] ?? null),
      () => (busy.current = false),
    )
  }

  const masked = maskLifePayAccount(account.lifePayType, account.content)
  return (
    <View className='lp-reminder-form'>
      <View className='lp-reminder-form__account'>
        <Text className='lp-reminder-form__remark'>{account.remark || masked}</Text>
        {account.remark ? <Text className='lp-reminder-form__number'>{masked}</Text> : null}
      </View>
      {hasBalance ? (
        <View className='lp-reminder-form__kinds' role='radiogroup'>
          {[ReminderKind.MonthlyDay, ReminderKind.LowBalance].map((value) => (
            <View
              key={value}
              className={`lp-reminder-form__kind${kind === value ? ' lp-reminder-form__kind--on' : ''}`}
              role='radio'
              aria-checked={kind === value}
              tabIndex={0}
              onClick={() => setKind(value)}
            >
              {m(value === ReminderKind.MonthlyDay ? 'kindMonthly' : 'kindLowBalance')}
            </View>
          ))}
        </View>
      ) : null}
      {kind === ReminderKind.MonthlyDay ? (
        <View className='lp-reminder-form__field'>
          <Text className='lp-reminder-form__label'>{m('dayLabel')}</Text>
          <DayOfMonthPicker
            day={day}
            onChange={setDay}
            label={m('dayLabel')}
            dayText={(value) => m('dayValue', { day: value })}
          />
          <Text className='lp-reminder-form__hint'>{m('dayHint')}</Text>
        </View>
      ) : (
        <View className='lp-reminder-form__field'>
          <Text className='lp-reminder-form__label'>{m('thresholdLabel')}</Text>
          <Input
            className='lp-reminder-form__input'
            type='digit'
            value={threshold}
            placeholder={m('thresholdPlaceholder')}
            onInput={(e) => setThreshold(e.detail.value)}
          />
        </View>
      )}
      <View className='lp-reminder-form__field'>
        <Text className='lp-reminder-form__channel'>{m(CHANNEL_KEYS[channel])}</Text>
      </View>
      <View
        className='lp-reminder-form__consent'
        role='checkbox'
        tabIndex={0}
        aria-checked={consent}
        onClick={() => setConsent(!consent)}
      >
        <View className={`lp-reminder-form__box${consent ? ' lp-reminder-form__box--on' : ''}`} />
        <Text className='lp-reminder-form__consent-text'>{consentText}</Text>
      </View>
      {/* Dimmed until the consent is ticked, yet not disabled: the tap says what is missing. */}
      <View
        className={`lp-reminder-form__save${consent ? '' : ' lp-reminder-form__save--off'}`}
        role='button'
        tabIndex={0}
        onClick={onSave}
      >
        {save.isPending ? m('saving') : m('save')}
      </View>
    </View>
  )
}
