import { useRouter } from '@tarojs/taro'
import PageFrame from '../../../components/PageFrame'
import RechargeResultView from '../components/RechargeResultView'
import { usePageVisible } from '../hooks/usePageVisible'
import { withQueryClient } from '../../../withQueryClient'

function RechargeGasResult() {
  const { params } = useRouter()
  const visible = usePageVisible()
  return (
    <PageFrame titleKey='page.rechargeGasResult'>
      <RechargeResultView orderNo={params.orderNo ?? ''} kind='gas' visible={visible} />
    </PageFrame>
  )
}

export default withQueryClient(RechargeGasResult)
