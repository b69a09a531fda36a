import Taro from '@tarojs/taro'
import OutlineButton from '../../../components/OutlineButton'
import PageState from '../../../components/PageState'
import { useMessages } from '../../../i18n/messages'
import { accountListUrl } from '../../../routes'
import { useAccountDetail } from '../hooks/useAccountDetail'
import type { AccountKindForm } from '../kinds/accountKind'
import { accountMessages } from '../messages'
import { useErrorText } from '../../../hooks/useErrorText'
import AccountForm from './AccountForm'

interface EditAccountViewProps {
  kind: AccountKindForm
  /** `?id=`: update that account; absent: add one. */
  id?: string
}

/** Adds, or loads the account by id to update it; an unknown id (or another type's) says so. */
export default function EditAccountView({ kind, id }: EditAccountViewProps) {
  const m = useMessages(accountMessages)
  const describeError = useErrorText()
  const detail = useAccountDetail(id)
  if (!id) return <AccountForm key='new' kind={kind} />
  if (detail.data && detail.data.lifePayType === kind.type) {
    return <AccountForm key={detail.data.id} kind={kind} initial={detail.data} />
  }
  if (detail.data || detail.notFound) {
    return (
      <PageState
        status='empty'
        emptyText={m('accountNotFound')}
        emptyAction={
          <OutlineButton onClick={() => void Taro.redirectTo({ url: accountListUrl(kind.type) })}>
            {m('backToList')}
          </OutlineButton>
        }
      />
    )
  }
  return (
    <PageState
      status={detail.isError ? 'error' : 'loading'}
      errorText={describeError(detail.error)}
      onRetry={() => void detail.refetch()}
    />
  )
}
