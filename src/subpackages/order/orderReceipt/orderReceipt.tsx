import { useRouter } from '@tarojs/taro'
import LoginRequired from '../../../components/LoginRequired'
import PageFrame from '../../../components/PageFrame'
import ReceiptView from '../components/ReceiptView'
import { orderMessages } from '../messages'
import { withQueryClient } from '../../../withQueryClient'

/** orderReceipt?orderNo= (issue 20, item 5) */
function OrderReceipt() {
  const { params } = useRouter()
  return (
    <PageFrame titleKey='page.orderReceipt'>
      <LoginRequired messages={orderMessages}>
        <ReceiptView orderNo={decodeURIComponent(params.orderNo ?? '')} />
      </LoginRequired>
    </PageFrame>
  )
}

export default withQueryClient(OrderReceipt)
