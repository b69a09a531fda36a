import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useMutation } from '@tanstack/react-query'
import { useEffect } from 'react'
import PageFrame from '../../../components/PageFrame'
import PageState from '../../../components/PageState'
import { useErrorText } from '../../../hooks/useErrorText'
import { useMessages } from '../../../i18n/messages'
import { cancelTopUpReminderByTokenMutationOptions } from '../../../services/api/reminders'
import { reminderMessages } from '../reminderMessages'
import './cancelReminder.scss'
import { withQueryClient } from '../../../withQueryClient'

/**
 * cancelReminder?token=: opened from a reminder message's link; cancels at once, without login (the token is the
 * permission), and says what it cancelled. Opening it again says the same.
 */
function CancelReminder() {
  const { params } = useRouter()
  const token = params.token ?? ''
  const m = useMessages(reminderMessages)
  const describeError = useErrorText()
  const cancel = useMutation(cancelTopUpReminderByTokenMutationOptions)
  const { mutate } = cancel
  useEffect(() => {
    if (token) mutate(token)
  }, [token, mutate])
  const status = !token ? 'error' : cancel.isError ? 'error' : cancel.isSuccess ? 'ready' : 'loading'
  return (
    <PageFrame titleKey='page.cancelReminder'>
      <PageState
        status={status}
        errorText={token ? describeError(cancel.error) || m('cancelFailed') : m('cancelFailed')}
        onRetry={token ? () => mutate(token) : undefined}
      >
        <View className='lp-cancel-reminder' role='status'>
          <Text className='lp-cancel-reminder__title'>{m('cancelled')}</Text>
          <Text className='lp-cancel-reminder__text'>
            {m('cancelDone', { account: cancel.data?.maskedAccount ?? '' })}
          </Text>
        </View>
      </PageState>
    </PageFrame>
  )
}

export default withQueryClient(CancelReminder)
