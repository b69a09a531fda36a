import Taro from '@tarojs/taro'
import type { ReactNode } from 'react'
import OutlineButton from '../../../components/OutlineButton'
import PageState from '../../../components/PageState'
import type { LifePayOrderType } from '@domain/lifePayOrderType'
import { useMessages } from '../../../i18n/messages'
import { accountListUrl } from '../../../routes'
import type { UserAccount } from '@contract/lifePay'
import { useAccountDetail } from '../hooks/useAccountDetail'
import { accountMessages } from '../messages'
import { useErrorText } from '../../../hooks/useErrorText'

interface EditAccountViewProps {
  type: LifePayOrderType
  /** `?id=`: update that account; absent: add one. */
  id?: string
  form: (initial: UserAccount | undefined) => ReactNode
}

/** Adds, or loads the account by id to update it; an unknown id (or another type's) says so. */
export default function EditAccountView({ type, id, form }: EditAccountViewProps) {
  const m = useMessages(accountMessages)
  const describeError = useErrorText()
  const detail = useAccountDetail(id)
  if (!id) return <>{form(undefined)}</>
  if (detail.data && detail.data.lifePayType === type) return <>{form(detail.data)}</>
  if (detail.data || detail.notFound) {
    return (
      <PageState
        status='empty'
        emptyText={m('accountNotFound')}
        emptyAction={
          <OutlineButton onClick={() => void Taro.redirectTo({ url: accountListUrl(type) })}>
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
