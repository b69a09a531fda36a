import { useRouter } from '@tarojs/taro'
import PageFrame from '../../../components/PageFrame'
import RechargeResultView from '../components/RechargeResultView'
import { usePageVisible } from '../hooks/usePageVisible'
import { withQueryClient } from '../../../withQueryClient'

function RechargeResult() {
  const { params } = useRouter()
  const visible = usePageVisible()
  return (
    <PageFrame titleKey='page.rechargeResult'>
      <RechargeResultView orderNo={params.orderNo ?? ''} kind='phone' visible={visible} />
    </PageFrame>
  )
}

export default withQueryClient(RechargeResult)
