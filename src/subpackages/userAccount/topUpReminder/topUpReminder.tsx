import { useRouter } from '@tarojs/taro'
import LoginRequired from '../../../components/LoginRequired'
import PageFrame from '../../../components/PageFrame'
import PageState from '../../../components/PageState'
import { useErrorText } from '../../../hooks/useErrorText'
import { useMessages } from '../../../i18n/messages'
import ReminderForm from '../components/ReminderForm'
import { useAccountDetail } from '../hooks/useAccountDetail'
import { accountMessages } from '../messages'
import { withQueryClient } from '../../../withQueryClient'

/** topUpReminder?accountId=: set a top-up reminder on that saved account. */
function TopUpReminder() {
  const { params } = useRouter()
  return (
    <PageFrame titleKey='page.topUpReminder'>
      <LoginRequired messages={accountMessages}>
        <ReminderAccount id={params.accountId} />
      </LoginRequired>
    </PageFrame>
  )
}

function ReminderAccount({ id }: { id?: string }) {
  const m = useMessages(accountMessages)
  const describeError = useErrorText()
  const detail = useAccountDetail(id)
  if (detail.data) return <ReminderForm account={detail.data} />
  if (!id || detail.notFound) return <PageState status='empty' emptyText={m('accountNotFound')} />
  return (
    <PageState
      status={detail.isError ? 'error' : 'loading'}
      errorText={describeError(detail.error)}
      onRetry={() => void detail.refetch()}
    />
  )
}

export default withQueryClient(TopUpReminder)
