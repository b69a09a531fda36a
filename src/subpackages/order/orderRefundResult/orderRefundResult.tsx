import { useRouter } from '@tarojs/taro'
import LoginRequired from '../../../components/LoginRequired'
import PageFrame from '../../../components/PageFrame'
import RefundResultView from '../components/RefundResultView'
import { orderMessages } from '../messages'
import { withQueryClient } from '../../../withQueryClient'

/** orderRefundResult?orderNo= */
function OrderRefundResult() {
  const { params } = useRouter()
  return (
    <PageFrame titleKey='page.orderRefundResult'>
      <LoginRequired messages={orderMessages}>
        <RefundResultView orderNo={decodeURIComponent(params.orderNo ?? '')} />
      </LoginRequired>
    </PageFrame>
  )
}

export default withQueryClient(OrderRefundResult)
