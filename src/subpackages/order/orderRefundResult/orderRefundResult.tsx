import { useRouter } from '@tarojs/taro'
import PageFrame from '../../../components/PageFrame'
import LoginRequired from '../components/LoginRequired'
import RefundResultView from '../components/RefundResultView'

/** orderRefundResult?orderNo= */
export default function OrderRefundResult() {
  const { params } = useRouter()
  return (
    <PageFrame titleKey='page.orderRefundResult'>
      <LoginRequired>
        <RefundResultView orderNo={decodeURIComponent(params.orderNo ?? '')} />
      </LoginRequired>
    </PageFrame>
  )
}
