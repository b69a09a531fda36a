import { useRouter } from '@tarojs/taro'
import PageFrame from '../../../components/PageFrame'
import LoginRequired from '../components/LoginRequired'
import OrderDetailView from '../components/OrderDetailView'
import OrderListView from '../components/OrderListView'

/** My orders; with `?orderNo=` the same page shows that order's detail (docs/orders.md). */
export default function Order() {
  const { params } = useRouter()
  const orderNo = params.orderNo
  return (
    <PageFrame titleKey='page.order'>
      <LoginRequired>
        {orderNo === undefined ? <OrderListView /> : <OrderDetailView orderNo={decodeURIComponent(orderNo)} />}
      </LoginRequired>
    </PageFrame>
  )
}
