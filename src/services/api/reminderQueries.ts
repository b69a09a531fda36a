import { queryOptions } from '@tanstack/react-query'
import { queryKeys } from '../queryKeys'
import { getTopUpReminderList } from './reminders'

// Beside reminders.ts, not in it, so that tests replacing an endpoint function on that module replace it here too.

/** POST /api/LifePay/GetTopUpReminderList — quiet: the list shows its own loading state. */
export const getTopUpReminderListQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.reminders, queryFn: () => getTopUpReminderList({ showLoading: false }) })
