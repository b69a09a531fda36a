import { useQuery } from '@tanstack/react-query'
import { getTopUpReminderListQueryOptions } from '../../../services/api/reminders'
import { isExtensionAbsent } from '../../../services/api/extensionAbsent'

/**
 * Does the back end offer reminders (an extension, issue 36)? Known once the reminder list has answered: "remind me"
 * is drawn only then, so a back end without them never shows a way in that leads nowhere. `asked` false: not read.
 */
export function useRemindersOffered(asked = true): boolean {
  const list = useQuery({ ...getTopUpReminderListQueryOptions(), enabled: asked })
  return list.isSuccess || (list.isError && !isExtensionAbsent(list.error))
}
