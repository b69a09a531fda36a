import { useOrderDetail } from '../hooks/useOrderDetail'
import OrderDetailContent from './OrderDetailContent'
import OrderPendingState from './OrderPendingState'

/** The order page opened with `?orderNo=`: one order, or "not found" for an unknown or foreign number. */
export default function OrderDetailView({ orderNo }: { orderNo: string }) {
  const detail = useOrderDetail(orderNo)
  if (detail.data) return <OrderDetailContent order={detail.data} />
  return <OrderPendingState orderNo={orderNo} detail={detail} />
}
