import { useRouter } from '@tarojs/taro'
import LoginRequired from '../../../components/LoginRequired'
import PageFrame from '../../../components/PageFrame'
import OrderDetailView from '../components/OrderDetailView'
import OrderListView from '../components/OrderListView'
import { orderMessages } from '../messages'
import { withQueryClient } from '../../../withQueryClient'

/** My orders; with `?orderNo=` the same page shows that order's detail (docs/orders.md). */
function Order() {
  const { params } = useRouter()
  const orderNo = params.orderNo
  return (
    <PageFrame titleKey='page.order'>
      <LoginRequired messages={orderMessages}>
        {orderNo === undefined ? <OrderListView /> : <OrderDetailView orderNo={decodeURIComponent(orderNo)} />}
      </LoginRequired>
    </PageFrame>
  )
}

export default withQueryClient(Order)
