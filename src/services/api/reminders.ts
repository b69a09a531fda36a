import { mutationOptions, queryOptions, type MutationFunctionContext } from '@tanstack/react-query'
import type {
  AddTopUpReminderInput,
  CancelledTopUpReminder,
  SubscribeTopUpReminderInput,
  TopUpReminder,
} from '@contract/reminders'
import { request } from '../http/client'
import { extensionCall } from './extensionAbsent'
import type { CallOptions } from '../http/requestOptions'
import { quietRead } from './quietRead'

// Top-up reminders (issue 20 part 4, docs/reminders.md).

/** The prefix of every reminder query: each change to a reminder reads the list again. */
export const remindersKey = ['lifePay', 'reminders'] as const

/** A change is done once the reminder list shown has read it. */
const refreshReminders = ({ client }: MutationFunctionContext) => client.invalidateQueries({ queryKey: remindersKey })

/** POST /api/LifePay/GetTopUpReminderList */
export function getTopUpReminderList(options: CallOptions = {}): Promise<TopUpReminder[]> {
  return request<TopUpReminder[]>({ ...options, method: 'POST', url: '/api/LifePay/GetTopUpReminderList', data: {} })
}

/** Quiet: the list shows its own loading state; a back end without reminders is no error (useRemindersOffered). */
export const getTopUpReminderListQueryOptions = () =>
  queryOptions({
    queryKey: [...remindersKey, 'list'],
    queryFn: () => getTopUpReminderList(quietRead(extensionCall())),
  })

/** POST /api/LifePay/AddTopUpReminder */
export function addTopUpReminder(input: AddTopUpReminderInput): Promise<TopUpReminder> {
  return request<TopUpReminder>({ method: 'POST', url: '/api/LifePay/AddTopUpReminder', data: input })
}

export const addTopUpReminderMutationOptions = mutationOptions({
  mutationFn: (input: AddTopUpReminderInput) => addTopUpReminder(input),
  onSuccess: (_data, _input, _onMutate, context) => refreshReminders(context),
})

/** POST /api/LifePay/CancelTopUpReminder */
export function cancelTopUpReminder(id: string): Promise<void> {
  return request<void>({ method: 'POST', url: '/api/LifePay/CancelTopUpReminder', data: { id } })
}

export const cancelTopUpReminderMutationOptions = mutationOptions({
  mutationFn: (id: string) => cancelTopUpReminder(id),
  onSuccess: (_data, _input, _onMutate, context) => refreshReminders(context),
})

/** POST /api/LifePay/SubscribeTopUpReminder */
export function subscribeTopUpReminder(input: SubscribeTopUpReminderInput): Promise<TopUpReminder> {
  return request<TopUpReminder>({ method: 'POST', url: '/api/LifePay/SubscribeTopUpReminder', data: input })
}

export const subscribeTopUpReminderMutationOptions = mutationOptions({
  mutationFn: (input: SubscribeTopUpReminderInput) => subscribeTopUpReminder(input),
  onSuccess: (_data, _input, _onMutate, context) => refreshReminders(context),
})

/** POST /api/LifePay/CancelTopUpReminderByToken — no login; the page shows its own error. */
export function cancelTopUpReminderByToken(token: string): Promise<CancelledTopUpReminder> {
  return request<CancelledTopUpReminder>({
    method: 'POST',
    url: '/api/LifePay/CancelTopUpReminderByToken',
    data: { token },
    skipErrorHandler: true,
    showLoading: false,
  })
}

/** Never retried: a refused token stays refused (the page offers its own retry). */
export const cancelTopUpReminderByTokenMutationOptions = mutationOptions({
  mutationFn: (token: string) => cancelTopUpReminderByToken(token),
  retry: false,
  onSuccess: (_data, _input, _onMutate, context) => refreshReminders(context),
})
