import { useRouter } from '@tarojs/taro'
import PageFrame from '../../../components/PageFrame'
import ApplyRefundView from '../components/ApplyRefundView'
import LoginRequired from '../components/LoginRequired'

/** orderApplyRefund?orderNo= */
export default function OrderApplyRefund() {
  const { params } = useRouter()
  return (
    <PageFrame titleKey='page.orderApplyRefund'>
      <LoginRequired>
        <ApplyRefundView orderNo={decodeURIComponent(params.orderNo ?? '')} />
      </LoginRequired>
    </PageFrame>
  )
}
