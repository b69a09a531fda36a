import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useMutation, useQuery } from '@tanstack/react-query'
import PageState from '../../../components/PageState'
import { showToast } from '../../../components/toastStore'
import { maskLifePayAccount } from '@domain/mask'
import { formatReminderTime, ReminderKind, reminderWhenText } from '@domain/reminderSchedule'
import { useErrorText } from '../../../hooks/useErrorText'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { useNotificationSubscribe } from '../../../hooks/useNotificationSubscribe'
import { LifePayNotificationEvent } from '@domain/lifePayNotification'
import type { SubscribeAnswer } from '../../../platform/subscribePrompt'
import { accountListUrl } from '../../../routes'
import {
  cancelTopUpReminderMutationOptions,
  getTopUpReminderListQueryOptions,
  subscribeTopUpReminderMutationOptions,
} from '../../../services/api/reminders'
import type { TopUpReminder } from '@contract/reminders'
import { reminderMessages } from '../reminderMessages'
import { isExtensionAbsent } from '../../../services/api/extensionAbsent'
import './ReminderList.scss'

const REMINDER_EVENTS = [LifePayNotificationEvent.TopUpReminder] as const

/** The user's reminders: when each next falls due, a one-tap cancel (the safe direction: no confirmation). */
export default function ReminderListView() {
  const m = useMessages(reminderMessages)
  const locale = useLocaleStore((s) => s.locale)
  const describeError = useErrorText()
  const reminders = useQuery(getTopUpReminderListQueryOptions())
  const cancel = useMutation(cancelTopUpReminderMutationOptions)
  const subscribe = useNotificationSubscribe(REMINDER_EVENTS)
  const resubscribe = useMutation(subscribeTopUpReminderMutationOptions)
  const resubscribeWith = (id: string, subscription: SubscribeAnswer | undefined) => {
    if (!subscription) return
    resubscribe.mutate(
      { id, subscription },
      { onSuccess: () => subscription.decision === 'accept' && showToast('success', m('resubscribed')) },
    )
  }
  const list = reminders.data ?? []
  // A back end without reminders (issue 36): said plainly, no error and no retry.
  const absent = reminders.isError && isExtensionAbsent(reminders.error)
  const failed = reminders.isError && !absent
  const status = reminders.isPending ? 'loading' : failed ? 'error' : list.length === 0 ? 'empty' : 'ready'

  const line = (reminder: TopUpReminder) => {
    const threshold = reminder.threshold === null ? null : reminder.threshold.toFixed(2)
    return reminderWhenText(reminder.kind, reminder.dayOfMonth, threshold, locale)
  }
  const next = (reminder: TopUpReminder) =>
    reminder.nextRunTime
      ? m(reminder.kind === ReminderKind.LowBalance ? 'nextCheck' : 'next', {
          time: formatReminderTime(new Date(reminder.nextRunTime), locale),
        })
      : ''
  const masked = (reminder: TopUpReminder) => maskLifePayAccount(reminder.lifePayOrderType, reminder.account)

  return (
    <View className='lp-reminder-list'>
      <PageState
        status={status}
        errorText={describeError(reminders.error)}
        onRetry={() => void reminders.refetch()}
        emptyText={m(absent ? 'notOffered' : 'listEmpty')}
        emptyAction={
          absent ? undefined : (
            <View
              className='lp-state__action'
              role='button'
              tabIndex={0}
              onClick={() => void Taro.navigateTo({ url: accountListUrl() })}
            >
              {m('toAccounts')}
            </View>
          )
        }
      >
        <View role='list'>
          {list.map((reminder) => (
            <View key={reminder.id} className='lp-reminder-card' role='listitem' data-reminder-id={reminder.id}>
              <Text className='lp-reminder-card__title'>{reminder.remark || masked(reminder)}</Text>
              {reminder.remark ? <Text className='lp-reminder-card__line'>{masked(reminder)}</Text> : null}
              <Text className='lp-reminder-card__line'>{line(reminder)}</Text>
              <Text className='lp-reminder-card__line'>{next(reminder)}</Text>
              {reminder.needsSubscription ? (
                <Text className='lp-reminder-card__warn'>{m('needsSubscription')}</Text>
              ) : null}
              <View className='lp-reminder-card__actions'>
                {reminder.needsSubscription ? (
                  <View
                    className='lp-reminder-card__action lp-reminder-card__action--primary'
                    role='button'
                    tabIndex={0}
                    onClick={() =>
                      // Asked first thing in the tap, as both hosts require.
                      void subscribe.ask().then((answers) => resubscribeWith(reminder.id, answers[0]))
                    }
                  >
                    {m('resubscribe')}
                  </View>
                ) : null}
                <View
                  className='lp-reminder-card__action'
                  role='button'
                  tabIndex={0}
                  onClick={() =>
                    !cancel.isPending &&
                    cancel.mutate(reminder.id, { onSuccess: () => showToast('success', m('cancelled')) })
                  }
                >
                  {m('cancel')}
                </View>
              </View>
            </View>
          ))}
        </View>
        <Text className='lp-reminder-list__note'>{m('noCharge')}</Text>
      </PageState>
    </View>
  )
}
