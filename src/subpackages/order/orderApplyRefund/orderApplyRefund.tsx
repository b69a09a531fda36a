import { useRouter } from '@tarojs/taro'
import LoginRequired from '../../../components/LoginRequired'
import PageFrame from '../../../components/PageFrame'
import ApplyRefundView from '../components/ApplyRefundView'
import { orderMessages } from '../messages'
import { withQueryClient } from '../../../withQueryClient'

/** orderApplyRefund?orderNo= */
function OrderApplyRefund() {
  const { params } = useRouter()
  return (
    <PageFrame titleKey='page.orderApplyRefund'>
      <LoginRequired messages={orderMessages}>
        <ApplyRefundView orderNo={decodeURIComponent(params.orderNo ?? '')} />
      </LoginRequired>
    </PageFrame>
  )
}

export default withQueryClient(OrderApplyRefund)
