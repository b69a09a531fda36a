import type {
  AddTopUpReminderInput,
  CancelledTopUpReminder,
  SubscribeTopUpReminderInput,
  TopUpReminder,
} from '@contract/reminders'
import { request } from '../http/client'
import type { CallOptions } from '../http/requestOptions'

// Top-up reminders (issue 20 part 4): one function per endpoint; the list's query options in reminderQueries.ts.

/** POST /api/LifePay/AddTopUpReminder */
export function addTopUpReminder(input: AddTopUpReminderInput): Promise<TopUpReminder> {
  return request<TopUpReminder>({ method: 'POST', url: '/api/LifePay/AddTopUpReminder', data: input })
}

/** POST /api/LifePay/GetTopUpReminderList */
export function getTopUpReminderList(options: CallOptions = {}): Promise<TopUpReminder[]> {
  return request<TopUpReminder[]>({ ...options, method: 'POST', url: '/api/LifePay/GetTopUpReminderList', data: {} })
}

/** POST /api/LifePay/CancelTopUpReminder */
export function cancelTopUpReminder(id: string): Promise<void> {
  return request<void>({ method: 'POST', url: '/api/LifePay/CancelTopUpReminder', data: { id } })
}

/** POST /api/LifePay/SubscribeTopUpReminder */
export function subscribeTopUpReminder(input: SubscribeTopUpReminderInput): Promise<TopUpReminder> {
  return request<TopUpReminder>({ method: 'POST', url: '/api/LifePay/SubscribeTopUpReminder', data: input })
}

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
