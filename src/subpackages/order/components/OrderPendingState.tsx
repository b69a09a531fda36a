import Taro from '@tarojs/taro'
import OutlineButton from '../../../components/OutlineButton'
import PageState from '../../../components/PageState'
import { useMessages } from '../../../i18n/messages'
import { pagePath } from '../../../routes'
import type { useOrderDetail } from '../hooks/useOrderDetail'
import { orderMessages } from '../messages'
import { useErrorText } from '../../../hooks/useErrorText'

interface OrderPendingStateProps {
  orderNo: string
  detail: ReturnType<typeof useOrderDetail>
}

/**
 * An order page without its order (yet): "not found" with the way back to the list for an unknown, foreign or missing
 * number; otherwise loading, or the error with a retry.
 */
export default function OrderPendingState({ orderNo, detail }: OrderPendingStateProps) {
  const m = useMessages(orderMessages)
  const describeError = useErrorText()
  if (detail.notFound || orderNo === '') {
    return (
      <PageState
        status='empty'
        emptyText={m('orderNotFound')}
        emptyAction={
          <OutlineButton onClick={() => void Taro.redirectTo({ url: pagePath('order') })}>
            {m('backToOrders')}
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
