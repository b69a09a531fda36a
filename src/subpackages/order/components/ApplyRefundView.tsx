import Taro from '@tarojs/taro'
import OutlineButton from '../../../components/OutlineButton'
import PageState from '../../../components/PageState'
import { useMessages } from '../../../i18n/messages'
import { orderDetailUrl } from '../../../routes'
import { useApplyRefund } from '../hooks/useApplyRefund'
import { useOrderDetail } from '../hooks/useOrderDetail'
import { orderMessages } from '../messages'
import OrderPendingState from './OrderPendingState'
import RefundForm from './RefundForm'

/** orderApplyRefund: the form for an order that may be refunded; otherwise why not and the way back. */
export default function ApplyRefundView({ orderNo }: { orderNo: string }) {
  const m = useMessages(orderMessages)
  const detail = useOrderDetail(orderNo)
  const refund = useApplyRefund()
  const order = detail.data
  // Once sent, the refetched order no longer allows a refund: keep the form until the result page opens.
  if (order && (order.canApplyRefund || refund.busy)) return <RefundForm order={order} refund={refund} />
  if (!order) return <OrderPendingState orderNo={orderNo} detail={detail} />
  return (
    <PageState
      status='empty'
      emptyText={m('refundNotAllowed')}
      emptyAction={
        <OutlineButton onClick={() => void Taro.redirectTo({ url: orderDetailUrl(orderNo) })}>
          {m('viewOrder')}
        </OutlineButton>
      }
    />
  )
}
