import Taro from '@tarojs/taro'
import OutlineButton from '../../../components/OutlineButton'
import PageState from '../../../components/PageState'
import { useMessages } from '../../../i18n/messages'
import { pagePath } from '../../../routes'
import { useOrderDetail } from '../hooks/useOrderDetail'
import { orderMessages } from '../messages'
import OrderDetailContent from './OrderDetailContent'

/** The order page opened with `?orderNo=`: one order, or "not found" for an unknown or foreign number. */
export default function OrderDetailView({ orderNo }: { orderNo: string }) {
  const m = useMessages(orderMessages)
  const detail = useOrderDetail(orderNo)
  if (detail.data) return <OrderDetailContent order={detail.data} />
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
      errorText={detail.error?.message}
      onRetry={() => void detail.refetch()}
    />
  )
}
