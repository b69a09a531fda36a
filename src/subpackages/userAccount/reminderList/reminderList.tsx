import LoginRequired from '../../../components/LoginRequired'
import PageFrame from '../../../components/PageFrame'
import ReminderListView from '../components/ReminderListView'
import { accountMessages } from '../messages'

/** reminderList: the user's top-up reminders (from mine, and after setting one). */
export default function ReminderList() {
  return (
    <PageFrame titleKey='page.reminderList'>
      <LoginRequired messages={accountMessages}>
        <ReminderListView />
      </LoginRequired>
    </PageFrame>
  )
}
