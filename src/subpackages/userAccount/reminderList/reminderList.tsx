import LoginRequired from '../../../components/LoginRequired'
import PageFrame from '../../../components/PageFrame'
import ReminderListView from '../components/ReminderListView'
import { accountMessages } from '../messages'
import { withQueryClient } from '../../../withQueryClient'

/** reminderList: the user's top-up reminders (from mine, and after setting one). */
function ReminderList() {
  return (
    <PageFrame titleKey='page.reminderList'>
      <LoginRequired messages={accountMessages}>
        <ReminderListView />
      </LoginRequired>
    </PageFrame>
  )
}

export default withQueryClient(ReminderList)
